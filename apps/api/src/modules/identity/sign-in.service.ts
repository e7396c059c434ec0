import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Messages, SignInRequest, SignInResponse } from '@library/contracts';
import { Repository } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error';
import { MultiUserEntity } from '../accounts/multi-user.entity';
import { UserEntity } from '../accounts/user.entity';
import { hashPassword, verifyPassword } from './secrets';
import { SessionsService } from './sessions.service';
import { SignInThrottleService } from './sign-in-throttle.service';
import type { Subject } from './subject';
import { TwoFactorService } from './two-factor.service';

/** POST /auth/token: credentials (with captcha and two-factor steps) or a token exchange. */
@Injectable()
export class SignInService {
  /** Verified when the username is unknown, so both paths take as long. */
  private readonly decoyHash = hashPassword('decoy-password-for-timing');

  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(MultiUserEntity) private readonly multiUsers: Repository<MultiUserEntity>,
    private readonly sessions: SessionsService,
    private readonly throttle: SignInThrottleService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  async signIn(request: SignInRequest, clientIp: string): Promise<SignInResponse> {
    if (request.userToken !== undefined) return this.exchangeToken(request.userToken, request.expireLong);
    const { username, password } = request.credentials!;
    if (await this.throttle.isBlocked(clientIp)) throw new DomainError('TOO_MANY_REQUESTS', Messages.tooManyAttempts);

    if (await this.throttle.needsCaptcha(username, clientIp)) {
      const solved = request.captchaToken ? await this.throttle.solve(request.captchaToken) : false;
      if (!solved) return { captchaCheck: true, captcha: await this.throttle.newChallenge() };
    }

    const subject = await this.findSubject(username);
    const passwordOk = subject
      ? await verifyPassword(subject.entity.passwordHash, password)
      : await verifyPassword(await this.decoyHash, password);
    if (!subject || !passwordOk) {
      await this.throttle.recordFailure(username, clientIp);
      throw new DomainError('INVALID_CREDENTIALS');
    }
    this.assertMaySignIn(subject);

    if (subject.entity.twoFactor.enabled && !(await this.twoFactor.isTrustedDevice(subject, request.fingerPrint))) {
      if (!request.verificationCode) return { twoFactorCheck: true };
      if (!(await this.twoFactor.verify(subject, request.verificationCode))) {
        await this.throttle.recordFailure(username, clientIp);
        throw new DomainError('INVALID_VERIFICATION_CODE');
      }
      if (request.rememberTwoFactor && request.fingerPrint) await this.twoFactor.trustDevice(subject, request.fingerPrint);
    }

    await this.throttle.recordSuccess(username);
    return this.sessions.issue(subject, request.expireLong ?? false);
  }

  /** A fresh session for a valid token: the auth guard's `token` query parameter, and refresh. */
  private async exchangeToken(userToken: string, expireLong: boolean | undefined) {
    if (!userToken.trim()) throw new DomainError('NO_TOKEN');
    const principal = await this.sessions.authenticate(userToken.trim());
    this.assertMaySignIn(principal.subject);
    return this.sessions.issue(principal.subject, expireLong ?? principal.expireLong);
  }

  private assertMaySignIn(subject: Subject): void {
    if (subject.kind !== 'user') return;
    const user = subject.entity;
    if (user.role === 'GUEST') throw new DomainError('GUEST_NOT_ALLOWED');
    if (!user.account?.enabled) throw new DomainError('ACCOUNT_DISABLED');
    if (!user.enabled) throw new DomainError('USER_DISABLED', Messages.userDisabled);
  }

  private async findSubject(username: string): Promise<Subject | null> {
    const email = username.trim().toLowerCase();
    const user = await this.users.findOne({ where: { email }, relations: { account: true } });
    if (user) return { kind: 'user', entity: user };
    const multiUser = await this.multiUsers.findOneBy({ email });
    return multiUser ? { kind: 'multi-user', entity: multiUser } : null;
  }
}
