import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../../src/app/app.module';
import { loadConfig } from '../../src/infra/config/config';
import { RunsTestModule, TestRunKind, testRunOptions } from './runs-test-handlers';

/**
 * A worker process for tests (started by runs-child.ts): the worker role of the app with test handlers for
 * the kinds in RUN_TEST_KINDS, against the environment it is given. Prints `ready` once its workers run.
 */
async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, APP_ROLE: 'worker' });
  const kinds = (process.env.RUN_TEST_KINDS ?? '').split(',').filter(Boolean) as TestRunKind[];
  const context = await NestFactory.createApplicationContext(
    AppModule.forRoot(config, { imports: [RunsTestModule.register(kinds)], runs: testRunOptions(kinds) }),
    { logger: false },
  );
  context.enableShutdownHooks();
  process.stdout.write('ready\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
