import { z } from 'zod';
import { SortDirection, UserRole } from '../enums';
import { Password } from '../common/password';
import { queryInt } from '../common/query';

export const Account = z.object({
  id: z.string().uuid(),
  name: z.string(),
  label: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Account = z.infer<typeof Account>;

/** GET /accounts (SUPER_ADMIN): a page of accounts ordered by name, optionally filtered by name or label. */
export const ListAccountsQuery = z.object({
  from: queryInt(0),
  size: queryInt(20, 200),
  query: z.string().trim().toLowerCase().optional(),
});

const accountName = z
  .string()
  .trim()
  .toLowerCase()
  .min(2)
  .max(63)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Account name may hold lowercase letters, digits and dashes');

export const CreateAccountRequest = z
  .object({
    name: accountName,
    label: z.string().trim().min(1).max(200).optional(),
    accountData: z.record(z.unknown()).optional(),
    /** The account's first ADMIN. */
    admin: z.object({ email: z.string().trim().toLowerCase().email(), password: Password }).strict().optional(),
  })
  .strict();

export const UpdateAccountRequest = z
  .object({ label: z.string().trim().min(1).max(200).optional(), accountData: z.record(z.unknown()).optional() })
  .strict();

export const AccountData = z.record(z.unknown());
export const IdwData = z.record(z.unknown());

export const User = z.object({
  id: z.string().uuid(),
  accountId: z.string().uuid(),
  email: z.string(),
  username: z.string(),
  role: UserRole,
  enabled: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  multiUserId: z.string().uuid().nullable(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof User>;

export const CreateUserRequest = z
  .object({
    email: z.string().trim().toLowerCase().email(),
    password: Password,
    role: UserRole,
    firstName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
  })
  .strict();

export const UpdateUserRequest = z
  .object({
    role: UserRole.optional(),
    enabled: z.boolean().optional(),
    password: Password.optional(),
    /** Needed when a user changes its own password. */
    currentPassword: z.string().optional(),
    firstName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
  })
  .strict();

export const UserOrderProperty = z.enum(['email', 'createdAt', 'updatedAt', 'role']);

export const ListUsersQuery = z.object({
  from: queryInt(0),
  size: queryInt(20, 200),
  orderDirection: SortDirection.default('asc'),
  orderProperty: UserOrderProperty.default('email'),
  query: z.string().trim().toLowerCase().optional(),
});

export const AdvancedUsersQuery = ListUsersQuery.extend({
  accountId: z.string().uuid().optional(),
  role: UserRole.optional(),
  enabled: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const Page = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), from: z.number().int(), size: z.number().int() });

export const UserEmail = z.object({ email: z.string() });

export const MultiUser = z.object({ id: z.string().uuid(), email: z.string(), userIds: z.array(z.string().uuid()), createdAt: z.string() });

/** GET /multi-users/accounts: an account the caller's multi-user reaches, with the user it reaches there. */
export const ReachableAccount = Account.extend({ userId: z.string().uuid(), role: UserRole });
export type ReachableAccount = z.infer<typeof ReachableAccount>;

/** POST /accounts/{id}/multi-user/attach-start. The password is the multi-user's: checked when it exists, else it must obey the rules. */
export const AttachMultiUserRequest = z
  .object({ email: z.string().trim().toLowerCase().email(), userId: z.string().uuid(), password: z.string().min(1) })
  .strict();
