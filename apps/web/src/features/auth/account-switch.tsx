import type { LinkedUser, Session } from '@library/contracts';
import { useEffect, useState } from 'react';
import { useAppServices } from '../../app-services';
import { messageOf } from '../../api/http-errors';
import { ErrorAlert } from '../../shared/ui/error-alert';
import { LinkedUserPicker } from './linked-user-picker';

type LinkedUsersState = { status: 'loading' } | { status: 'ready'; users: LinkedUser[] } | { status: 'failed'; error: string };

/** The linked users of the kept multi-user sign-in; choosing one switches the account and reloads /bots. */
export function AccountSwitch({ multiUser, current }: { multiUser: Session; current: Session }) {
  const { auth, authApi } = useAppServices();
  const [state, setState] = useState<LinkedUsersState>({ status: 'loading' });
  const [switching, setSwitching] = useState(false);

  useEffect(() => {
    let live = true;
    authApi.listLinkedUsers(multiUser.token).then(
      (users) => live && setState({ status: 'ready', users }),
      (error: unknown) => live && setState({ status: 'failed', error: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [authApi, multiUser.token]);

  const choose = (user: LinkedUser) => {
    if (user.id === current.userId) return;
    setSwitching(true);
    auth.actor.send({ type: 'SWITCH_ACCOUNT', user });
  };

  if (state.status === 'loading') return <p className="field-hint">Loading accounts…</p>;
  if (state.status === 'failed') return <ErrorAlert message={state.error} />;
  return <LinkedUserPicker users={state.users} currentUserId={current.userId} busy={switching} onChoose={choose} />;
}
