import { z } from 'zod';

/** The one body every error response has. */
export const ErrorIssue = z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string(), code: z.string() });
export type ErrorIssue = z.infer<typeof ErrorIssue>;

export const ErrorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  issues: z.array(ErrorIssue).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
