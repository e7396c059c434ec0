import 'reflect-metadata';
import { serve } from '../app/serve';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from '../seed/demo-users';
import { formatBanner } from './banner.util';
import { describeBootError } from './boot-error.util';
import { resolveDataDir } from './data-dir.util';
import { LocalServices, mergeServiceEnv, startLocalServices } from './local-services';
import { STOP_SIGNALS, withoutAddedSignalListeners } from './signals.util';

/**
 * `npm start`: brings up the services the environment doesn't provide, then the app.
 * The first Ctrl-C (or SIGTERM) closes the app, then the services, and exits 0; a second one forces the exit.
 */
async function main(): Promise<void> {
  let services: LocalServices | undefined;
  let app: Awaited<ReturnType<typeof serve>> | undefined;
  let stopRequested = false;
  let booted = false;

  const stopEverything = async (code: number): Promise<never> => {
    if (app) await app.close().catch((error: Error) => console.error(`Closing the app failed: ${error.message}`));
    await services?.stopAll();
    if (code === 0) console.log('Stopped.');
    process.exit(code);
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopRequested) {
      console.error(`\n${signal} again: exiting now`);
      services?.killAll();
      process.exit(130);
    }
    stopRequested = true;
    console.log(`\n${signal}: stopping (press Ctrl-C again to force)`);
    // While booting, the boot sequence stops at its next step; afterwards we stop from here.
    if (booted) void stopEverything(0);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);

  // The AWS SDK is pinned to its last Node 20 release on purpose; its upgrade notice is noise at every start.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

  try {
    const dataDir = resolveDataDir(process.env);
    services = await startLocalServices(process.env, dataDir);
    if (stopRequested) return stopEverything(0);
    Object.assign(process.env, mergeServiceEnv(process.env, services.env));
    app = await withoutAddedSignalListeners(() => serve(process.env));
    if (stopRequested) return stopEverything(0);
    booted = true;
    console.log(formatBanner(app.url, DEMO_SIGN_INS, DEMO_PASSWORD));
  } catch (error) {
    console.error(`\nThe library could not start: ${describeBootError(error)}`);
    await stopEverything(stopRequested ? 0 : 1);
  }
}

void main();
