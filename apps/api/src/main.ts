import 'reflect-metadata';
import { ConfigError } from './infra/config/config';
import { serve } from './app/serve';

/** Entry for deployments that provide every service by environment (see launcher/ for the local one). */
serve(process.env)
  .then(({ url }) => console.log(`Library API listening at ${url}`))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
