import { z } from 'zod';

/** Route parameters of the accounts routes: ids are UUIDs (anything else is a 400 with zod's message). */
export const IdParams = z.object({ id: z.string().uuid() });
export const AccountUserParams = IdParams.extend({ userId: z.string().uuid() });
