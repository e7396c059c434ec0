import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '@library/contracts';
import type { Request } from 'express';
import type { Principal } from './principal';

export const PUBLIC_ROUTE = 'auth:public';
export const MULTI_USER_ROUTE = 'auth:multi-user';
export const ROLES = 'auth:roles';

/** The route needs no token (sign-in, discovery, health). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** The route also accepts a multi-user token; others accept user tokens only. */
export const AllowMultiUser = () => SetMetadata(MULTI_USER_ROUTE, true);

/** The route is for these roles only. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

export type AuthenticatedRequest = Request & { principal?: Principal };

/** The caller, as resolved by the auth guard. */
export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  return context.switchToHttp().getRequest<AuthenticatedRequest>().principal!;
});
