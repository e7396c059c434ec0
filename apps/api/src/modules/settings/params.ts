import { FavoriteId, FavoriteKind, SettingKey } from '@library/contracts';
import { z } from 'zod';

/** Route parameters of the settings routes: ids are UUIDs, keys SettingKey, favourites FavoriteKind (else a 400 with zod's message). */
export const KeyParams = z.object({ key: SettingKey });
export const AccountParams = z.object({ accountId: z.string().uuid() });
export const AccountKeyParams = AccountParams.extend({ key: SettingKey });
export const UserParams = z.object({ userId: z.string().uuid() });
export const UserKeyParams = UserParams.extend({ key: SettingKey });
export const AccountUserParams = AccountParams.extend({ userId: z.string().uuid() });
export const AccountUserKeyParams = AccountUserParams.extend({ key: SettingKey });
export const FavoriteParams = z.object({ kind: FavoriteKind, id: FavoriteId });
