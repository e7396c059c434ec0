import { AccountEntity } from '../../modules/accounts/account.entity';
import { MultiUserEntity } from '../../modules/accounts/multi-user.entity';
import { UserEntity } from '../../modules/accounts/user.entity';
import { EmailChangeEntity } from '../../modules/identity/email-change.entity';
import { OutboxMailEntity } from '../../modules/identity/outbox-mail.entity';
import { SessionEntity } from '../../modules/identity/session.entity';
import { TrustedDeviceEntity } from '../../modules/identity/trusted-device.entity';
import { SettingEntity } from '../../modules/settings/setting.entity';

/** Every entity, listed once: the data source for the app, the migration CLI and tests. */
export const ENTITIES = [
  AccountEntity,
  UserEntity,
  MultiUserEntity,
  SessionEntity,
  TrustedDeviceEntity,
  EmailChangeEntity,
  OutboxMailEntity,
  SettingEntity,
];
