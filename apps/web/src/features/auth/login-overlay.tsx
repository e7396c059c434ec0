import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useAppServices } from '../../app-services';
import { loginPath, paths } from '../../paths';
import type { authMachine, LoginOverlayReason } from './auth.machine';

/** The slice of the router the overlay needs (it sits beside the router view, not inside a route). */
export interface OverlayRouter {
  state: { location: { pathname: string; search: string; hash: string } };
  subscribe(listener: () => void): () => void;
  navigate(to: string): Promise<void> | void;
}

export function overlayReasonOf(state: SnapshotFrom<typeof authMachine>): LoginOverlayReason | null {
  if (state.matches('expired')) return 'expired';
  if (state.matches('anotherUser')) return 'anotherUser';
  if (state.matches('noRights')) return 'noRights';
  return null;
}

const TEXT: Record<LoginOverlayReason, { title: string; body: string }> = {
  expired: { title: 'Your session has ended', body: 'Sign in again to continue where you left off.' },
  anotherUser: {
    title: 'You signed in as another user',
    body: 'Another tab signed in with a different account. Reload the page to continue as that user.',
  },
  noRights: {
    title: 'No access to the library',
    body: 'This account cannot use the library. Sign in with another account, or reload once your access has been granted.',
  },
};

/** Over the router view when the session cookies expire, change to another user, or carry no rights (spec 2). */
export function LoginOverlay({ router }: { router: OverlayRouter }) {
  const { auth } = useAppServices();
  const reason = useSelector(auth.actor, overlayReasonOf);
  const location = useSyncExternalStore(router.subscribe, () => router.state.location);
  if (!reason || location.pathname === paths.login) return null;

  const here = `${location.pathname}${location.search}${location.hash}`;
  const reload = () => window.location.reload();
  const signInAgain = async () => {
    if (reason === 'noRights') await auth.signOut();
    await router.navigate(loginPath(here));
  };

  return (
    <div className="overlay">
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="login-overlay-title"
        aria-describedby="login-overlay-text"
      >
        <h2 id="login-overlay-title" className="dialog-title">
          {TEXT[reason].title}
        </h2>
        <p id="login-overlay-text" className="dialog-text">
          {TEXT[reason].body}
        </p>
        <div className="dialog-actions">
          <button className="button button-secondary" type="button" onClick={reload}>
            Reload
          </button>
          {reason !== 'anotherUser' && (
            <button className="button button-primary" type="button" onClick={signInAgain} autoFocus>
              {reason === 'noRights' ? 'Sign in with another account' : 'Sign in again'}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
