import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppServices } from '../../app-services';
import { paths } from '../../paths';
import { ErrorAlert } from '../../shared/ui/error-alert';
import { AccountSwitch } from './account-switch';

const initialsOf = (username: string) => username.replace(/@.*/, '').slice(0, 2) || '?';

/** Header menu: who is signed in, the account switch for multi-user sign-ins, and sign-out. */
export function UserMenu() {
  const { auth, cookies } = useAppServices();
  const navigate = useNavigate();
  const session = useSelector(auth.actor, (state) => state.context.session);
  const error = useSelector(auth.actor, (state) => (state.matches('authorized') ? state.context.error : null));
  const switching = useSelector(auth.actor, (state) => state.matches('switchingAccount'));
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [multiUser] = useState(() => cookies.readMultiUser());
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  if (!session) return null;

  const signOut = async () => {
    setSigningOut(true);
    await auth.signOut();
    navigate(paths.login, { replace: true });
  };

  return (
    <div className="user-menu" ref={root} data-testid="user-menu">
      <button
        className="user-menu-button"
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {initialsOf(session.username)}
        </span>
        <span className="user-menu-name">
          <span className="user-menu-username">{session.username}</span>
          <span className="user-menu-role">{session.role}</span>
        </span>
      </button>
      {open && (
        <div className="user-menu-panel" role="menu" aria-label="User menu">
          <div className="menu-section">
            <div className="menu-heading">Signed in as</div>
            <div className="user-menu-username">{session.username}</div>
            <div className="user-menu-role">{session.role}</div>
          </div>
          {multiUser && (
            <div className="menu-section">
              <div className="menu-heading">Switch account</div>
              {switching ? <p className="field-hint">Switching account…</p> : <AccountSwitch multiUser={multiUser} current={session} />}
              <ErrorAlert message={error} />
            </div>
          )}
          <div className="menu-section">
            <button className="menu-item menu-item-danger" type="button" role="menuitem" disabled={signingOut} onClick={signOut}>
              {signingOut ? 'Signing out…' : 'Sign out'}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
