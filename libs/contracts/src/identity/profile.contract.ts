import { z } from 'zod';
import { Password } from '../common/password';

export const Profile = z.object({
  id: z.string().uuid(),
  email: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatarUrl: z.string().nullable(),
  pendingEmail: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
});
export type Profile = z.infer<typeof Profile>;

export const UpdateProfileRequest = z
  .object({
    firstName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
    avatarUrl: z.string().url().nullable().optional(),
    /** Starts an email change; it takes effect at change-email-finish. */
    email: z.string().trim().toLowerCase().email().optional(),
    password: z
      .object({ current: z.string().min(1), new: Password })
      .strict()
      .optional(),
  })
  .strict();

export const SignUploadUrlRequest = z
  .object({
    name: z.string().trim().min(1).max(200),
    contentType: z.string().trim().min(1),
    cacheControl: z.string().trim().max(200).optional(),
  })
  .strict();
export const SignUploadUrlResponse = z.object({
  uploadParams: z.object({ url: z.string(), fields: z.record(z.string()) }),
  downloadUrl: z.string(),
});

export const ChangeEmailFinishRequest = z.object({ token: z.string().min(1) }).strict();
