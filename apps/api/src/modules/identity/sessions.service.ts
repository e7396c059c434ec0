import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Messages, Session } from '@library/contracts';
import { IsNull, Not, Repository } from 'typeorm';
import type { Principal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { APP_CONFIG, AppConfig } from '../../infra/config/config';
import { newToken, sha256 } from './secrets';
import { SessionEntity } from './session.entity';
import type { Subject } from './subject';

/** Issues, resolves and revokes bearer tokens. */
@Injectable()
export class SessionsService {
  constructor(
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async issue(subject: Subject, expireLong = false): Promise<Session> {
    const token = newToken();
    const ttl = expireLong ? this.config.SESSION_TTL_LONG_MS : this.config.SESSION_TTL_MS;
    const expiresAt = new Date(Date.now() + ttl);
    await this.sessions.insert({
      tokenHash: sha256(token),
      tokenType: subject.kind,
      userId: subject.kind === 'user' ? subject.entity.id : null,
      multiUserId: subject.kind === 'multi-user' ? subject.entity.id : null,
      expireLong,
      expiresAt,
    });
    const user = subject.kind === 'user' ? subject.entity : null;
    return {
      token,
      tokenType: subject.kind,
      role: user ? user.role : 'UNAUTHORIZED',
      accountId: user ? user.accountId : null,
      userId: user ? user.id : null,
      multiUserId: user ? user.multiUserId : subject.entity.id,
      username: subject.entity.email,
      identityProvider: subject.entity.identityProvider,
      twoFactorEnabled: subject.entity.twoFactor.enabled,
      expire: expiresAt.getTime(),
    };
  }

  /** The principal behind a token; a revoked, expired or disabled one is refused at once. */
  async authenticate(token: string): Promise<Principal & { subject: Subject; expireLong: boolean }> {
    const session = await this.sessions.findOne({
      where: { tokenHash: sha256(token), revokedAt: IsNull() },
      relations: { user: { account: true }, multiUser: true },
    });
    if (!session || session.expiresAt.getTime() <= Date.now()) throw new DomainError('INVALID_TOKEN');
    const base = { sessionId: session.id, expiresAt: session.expiresAt, expireLong: session.expireLong };
    if (session.tokenType === 'user' && session.user) {
      const user = session.user;
      if (!user.account?.enabled) throw new DomainError('INVALID_TOKEN', Messages.accountDisabled);
      if (!user.enabled) throw new DomainError('INVALID_TOKEN', Messages.userDisabled);
      return {
        ...base,
        tokenType: 'user',
        role: user.role,
        accountId: user.accountId,
        userId: user.id,
        multiUserId: user.multiUserId,
        username: user.email,
        subject: { kind: 'user', entity: user },
      };
    }
    if (session.tokenType === 'multi-user' && session.multiUser) {
      const multiUser = session.multiUser;
      return {
        ...base,
        tokenType: 'multi-user',
        role: 'UNAUTHORIZED',
        accountId: null,
        userId: null,
        multiUserId: multiUser.id,
        username: multiUser.email,
        subject: { kind: 'multi-user', entity: multiUser },
      };
    }
    throw new DomainError('INVALID_TOKEN');
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sessions.update({ id: sessionId }, { revokedAt: new Date() });
  }

  /** Ends every session of a subject but one (e.g. the caller's own after a password change). */
  async revokeAllOf(subject: Subject, exceptSessionId?: string): Promise<void> {
    const owner = subject.kind === 'user' ? { userId: subject.entity.id } : { multiUserId: subject.entity.id };
    await this.sessions.update(
      { ...owner, revokedAt: IsNull(), ...(exceptSessionId ? { id: Not(exceptSessionId) } : {}) },
      { revokedAt: new Date() },
    );
  }
}
