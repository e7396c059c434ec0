import { type FormEvent, useState } from 'react';
import type { CaptchaChallenge } from './sign-in.machine';

export function CaptchaForm({
  captcha,
  busy,
  onSubmit,
  onBack,
}: {
  captcha: CaptchaChallenge;
  busy: boolean;
  onSubmit: (answer: string) => void;
  onBack: () => void;
}) {
  const [answer, setAnswer] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit(answer);
  };

  return (
    <form className="form-stack" onSubmit={submit} aria-label="Security check">
      <div className="alert alert-info">Too many failed attempts. Answer the question to continue.</div>
      <div className="captcha-question" aria-label="Security question">
        {captcha.question}
      </div>
      <label className="field">
        <span className="field-label">Your answer</span>
        <input
          className="input"
          name="captchaAnswer"
          autoComplete="off"
          autoFocus
          required
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
        />
      </label>
      <div className="form-actions">
        <button className="button button-link" type="button" onClick={onBack} disabled={busy}>
          Back
        </button>
        <button className="button button-primary" type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Continue'}
        </button>
      </div>
    </form>
  );
}
