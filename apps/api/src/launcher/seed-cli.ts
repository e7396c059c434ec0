import 'reflect-metadata';
import { seedDemoData } from '../seed/seed';
import { describeBootError } from './boot-error.util';
import { resolveDataDir } from './data-dir.util';
import { LocalServices, mergeServiceEnv, startLocalServices } from './local-services';

/** `npm run seed`: the same services as `npm start` (started only if missing), migrations and demo data, then stop. */
async function main(): Promise<void> {
  let services: LocalServices | undefined;
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) {
      services?.killAll();
      process.exit(130);
    }
    interrupted = true;
    console.error(`\n${signal}: stopping (press Ctrl-C again to force)`);
    if (services) void services.stopAll().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal);

  let code = 0;
  try {
    services = await startLocalServices(process.env, resolveDataDir(process.env));
    if (!interrupted) {
      await seedDemoData(mergeServiceEnv(process.env, services.env));
      console.log('Demo data is in place.');
    }
  } catch (error) {
    console.error(`Seeding failed: ${describeBootError(error)}`);
    code = 1;
  }
  await services?.stopAll();
  process.exit(interrupted ? 130 : code);
}

void main();
