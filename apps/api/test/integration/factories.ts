import { INestApplication } from '@nestjs/common';
import type { UserRole } from '@library/contracts';
import { DataSource } from 'typeorm';
import { AccountEntity } from '../../src/modules/accounts/account.entity';
import { UserEntity } from '../../src/modules/accounts/user.entity';
import { hashPassword } from '../../src/modules/identity/secrets';
import { DEMO_PASSWORD } from '../../src/seed/demo-users';
import { uniqueEmail } from './test-app';

/** Small factories writing straight to the database, for tests that must not disturb the demo data. */
export async function createAccount(
  app: INestApplication,
  name = `acct-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
) {
  const repository = app.get(DataSource).getRepository(AccountEntity);
  return repository.save(repository.create({ name, label: name }));
}

export async function createUser(
  app: INestApplication,
  options: { role?: UserRole; accountId?: string; email?: string; multiUserId?: string } = {},
) {
  const dataSource = app.get(DataSource);
  const accountId = options.accountId ?? (await createAccount(app)).id;
  const repository = dataSource.getRepository(UserEntity);
  return repository.save(
    repository.create({
      accountId,
      email: options.email ?? uniqueEmail('user'),
      passwordHash: await hashPassword(DEMO_PASSWORD),
      role: options.role ?? 'USER',
      multiUserId: options.multiUserId ?? null,
    }),
  );
}
