import { useActor } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { useAppServices } from '../../app-services';
import { paths } from '../../paths';
import { parseQuery, queryString } from '../../shared/query/query-string';
import { Brand } from '../../shared/ui/brand';
import { ErrorAlert } from '../../shared/ui/error-alert';
import { PageLoading } from '../../shared/ui/page-loading';
import { CaptchaForm } from './captcha-form';
import { CredentialsForm } from './credentials-form';
import { fingerprint } from './fingerprint';
import { LinkedUserPicker } from './linked-user-picker';
import { safeRedirectPath } from './redirect-path';
import { signInMachine } from './sign-in.machine';
import { TwoFactorForm } from './two-factor-form';

function useFingerprint(): string | null {
  const [value, setValue] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void fingerprint().then((computed) => {
      if (live) setValue(computed);
    });
    return () => {
      live = false;
    };
  }, []);
  return value;
}

type VisibleStep = 'credentials' | 'twoFactor' | 'captcha' | 'multiUser';

/** Which form the page shows: a request in flight keeps the form it was sent from. */
function visibleStepOf(snapshot: SnapshotFrom<typeof signInMachine>): VisibleStep {
  if (snapshot.matches('multiUser')) return 'multiUser';
  if (snapshot.matches('twoFactor')) return 'twoFactor';
  if (snapshot.matches('captcha')) return 'captcha';
  if (snapshot.matches('signedIn') && snapshot.context.multiUser) return 'multiUser';
  if (snapshot.matches('submitting') || snapshot.matches('signedIn')) return snapshot.context.step;
  return 'credentials';
}

const SUBTITLES: Record<VisibleStep, string> = {
  credentials: 'Sign in with your automation platform account.',
  twoFactor: 'Two-factor authentication is on for this account.',
  captcha: 'One more check before we continue.',
  multiUser: 'Choose the account to open.',
};

/** /login: credentials, then a two-factor code or a captcha when asked, then back to `redirectPath`. */
export function SignInPage() {
  const { auth, authApi, cookies } = useAppServices();
  const navigate = useNavigate();
  const location = useLocation();
  const redirectPath = safeRedirectPath(queryString(parseQuery(location.search).redirectPath), window.location.origin) ?? paths.root;
  const fingerPrint = useFingerprint();
  const [logic] = useState(() =>
    signInMachine.provide({
      actors: {
        signIn: fromPromise(({ input }) => authApi.signIn(input)),
        listLinkedUsers: fromPromise(({ input }) => authApi.listLinkedUsers(input.multiUserToken)),
        getLinkedUserToken: fromPromise(({ input }) => authApi.getLinkedUserToken(input.multiUserToken, input.user)),
      },
      actions: {
        keepMultiUserSession: (_, { session }) => cookies.saveMultiUser(session),
        forgetMultiUserSession: () => cookies.clearMultiUser(),
      },
    }),
  );
  const [snapshot, send] = useActor(logic);
  const { context } = snapshot;

  useEffect(() => {
    if (snapshot.status !== 'done' || !snapshot.output) return;
    auth.actor.send({ type: 'SIGNED_IN', session: snapshot.output });
    navigate(redirectPath, { replace: true });
  }, [snapshot.status, snapshot.output, auth, navigate, redirectPath]);

  const submitting = snapshot.matches('submitting') || snapshot.matches('signedIn');
  const visibleStep = visibleStepOf(snapshot);

  return (
    <main className="sign-in-page">
      <section className="sign-in-card" aria-labelledby="sign-in-title">
        <Brand />
        <h1 id="sign-in-title" className="sign-in-title">
          {visibleStep === 'multiUser' ? 'Choose an account' : 'Sign in'}
        </h1>
        <p className="sign-in-subtitle">{SUBTITLES[visibleStep]}</p>
        <div className="form-stack">
          <ErrorAlert message={context.error} />
          {visibleStep === 'credentials' && (
            <CredentialsForm
              initial={{ username: context.username, password: context.password, expireLong: context.expireLong }}
              busy={submitting}
              onSubmit={(values) => send({ type: 'SUBMIT_CREDENTIALS', ...values, fingerPrint })}
            />
          )}
          {visibleStep === 'twoFactor' && (
            <TwoFactorForm
              busy={submitting}
              onSubmit={(values) => send({ type: 'SUBMIT_CODE', ...values })}
              onBack={() => send({ type: 'BACK' })}
            />
          )}
          {visibleStep === 'captcha' && context.captcha && (
            <CaptchaForm
              key={context.captcha.id}
              captcha={context.captcha}
              busy={submitting}
              onSubmit={(answer) => send({ type: 'SUBMIT_CAPTCHA', answer })}
              onBack={() => send({ type: 'BACK' })}
            />
          )}
          {visibleStep === 'multiUser' &&
            (snapshot.matches({ multiUser: 'choosingUser' }) ? (
              <>
                <LinkedUserPicker users={context.linkedUsers} busy={false} onChoose={(user) => send({ type: 'CHOOSE_USER', user })} />
                <button className="button button-link" type="button" onClick={() => send({ type: 'BACK' })}>
                  Use another sign-in
                </button>
              </>
            ) : (
              <PageLoading label="Opening your account…" />
            ))}
        </div>
        <p className="sign-in-footer">Templates, flows and agents for your automation platform.</p>
      </section>
    </main>
  );
}
