import { DynamicModule, Module, Type } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SERVICE_PATHS } from '@library/contracts';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../infra/config/config';
import { ConfigModule } from '../infra/config/config.module';
import { dataSourceOptions } from '../infra/database/data-source';
import { QueueModule } from '../infra/queue/queue.module';
import { RedisModule } from '../infra/redis/redis.module';
import { StorageModule } from '../infra/storage/storage.module';
import { AccountsModule } from '../modules/accounts/accounts.module';
import { AgentInstallerModule } from '../modules/agent-installer/installer.module';
import { AgentsModule } from '../modules/agents/agents.module';
import { CatalogueModule } from '../modules/catalogue/catalogue.module';
import { DeployerModule } from '../modules/deployer/deployer.module';
import { DiscoveryModule } from '../modules/discovery/discovery.module';
import { HealthModule } from '../modules/health/health.module';
import { IdentityModule } from '../modules/identity/identity.module';
import { RegistryModule } from '../modules/registry/registry.module';
import { RunsModule } from '../modules/runs/runs.module';
import { RunEngineOptions } from '../modules/runs/runs.options';
import { SettingsModule } from '../modules/settings/settings.module';

/** The services of spec 7, each mounted at the path discovery returns for it. */
const serviceModules = [
  { path: SERVICE_PATHS.sdk, module: IdentityModule },
  { path: SERVICE_PATHS.sdk, module: AccountsModule },
  { path: SERVICE_PATHS.sdk, module: SettingsModule },
  { path: SERVICE_PATHS['library-api'], module: RegistryModule },
  { path: SERVICE_PATHS.agents, module: AgentsModule },
  { path: SERVICE_PATHS['data-hub'], module: CatalogueModule },
  { path: SERVICE_PATHS['agent-installer'], module: AgentInstallerModule },
  { path: SERVICE_PATHS.deployer, module: DeployerModule },
];

/** What a test (or a tool) adds to the app: modules (e.g. run handlers) and job engine timings. */
export interface AppModuleExtras {
  imports?: Array<Type<unknown> | DynamicModule>;
  runs?: Partial<RunEngineOptions>;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, extras: AppModuleExtras = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.LOG_LEVEL,
            // JSON lines for machines; one readable line per entry when a person watches a terminal.
            transport: process.stdout.isTTY
              ? { target: 'pino-pretty', options: { singleLine: true, ignore: 'pid,hostname,req,res,responseTime' } }
              : undefined,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            customSuccessMessage: (request, response, time) =>
              `${request.method} ${request.url} ${response.statusCode} ${Math.round(time)}ms`,
            customErrorMessage: (request, response, error) => `${request.method} ${request.url} ${response.statusCode} ${error.message}`,
            customProps: (request) => ({ principal: (request as { principal?: { userId?: string } }).principal?.userId }),
          },
        }),
        TypeOrmModule.forRoot(dataSourceOptions(config.DATABASE_URL)),
        RedisModule,
        QueueModule,
        StorageModule,
        RunsModule.forRoot(extras.runs),
        DiscoveryModule,
        HealthModule,
        ...serviceModules.map((service) => service.module),
        RouterModule.register(serviceModules),
        ...(extras.imports ?? []),
      ],
    };
  }
}
