import { type FormEvent, useState } from 'react';

export function TwoFactorForm({
  busy,
  onSubmit,
  onBack,
}: {
  busy: boolean;
  onSubmit: (values: { verificationCode: string; rememberTwoFactor: boolean }) => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit({ verificationCode: code, rememberTwoFactor: remember });
  };

  return (
    <form className="form-stack" onSubmit={submit} aria-label="Two-factor authentication">
      <div className="alert alert-info">Enter the 6-digit code from your authenticator app.</div>
      <label className="field">
        <span className="field-label">Verification code</span>
        <input
          className="input input-code"
          name="verificationCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          autoFocus
          required
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
      </label>
      <label className="checkbox">
        <input type="checkbox" name="rememberTwoFactor" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        Remember this device
      </label>
      <div className="form-actions">
        <button className="button button-link" type="button" onClick={onBack} disabled={busy}>
          Back
        </button>
        <button className="button button-primary" type="submit" disabled={busy || code.length !== 6}>
          {busy ? 'Verifying…' : 'Verify'}
        </button>
      </div>
    </form>
  );
}
