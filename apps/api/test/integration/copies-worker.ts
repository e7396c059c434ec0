import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { COPY_KIND_LIST } from '@library/contracts';
import { AppModule } from '../../src/app/app.module';
import { loadConfig } from '../../src/infra/config/config';
import { TEST_RUN_TIMINGS } from './runs-test-handlers';

/**
 * A worker process for the copies' tests (started by copies-child.ts): the worker role of the app, running the copy
 * kinds only, with the engine timings of the tests, against the environment it is given. Prints `ready`.
 */
async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, APP_ROLE: 'worker' });
  const context = await NestFactory.createApplicationContext(
    AppModule.forRoot(config, { runs: { ...TEST_RUN_TIMINGS, workerKinds: [...COPY_KIND_LIST] } }),
    { logger: false },
  );
  context.enableShutdownHooks();
  process.stdout.write('ready\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
