import { databaseNameOf, quoteIdentifier, redactUrl, withDatabase } from './database-url.util';
import { LauncherError } from './launcher-error';
import { pgErrorCode, withPgClient } from './pg-client.util';

const INVALID_CATALOG_NAME = '3D000';
const DUPLICATE_DATABASE = '42P04';
const UNIQUE_VIOLATION = '23505';

/**
 * Creates the database a URL names when the server lacks it: tests and e2e point DATABASE_URL at fresh names.
 * Returns true when it created one.
 */
export async function ensureDatabase(url: string): Promise<boolean> {
  const name = databaseNameOf(url);
  try {
    await withPgClient(url, async () => undefined);
    return false;
  } catch (error) {
    if (pgErrorCode(error) !== INVALID_CATALOG_NAME) {
      throw new LauncherError(`Cannot connect to the PostgreSQL at ${redactUrl(url)}: ${(error as Error).message}`);
    }
  }
  const adminUrl = withDatabase(url, name === 'postgres' ? 'template1' : 'postgres');
  try {
    await withPgClient(adminUrl, (client) => client.query(`CREATE DATABASE ${quoteIdentifier(name)}`));
    return true;
  } catch (error) {
    // Another process (a parallel test worker) created it first: that's what we wanted.
    const code = pgErrorCode(error);
    if (code === DUPLICATE_DATABASE || code === UNIQUE_VIOLATION) return false;
    throw new LauncherError(`Cannot create the database "${name}" on ${redactUrl(url)}: ${(error as Error).message}`);
  }
}
