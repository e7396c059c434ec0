import { AccountEntity } from '../../modules/accounts/account.entity';
import { MultiUserEntity } from '../../modules/accounts/multi-user.entity';
import { UserEntity } from '../../modules/accounts/user.entity';
import { AgentExecutionEntity } from '../../modules/agents/agent-execution.entity';
import { AgentTemplateEntity } from '../../modules/agents/agent-template.entity';
import { AgentEntity } from '../../modules/agents/agent.entity';
import { BotEntity } from '../../modules/catalogue/bot.entity';
import { CardEntity } from '../../modules/catalogue/card.entity';
import { FlowEntity } from '../../modules/catalogue/flow.entity';
import { StepTemplateEntity } from '../../modules/catalogue/step-template.entity';
import { TagEntity } from '../../modules/catalogue/tag.entity';
import { ViewEntity } from '../../modules/catalogue/view.entity';
import { DeploymentEntity } from '../../modules/deployer/deployment.entity';
import { EmailChangeEntity } from '../../modules/identity/email-change.entity';
import { OutboxMailEntity } from '../../modules/identity/outbox-mail.entity';
import { SessionEntity } from '../../modules/identity/session.entity';
import { TrustedDeviceEntity } from '../../modules/identity/trusted-device.entity';
import { ActorEntity } from '../../modules/registry/actor.entity';
import { CategoryEntity } from '../../modules/registry/category.entity';
import { RegistryMigrationEntity } from '../../modules/registry/migration.entity';
import { PackageDependencyEntity } from '../../modules/registry/package-dependency.entity';
import { PackageReleaseDataEntity } from '../../modules/registry/package-release-data.entity';
import { PackageReleaseEntity } from '../../modules/registry/package-release.entity';
import { PackageStatusReleaseEntity } from '../../modules/registry/package-status-release.entity';
import { PackageStatusSystemEntity } from '../../modules/registry/package-status-system.entity';
import { PackageEntity } from '../../modules/registry/package.entity';
import { SourceBranchEntity, SourceEntity, SourceMembersEntity, SourceRevisionEntity } from '../../modules/registry/source.entity';
import { RunEntity } from '../../modules/runs/run.entity';
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
  RunEntity,
  ActorEntity,
  CategoryEntity,
  PackageEntity,
  PackageReleaseEntity,
  PackageReleaseDataEntity,
  PackageStatusSystemEntity,
  PackageStatusReleaseEntity,
  PackageDependencyEntity,
  SourceEntity,
  SourceBranchEntity,
  SourceRevisionEntity,
  SourceMembersEntity,
  RegistryMigrationEntity,
  AgentEntity,
  AgentExecutionEntity,
  AgentTemplateEntity,
  BotEntity,
  FlowEntity,
  TagEntity,
  StepTemplateEntity,
  ViewEntity,
  CardEntity,
  DeploymentEntity,
];
