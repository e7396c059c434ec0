import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Messages } from '@library/contracts';
import { generateSecret, generateURI, verifySync } from 'otplib';
import { LessThan, Repository } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error';
import { APP_CONFIG, AppConfig } from '../../infra/config/config';
import { MultiUserEntity } from '../accounts/multi-user.entity';
import { UserEntity } from '../accounts/user.entity';
import { newRecoveryCodes, sha256 } from './secrets';
import type { Subject } from './subject';
import { TrustedDeviceEntity } from './trusted-device.entity';

/** Codes from the step before and after are accepted too, for clocks that drift. */
const TOTP_TOLERANCE_SECONDS = 30;

export interface TwoFactorChange {
  enabled: boolean;
  secret?: string;
  codes?: string[];
  verificationCode?: string;
}

/** TOTP two-factor: enrolment, verification (codes or recovery codes) and remembered devices. */
@Injectable()
export class TwoFactorService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(MultiUserEntity) private readonly multiUsers: Repository<MultiUserEntity>,
    @InjectRepository(TrustedDeviceEntity) private readonly devices: Repository<TrustedDeviceEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** True for a valid TOTP code, or an unused recovery code (which is then burnt). */
  async verify(subject: Subject, code: string): Promise<boolean> {
    const { twoFactor } = subject.entity;
    if (!twoFactor.secret) return false;
    if (/^\d{6}$/.test(code) && verifySync({ secret: twoFactor.secret, token: code, epochTolerance: TOTP_TOLERANCE_SECONDS }).valid)
      return true;
    const hash = sha256(code.trim().toLowerCase());
    if (!twoFactor.recoveryCodeHashes.includes(hash)) return false;
    twoFactor.recoveryCodeHashes = twoFactor.recoveryCodeHashes.filter((stored) => stored !== hash);
    await this.save(subject);
    return true;
  }

  async isTrustedDevice(subject: Subject, fingerPrint: string | undefined): Promise<boolean> {
    if (!fingerPrint) return false;
    const device = await this.devices.findOneBy({ subjectId: subject.entity.id, fingerprintHash: sha256(fingerPrint) });
    return !!device && device.expiresAt.getTime() > Date.now();
  }

  async trustDevice(subject: Subject, fingerPrint: string): Promise<void> {
    const expiresAt = new Date(Date.now() + this.config.TRUSTED_DEVICE_TTL_DAYS * 86_400_000);
    await this.devices.upsert({ subjectId: subject.entity.id, fingerprintHash: sha256(fingerPrint), expiresAt }, [
      'subjectId',
      'fingerprintHash',
    ]);
    await this.devices.delete({ subjectId: subject.entity.id, expiresAt: LessThan(new Date()) });
  }

  /** Forgets remembered devices: one fingerprint, or all of them. */
  async forgetDevices(subjectId: string, fingerPrint?: string): Promise<void> {
    await this.devices.delete(fingerPrint ? { subjectId, fingerprintHash: sha256(fingerPrint) } : { subjectId });
  }

  /**
   * PUT /multi-user/twofactor. Without a secret, answers a fresh one to enrol (nothing saved yet).
   * With a secret and a code made from it, switches two-factor on and returns recovery codes once.
   * Switching off needs a current code.
   */
  async change(subject: Subject, change: TwoFactorChange) {
    const { twoFactor } = subject.entity;
    if (change.enabled && !change.secret) {
      const secret = generateSecret();
      return { enabled: twoFactor.enabled, secret, otpauthUrl: generateURI({ issuer: 'Library', label: subject.entity.email, secret }) };
    }
    if (change.enabled) {
      const valid =
        !!change.verificationCode &&
        verifySync({ secret: change.secret!, token: change.verificationCode, epochTolerance: TOTP_TOLERANCE_SECONDS }).valid;
      if (!valid) throw new DomainError('INVALID_VERIFICATION_CODE');
      const codes = change.codes?.map((code) => code.toLowerCase()) ?? newRecoveryCodes();
      twoFactor.enabled = true;
      twoFactor.secret = change.secret!;
      twoFactor.recoveryCodeHashes = codes.map(sha256);
      await this.save(subject);
      return { enabled: true, codes };
    }
    if (!twoFactor.enabled) throw new DomainError('BAD_REQUEST', Messages.twoFactorNotEnabled);
    if (!change.verificationCode || !(await this.verify(subject, change.verificationCode)))
      throw new DomainError('INVALID_VERIFICATION_CODE');
    twoFactor.enabled = false;
    twoFactor.secret = null;
    twoFactor.recoveryCodeHashes = [];
    await this.save(subject);
    await this.forgetDevices(subject.entity.id);
    return { enabled: false };
  }

  private async save(subject: Subject): Promise<void> {
    const columns = { twoFactor: subject.entity.twoFactor };
    if (subject.kind === 'user') await this.users.update({ id: subject.entity.id }, columns);
    else await this.multiUsers.update({ id: subject.entity.id }, columns);
  }
}
