import 'reflect-metadata';
import { ConfigError } from './infra/config/config';
import { serve } from './app/serve';

/** Entry of the worker role: BullMQ processors and the run sweeper, no HTTP (same as APP_ROLE=worker with main.ts). */
serve({ ...process.env, APP_ROLE: 'worker' })
  .then(() => console.log('Library worker started'))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
