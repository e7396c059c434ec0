import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Messages, Role } from '@library/contracts';
import { AuthenticatedRequest, MULTI_USER_ROUTE, PUBLIC_ROUTE, ROLES } from '../../common/auth/auth.decorators';
import { DomainError } from '../../common/errors/domain-error';
import { SessionsService } from './sessions.service';

/** Every route needs a bearer token unless marked @Public(); roles and token types are checked here too. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;

    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new DomainError('UNAUTHENTICATED');
    const { subject: _subject, expireLong: _expireLong, ...principal } = await this.sessions.authenticate(token);
    request.principal = principal;

    const multiUserAllowed = this.reflector.getAllAndOverride<boolean>(MULTI_USER_ROUTE, targets);
    if (principal.tokenType === 'multi-user' && !multiUserAllowed) throw new DomainError('FORBIDDEN', Messages.userOnly);

    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets);
    if (roles && !roles.includes(principal.role)) throw new DomainError('FORBIDDEN');
    return true;
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1] : null;
}
