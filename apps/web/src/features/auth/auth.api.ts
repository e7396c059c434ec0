import {
  LinkedUser,
  Messages,
  Session,
  SignInResponse,
  ValidateTokenResponse,
  type SignInRequest,
  type SignInResponse as SignInResult,
} from '@library/contracts';
import { z } from 'zod';
import type { ServiceClient } from '../../api/service-client';

export type ValidatedToken = z.infer<typeof ValidateTokenResponse>;

/** The SDK service's auth and multi-user calls (spec 7). */
export interface AuthApi {
  /** POST /auth/token with credentials: a session, or a two-factor / captcha check. */
  signIn(request: SignInRequest): Promise<SignInResult>;
  /** POST /auth/token { userToken }: a fresh session for a token (URL token, refresh). */
  exchangeToken(userToken: string): Promise<Session>;
  /** GET /auth/token: 'Invalid Token' unless allow is true. */
  validateToken(token: string): Promise<ValidatedToken>;
  /** DELETE /auth/token */
  revokeToken(token: string): Promise<void>;
  /** GET /multi-user/list-users with the multi-user token. */
  listLinkedUsers(multiUserToken: string): Promise<LinkedUser[]>;
  /** POST /multi-user/user-token with the multi-user token. */
  getLinkedUserToken(multiUserToken: string, user: Pick<LinkedUser, 'accountId' | 'id'>): Promise<Session>;
}

export function createAuthApi(sdk: ServiceClient): AuthApi {
  return {
    async signIn(request) {
      return SignInResponse.parse(await sdk.request('/auth/token', { method: 'POST', body: request, token: null }));
    },
    async exchangeToken(userToken) {
      if (!userToken) throw new Error(Messages.noToken);
      const response = SignInResponse.parse(await sdk.request('/auth/token', { method: 'POST', body: { userToken }, token: null }));
      if (!('token' in response)) throw new Error(Messages.invalidToken);
      return response;
    },
    async validateToken(token) {
      const response = ValidateTokenResponse.parse(await sdk.request('/auth/token', { token }));
      if (!response.allow) throw new Error(Messages.invalidToken);
      return response;
    },
    async revokeToken(token) {
      await sdk.request('/auth/token', { method: 'DELETE', token });
    },
    async listLinkedUsers(multiUserToken) {
      return z.array(LinkedUser).parse(await sdk.request('/multi-user/list-users', { token: multiUserToken }));
    },
    async getLinkedUserToken(multiUserToken, { accountId, id }) {
      return Session.parse(await sdk.request('/multi-user/user-token', { method: 'POST', body: { accountId, id }, token: multiUserToken }));
    },
  };
}
