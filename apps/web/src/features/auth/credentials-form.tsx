import { type FormEvent, useState } from 'react';

export interface CredentialsValues {
  username: string;
  password: string;
  expireLong: boolean;
}

export function CredentialsForm({
  initial,
  busy,
  onSubmit,
}: {
  initial: CredentialsValues;
  busy: boolean;
  onSubmit: (values: CredentialsValues) => void;
}) {
  const [username, setUsername] = useState(initial.username);
  const [password, setPassword] = useState(initial.password);
  const [expireLong, setExpireLong] = useState(initial.expireLong);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit({ username, password, expireLong });
  };

  return (
    <form className="form-stack" onSubmit={submit} aria-label="Sign in">
      <label className="field">
        <span className="field-label">Email or username</span>
        <input
          className="input"
          name="username"
          type="text"
          autoComplete="username"
          autoFocus
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
      </label>
      <label className="field">
        <span className="field-label">Password</span>
        <input
          className="input"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <label className="checkbox">
        <input type="checkbox" name="expireLong" checked={expireLong} onChange={(event) => setExpireLong(event.target.checked)} />
        Keep me signed in
      </label>
      <button className="button button-primary button-block" type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
