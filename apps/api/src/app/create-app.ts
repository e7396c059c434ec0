import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express from 'express';
import { Logger } from 'nestjs-pino';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AllExceptionsFilter } from '../common/errors/all-exceptions.filter';
import { QuietBootLogger } from '../common/logging/quiet-boot.logger';
import { AppConfig } from '../infra/config/config';
import { AppModule, AppModuleExtras } from './app.module';

export const OPENAPI_PATH = 'api/docs';

/** Paths the API answers; everything else is the web app's (history-mode routes fall back to index.html). */
const API_PATHS = /^\/(api|health)(\/|$)/;

export async function createApp(config: AppConfig, extras: AppModuleExtras = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, extras), { bufferLogs: true });
  app.useLogger(new QuietBootLogger(app.get(Logger)));
  app.useGlobalFilters(new AllExceptionsFilter());
  app.set('trust proxy', 'loopback');
  // Nested query strings (`filter[ids][in]=…`), as the spec's client writes them.
  app.set('query parser', 'extended');
  app.useBodyParser('json', { limit: '5mb' });
  app.enableShutdownHooks();

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Template library API')
      .setDescription('Services of the template library and agent marketplace')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup(OPENAPI_PATH, app, document, { jsonDocumentUrl: `${OPENAPI_PATH}/openapi.json` });

  serveWebApp(app, config);
  return app;
}

function serveWebApp(app: NestExpressApplication, config: AppConfig): void {
  const webDist = resolve(config.WEB_DIST ?? join(__dirname, '../../../web/dist'));
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return;
  app.use(express.static(webDist, { index: false }));
  app.use((request: express.Request, response: express.Response, next: express.NextFunction) => {
    if (request.method !== 'GET' || API_PATHS.test(request.path)) return next();
    response.sendFile(index);
  });
}
