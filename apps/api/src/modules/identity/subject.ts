import type { MultiUserEntity } from '../accounts/multi-user.entity';
import type { UserEntity } from '../accounts/user.entity';

/** Whoever signs in: a user of one account, or a multi-user that reaches several. */
export type Subject = { kind: 'user'; entity: UserEntity } | { kind: 'multi-user'; entity: MultiUserEntity };
