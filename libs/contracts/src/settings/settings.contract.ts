import { z } from 'zod';

/** Settings keys are short identifiers; values are any JSON. */
export const SettingKey = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Setting key may hold letters, digits, dot, dash and underscore');

/** POST body of a setting: any JSON value (null included), but it must be there. */
export const SettingValueRequest = z
  .object({ value: z.unknown().refine((value) => value !== undefined, { message: 'Required' }) })
  .strict();
export const SettingResponse = z.object({ key: z.string(), value: z.unknown() });
export const SettingsMap = z.record(z.unknown());

/** Favourites are kept under this key in the caller's role settings (spec 3, 6). */
export const FAVORITES_KEY = 'favorites';
export const FavoriteKind = z.enum(['bots', 'flows', 'steps', 'cards', 'views']);
export type FavoriteKind = z.infer<typeof FavoriteKind>;
export const Favorites = z.object({
  bots: z.array(z.string()).default([]),
  flows: z.array(z.string()).default([]),
  steps: z.array(z.string()).default([]),
  cards: z.array(z.string()).default([]),
  views: z.array(z.string()).default([]),
});
export type Favorites = z.infer<typeof Favorites>;
/** The id of a favourite item (a bot, flow, step, card or view id). */
export const FavoriteId = z.string().trim().min(1).max(200);

/** Where role settings of a role live (spec 6): SUPER_ADMIN and ADMIN at account level, USER and GUEST at user level. */
export const SettingsLevel = z.enum(['ACCOUNT', 'USER']);
export type SettingsLevel = z.infer<typeof SettingsLevel>;
