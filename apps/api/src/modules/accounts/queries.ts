import { DataSource, EntityManager } from 'typeorm';
import { MultiUserEntity } from './multi-user.entity';
import { UserEntity } from './user.entity';

/** A LIKE pattern matching `text` anywhere, with the wildcards in it taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  const failure = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  return failure?.code === '23505' || failure?.driverError?.code === '23505';
}

/** Sign-in emails are unique across users and multi-users. */
export async function emailInUse(db: DataSource | EntityManager, email: string): Promise<boolean> {
  return (await db.getRepository(UserEntity).existsBy({ email })) || (await db.getRepository(MultiUserEntity).existsBy({ email }));
}
