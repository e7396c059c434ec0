import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Messages, Profile, SERVICE_PATHS, SignUploadUrlRequest, UpdateProfileRequest } from '@library/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource, IsNull, MoreThan, Repository } from 'typeorm';
import { z } from 'zod';
import type { Principal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { APP_CONFIG, AppConfig } from '../../infra/config/config';
import { ObjectStorageService } from '../../infra/storage/object-storage.service';
import { MultiUserEntity } from '../accounts/multi-user.entity';
import { UserEntity } from '../accounts/user.entity';
import { EmailChangeEntity } from './email-change.entity';
import { OutboxMailEntity } from './outbox-mail.entity';
import { hashPassword, newToken, sha256, verifyPassword } from './secrets';
import { SessionsService } from './sessions.service';
import type { Subject } from './subject';

const EMAIL_CHANGE_TTL_MS = 24 * 3_600_000;
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOADS_ROUTE = 'uploads';

/** The signed-in person's own profile: names, avatar upload, email change and password change. */
@Injectable()
export class ProfileService {
  private readonly logger = new Logger(ProfileService.name);

  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(MultiUserEntity) private readonly multiUsers: Repository<MultiUserEntity>,
    @InjectRepository(EmailChangeEntity) private readonly emailChanges: Repository<EmailChangeEntity>,
    private readonly dataSource: DataSource,
    private readonly storage: ObjectStorageService,
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(principal: Principal): Promise<Profile> {
    return this.view(await this.subjectOf(principal));
  }

  /** GET /multi-user/profile/{id}: a multi-user's profile, for itself or a SUPER_ADMIN. */
  async getMultiUser(principal: Principal, id: string): Promise<Profile> {
    if (principal.multiUserId !== id && principal.role !== 'SUPER_ADMIN') throw new DomainError('NOT_FOUND');
    const multiUser = await this.multiUsers.findOneBy({ id });
    if (!multiUser) throw new DomainError('NOT_FOUND');
    return this.view({ kind: 'multi-user', entity: multiUser });
  }

  async update(principal: Principal, change: z.infer<typeof UpdateProfileRequest>): Promise<Profile> {
    const subject = await this.subjectOf(principal);
    const columns: Partial<UserEntity & MultiUserEntity> = {};
    if (change.firstName !== undefined) columns.firstName = change.firstName;
    if (change.lastName !== undefined) columns.lastName = change.lastName;
    if (change.avatarUrl !== undefined) columns.avatarUrl = change.avatarUrl;
    if (change.password) {
      if (!(await verifyPassword(subject.entity.passwordHash, change.password.current)))
        throw new DomainError('BAD_REQUEST', Messages.wrongCurrentPassword);
      columns.passwordHash = await hashPassword(change.password.new);
    }
    if (change.email && change.email !== subject.entity.email) await this.startEmailChange(subject, change.email);
    if (Object.keys(columns).length) await this.repositoryOf(subject).update({ id: subject.entity.id }, columns);
    if (columns.passwordHash) await this.sessions.revokeAllOf(subject, principal.sessionId);
    return this.get(principal);
  }

  /** POST /multi-user/change-email-finish: applies a requested email change once. */
  async finishEmailChange(token: string): Promise<{ email: string }> {
    const change = await this.emailChanges.findOneBy({ tokenHash: sha256(token), usedAt: IsNull(), expiresAt: MoreThan(new Date()) });
    if (!change) throw new DomainError('BAD_REQUEST', Messages.emailChangeTokenInvalid);
    await this.assertEmailFree(change.newEmail);
    await this.dataSource.transaction(async (manager) => {
      const target = change.subjectType === 'user' ? UserEntity : MultiUserEntity;
      await manager.update(target, { id: change.subjectId }, { email: change.newEmail });
      await manager.update(EmailChangeEntity, { id: change.id }, { usedAt: new Date() });
    });
    return { email: change.newEmail };
  }

  /** POST /multi-user/sign-upload-url: a presigned form upload for an avatar image. */
  async signUploadUrl(principal: Principal, request: z.infer<typeof SignUploadUrlRequest>) {
    if (!/^image\/[a-z0-9.+-]+$/i.test(request.contentType)) throw new DomainError('BAD_REQUEST', Messages.uploadTypeNotAllowed);
    const subjectId = principal.userId ?? principal.multiUserId!;
    const fileName = request.name.replace(/[^A-Za-z0-9._-]+/g, '-');
    const key = `${UPLOADS_ROUTE}/${subjectId}/${randomUUID()}/${fileName}`;
    const post = await this.storage.presignedPost(key, {
      contentType: request.contentType,
      cacheControl: request.cacheControl,
      maxBytes: AVATAR_MAX_BYTES,
    });
    return { uploadParams: { url: post.url, fields: post.fields }, downloadUrl: `${this.config.PUBLIC_URL}${SERVICE_PATHS.sdk}/${key}` };
  }

  private async startEmailChange(subject: Subject, newEmail: string): Promise<void> {
    await this.assertEmailFree(newEmail);
    const token = newToken();
    await this.emailChanges.insert({
      tokenHash: sha256(token),
      subjectId: subject.entity.id,
      subjectType: subject.kind,
      newEmail,
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
    });
    const link = `${this.config.PUBLIC_URL}/change-email?token=${token}`;
    await this.dataSource
      .getRepository(OutboxMailEntity)
      .insert({ to: newEmail, subject: 'Confirm your new email', body: `Open ${link} to confirm.` });
    this.logger.log(`Email change requested for ${subject.entity.email}; confirmation mailed to ${newEmail}`);
  }

  private async assertEmailFree(email: string): Promise<void> {
    const taken = (await this.users.existsBy({ email })) || (await this.multiUsers.existsBy({ email }));
    if (taken) throw new DomainError('CONFLICT', Messages.emailTaken);
  }

  private async view(subject: Subject): Promise<Profile> {
    const pending = await this.emailChanges.findOne({
      where: { subjectId: subject.entity.id, usedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      order: { createdAt: 'DESC' },
    });
    const { entity } = subject;
    return {
      id: entity.id,
      email: entity.email,
      username: entity.email,
      firstName: entity.firstName,
      lastName: entity.lastName,
      avatarUrl: entity.avatarUrl,
      pendingEmail: pending?.newEmail ?? null,
      twoFactorEnabled: entity.twoFactor.enabled,
    };
  }

  async subjectOf(principal: Principal): Promise<Subject> {
    if (principal.tokenType === 'user' && principal.userId) {
      const user = await this.users.findOneByOrFail({ id: principal.userId });
      return { kind: 'user', entity: user };
    }
    const multiUser = await this.multiUsers.findOneByOrFail({ id: principal.multiUserId! });
    return { kind: 'multi-user', entity: multiUser };
  }

  private repositoryOf(subject: Subject): Repository<UserEntity | MultiUserEntity> {
    return (subject.kind === 'user' ? this.users : this.multiUsers) as Repository<UserEntity | MultiUserEntity>;
  }
}
