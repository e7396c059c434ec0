import type { LinkedUser } from '@library/contracts';

/** The users a multi-user sign-in can continue as, one per account. */
export function LinkedUserPicker({
  users,
  currentUserId,
  busy,
  onChoose,
}: {
  users: LinkedUser[];
  currentUserId?: string | null;
  busy: boolean;
  onChoose: (user: LinkedUser) => void;
}) {
  return (
    <ul className="choice-list" aria-label="Accounts">
      {users.map((user) => (
        <li key={`${user.accountId}:${user.id}`}>
          <button className="choice" type="button" disabled={busy} aria-current={user.id === currentUserId} onClick={() => onChoose(user)}>
            <span>
              <span className="choice-title">{user.accountName}</span>
              <span className="choice-detail">{user.username}</span>
            </span>
            <span className="chip">{user.role}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
