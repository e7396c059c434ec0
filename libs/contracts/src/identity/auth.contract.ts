import { z } from 'zod';
import { Role } from '../enums';

/** Session lengths of spec 9, in milliseconds. */
export const SESSION_TTL_SHORT_MS = 86_400_000;
export const SESSION_TTL_LONG_MS = 307_584_000_000;

export const TokenType = z.enum(['user', 'multi-user']);
export type TokenType = z.infer<typeof TokenType>;

export const Credentials = z.object({ username: z.string().trim().min(1), password: z.string().min(1) }).strict();

/** POST /auth/token: sign in with credentials, or exchange a user token (userToken) for a fresh session. */
export const SignInRequest = z
  .object({
    credentials: Credentials.optional(),
    captchaToken: z.string().optional(),
    isCaptchaV2Checkbox: z.boolean().optional(),
    verificationCode: z.string().trim().optional(),
    fingerPrint: z.string().max(512).optional(),
    rememberTwoFactor: z.boolean().optional(),
    expireLong: z.boolean().optional(),
    userToken: z.string().optional(),
  })
  .strict()
  .superRefine((request, context) => {
    // Either credentials, or a token to exchange.
    if (!request.credentials && request.userToken === undefined)
      context.addIssue({ code: 'custom', path: ['credentials'], message: 'Required' });
  });
export type SignInRequest = z.infer<typeof SignInRequest>;

export const Session = z.object({
  token: z.string(),
  tokenType: TokenType,
  role: Role,
  accountId: z.string().uuid().nullable(),
  userId: z.string().uuid().nullable(),
  multiUserId: z.string().uuid().nullable(),
  username: z.string(),
  identityProvider: z.string(),
  twoFactorEnabled: z.boolean(),
  /** Epoch milliseconds at which the token stops working. */
  expire: z.number().int(),
});
export type Session = z.infer<typeof Session>;

export const TwoFactorCheck = z.object({ twoFactorCheck: z.literal(true) });
export const CaptchaCheck = z.object({ captchaCheck: z.literal(true), captcha: z.object({ id: z.string(), question: z.string() }) });
export const SignInResponse = z.union([Session, TwoFactorCheck, CaptchaCheck]);
export type SignInResponse = z.infer<typeof SignInResponse>;

export const ValidateTokenResponse = z.object({ role: Role, allow: z.boolean() });

export const MultiUserTokenQuery = z.object({
  expireLong: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).optional(),
});

export const LinkedUser = z.object({
  id: z.string().uuid(),
  accountId: z.string().uuid(),
  accountName: z.string(),
  username: z.string(),
  role: Role,
});
export type LinkedUser = z.infer<typeof LinkedUser>;

export const UserTokenRequest = z
  .object({ accountId: z.string().uuid(), id: z.string().uuid(), expireLong: z.boolean().optional() })
  .strict();

export const IsMultiUserQuery = z.object({ username: z.string().trim().min(1) });
export const IsMultiUserResponse = z.object({ username: z.string(), isMultiUser: z.boolean() });

export const FingerprintTokenQuery = z.object({ fingerPrint: z.string().optional() });

export const TwoFactorRequest = z
  .object({
    enabled: z.boolean(),
    secret: z.string().trim().min(16).optional(),
    codes: z.array(z.string().trim().min(6)).max(20).optional(),
    verificationCode: z.string().trim().optional(),
  })
  .strict();
export const TwoFactorResponse = z.object({
  enabled: z.boolean(),
  /** Present while setting up: the secret to enrol in an authenticator app. */
  secret: z.string().optional(),
  otpauthUrl: z.string().optional(),
  /** Recovery codes, shown once when two-factor is switched on. */
  codes: z.array(z.string()).optional(),
});
