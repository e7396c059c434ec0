import { DataSource, EntityManager } from 'typeorm';
import { loadConfig } from '../infra/config/config';
import { dataSourceOptions } from '../infra/database/data-source';
import { runMigrations } from '../infra/database/migrate';
import { AccountEntity } from '../modules/accounts/account.entity';
import { MultiUserEntity } from '../modules/accounts/multi-user.entity';
import { UserEntity } from '../modules/accounts/user.entity';
import { hashPassword } from '../modules/identity/secrets';
import { seedDemoAgents } from './demo-agents';
import { seedDemoCardsViews } from './demo-cards-views';
import { seedDemoCatalogue } from './demo-catalogue';
import { seedDemoLibrary } from './demo-library';
import { DEMO_ACCOUNTS, DEMO_MULTI_USER, DEMO_PASSWORD, DEMO_USERS, DemoUser } from './demo-users';

/** Creates what is missing of the demo data; what exists is left as it is, so it runs on every start. */
export async function seedDemo(databaseUrl: string): Promise<void> {
  const dataSource = new DataSource(dataSourceOptions(databaseUrl));
  await dataSource.initialize();
  try {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await dataSource.transaction(async (manager) => {
      const accounts = new Map<string, AccountEntity>();
      for (const demo of DEMO_ACCOUNTS) accounts.set(demo.name, await ensureAccount(manager, demo.name, demo.label));
      for (const demo of DEMO_USERS) await ensureUser(manager, demo, accounts, passwordHash, null);
      const multiUser = await ensureMultiUser(manager, DEMO_MULTI_USER.username, passwordHash);
      for (const demo of DEMO_MULTI_USER.users) await ensureUser(manager, demo, accounts, passwordHash, multiUser.id);
      await seedDemoCatalogue(manager);
      await seedDemoAgents(manager);
      await seedDemoLibrary(manager);
      await seedDemoCardsViews(manager);
    });
  } finally {
    await dataSource.destroy();
  }
}

/** `npm run seed`: migrations, then the demo data. */
export async function seedDemoData(env: NodeJS.ProcessEnv): Promise<void> {
  const { DATABASE_URL } = loadConfig(env);
  await runMigrations(DATABASE_URL);
  await seedDemo(DATABASE_URL);
}

async function ensureAccount(manager: EntityManager, name: string, label: string): Promise<AccountEntity> {
  const existing = await manager.findOneBy(AccountEntity, { name });
  return existing ?? manager.save(manager.create(AccountEntity, { name, label }));
}

async function ensureMultiUser(manager: EntityManager, email: string, passwordHash: string): Promise<MultiUserEntity> {
  const existing = await manager.findOneBy(MultiUserEntity, { email });
  return existing ?? manager.save(manager.create(MultiUserEntity, { email, passwordHash, firstName: 'Max', lastName: 'Multi' }));
}

async function ensureUser(
  manager: EntityManager,
  demo: DemoUser,
  accounts: Map<string, AccountEntity>,
  passwordHash: string,
  multiUserId: string | null,
) {
  if (await manager.existsBy(UserEntity, { email: demo.username })) return;
  await manager.save(
    manager.create(UserEntity, {
      email: demo.username,
      passwordHash,
      role: demo.role,
      accountId: accounts.get(demo.account)!.id,
      firstName: demo.firstName,
      lastName: demo.lastName,
      multiUserId,
    }),
  );
}
