import { FavoriteId, FavoriteKind, SettingKey } from '@library/contracts';
import { z } from 'zod';

/**
 * Route parameters of the settings routes. The shorter path forms leave out the account and/or user
 * (meaning the caller's own), so both are optional; ids are UUIDs and keys SettingKey (else a 400 with zod's message).
 */
export const TargetParams = z.object({ accountId: z.string().uuid().optional(), userId: z.string().uuid().optional() });
export const TargetKeyParams = TargetParams.extend({ key: SettingKey });
export const KeyParams = z.object({ key: SettingKey });
export const FavoriteParams = z.object({ kind: FavoriteKind, id: FavoriteId });
