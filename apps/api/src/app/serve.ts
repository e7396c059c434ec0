import { NestFactory } from '@nestjs/core';
import { loadConfig } from '../infra/config/config';
import { runMigrations } from '../infra/database/migrate';
import { seedDemo } from '../seed/seed';
import { createApp } from './create-app';
import { AppModule } from './app.module';

/**
 * Boots the product from an environment: validated config, migrations, demo data, then HTTP
 * (roles api and all) or only the background workers (role worker).
 */
export async function serve(env: NodeJS.ProcessEnv): Promise<{ url: string; close(): Promise<void> }> {
  const config = loadConfig(env);
  await runMigrations(config.DATABASE_URL);
  if (config.SEED_DEMO) await seedDemo(config.DATABASE_URL);
  if (config.APP_ROLE === 'worker') {
    const context = await NestFactory.createApplicationContext(AppModule.forRoot(config));
    context.enableShutdownHooks();
    return { url: config.PUBLIC_URL, close: () => context.close() };
  }
  const app = await createApp(config);
  await app.listen(config.PORT);
  return { url: config.PUBLIC_URL, close: () => app.close() };
}
