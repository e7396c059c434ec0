import { DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule as NestDiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RunEngine } from './run-engine';
import { RunExecutor } from './run-executor';
import { RunHandlerRegistry } from './run-handler.registry';
import { RunKindsDeclaration } from './run-kinds';
import { RunQueue } from './run-queue';
import { RunStore } from './run-store';
import { RunSweeper } from './run-sweeper';
import { RunEntity } from './run.entity';
import { RunsController } from './runs.controller';
import { RUN_ENGINE_OPTIONS, RunEngineOptions, runEngineOptions } from './runs.options';
import { RunsService } from './runs.service';
import { TransactionHooks } from './transaction-hooks';

/** Holds the kinds one feature module declared; see RunsModule.forFeature. */
@Module({})
export class RunKindsModule {}

/**
 * The job engine. AppModule registers it once with `RunsModule.forRoot()`; it is global, so any module can
 * inject RunsService. A feature module that starts runs declares its kinds with `RunsModule.forFeature([...])`
 * and provides one `@RunHandler(kind)` class per kind; worker roles refuse to boot otherwise.
 */
@Module({})
export class RunsModule {
  static forRoot(options: Partial<RunEngineOptions> = {}): DynamicModule {
    return {
      module: RunsModule,
      global: true,
      imports: [TypeOrmModule.forFeature([RunEntity]), NestDiscoveryModule],
      controllers: [RunsController],
      providers: [
        { provide: RUN_ENGINE_OPTIONS, useValue: runEngineOptions(options) },
        TransactionHooks,
        RunStore,
        RunQueue,
        RunHandlerRegistry,
        RunExecutor,
        RunSweeper,
        RunEngine,
        RunsService,
      ],
      exports: [RunsService, TransactionHooks],
    };
  }

  /** Declares the run kinds a feature module starts, so the boot check can insist on a handler for each. */
  static forFeature(kinds: readonly string[]): DynamicModule {
    return {
      module: RunKindsModule,
      providers: [{ provide: `run-kinds:${[...kinds].sort().join(',')}`, useValue: new RunKindsDeclaration(kinds) }],
    };
  }
}
