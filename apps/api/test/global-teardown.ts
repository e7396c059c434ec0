import { rmSync } from 'node:fs';
import { databaseNameOf, quoteIdentifier } from '../src/launcher/database-url.util';
import { withPgClient } from '../src/launcher/pg-client.util';
import { TEST_RUN_KEY, testRunSlot } from './global-setup';

/** Drops the run's database, stops what global-setup started (newest first) and removes its directory. */
export default async function globalTeardown(): Promise<void> {
  const run = testRunSlot[TEST_RUN_KEY];
  if (!run) return;
  testRunSlot[TEST_RUN_KEY] = undefined;
  if (run.databaseUrl) {
    await withPgClient(run.databaseServerUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(databaseNameOf(run.databaseUrl))} WITH (FORCE)`),
    ).catch((error: Error) => process.stderr.write(`[test services] could not drop the test database: ${error.message}\n`));
  }
  for (const stop of run.stops) await stop().catch(() => undefined);
  if (run.dataDir) rmSync(run.dataDir, { recursive: true, force: true });
}
