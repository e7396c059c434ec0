import { DynamicModule, Injectable, Module, Provider, Type } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { RunHandler, RunJobContext, RunJobHandler } from '../../src/modules/runs/run-handler';
import { RunsModule } from '../../src/modules/runs/runs.module';
import type { RunEngineOptions } from '../../src/modules/runs/runs.options';

/** Engine timings short enough for tests, long enough that a busy test process isn't taken for a dead worker. */
export const TEST_RUN_TIMINGS: Partial<RunEngineOptions> = {
  heartbeatMs: 200,
  staleAfterMs: 2_000,
  sweepEveryMs: 300,
  lockDurationMs: 3_000,
  stalledIntervalMs: 1_000,
  backoffMs: 300,
  progressThrottleMs: 50,
  eventsPollMs: 100,
  shutdownGraceMs: 3_000,
  abortGraceMs: 1_000,
};

/**
 * Test timings, with workers (and sweeping) only for these test kinds: the other modules' kinds (the registry's)
 * belong to their own tests, whose apps share this database under other Redis prefixes.
 */
export function testRunOptions(workerKinds: TestRunKind[]): Partial<RunEngineOptions> {
  return { ...TEST_RUN_TIMINGS, workerKinds };
}

/** Side effects of test handlers, written in their transactions: one `completed` row per run proves it finished once. */
export const EFFECTS_TABLE = 'run_test_effect';

export async function ensureEffectsTable(dataSource: DataSource): Promise<void> {
  await dataSource.query(
    `CREATE TABLE IF NOT EXISTS ${EFFECTS_TABLE} (
       id serial PRIMARY KEY, run_id uuid NOT NULL, attempt int NOT NULL, note text NOT NULL, pid int NOT NULL,
       at timestamptz NOT NULL DEFAULT now())`,
  );
}

export async function effectsOf(dataSource: DataSource, runId: string): Promise<Array<{ attempt: number; note: string; pid: number }>> {
  return dataSource.query(`SELECT attempt, note, pid FROM ${EFFECTS_TABLE} WHERE run_id = $1 ORDER BY id`, [runId]);
}

const recordEffect = (manager: { query: DataSource['query'] }, context: RunJobContext<unknown>, note: string) =>
  manager.query(`INSERT INTO ${EFFECTS_TABLE} (run_id, attempt, note, pid) VALUES ($1, $2, $3, $4)`, [
    context.run.id,
    context.attempt,
    note,
    process.pid,
  ]);

export interface SleepInput extends Record<string, unknown> {
  steps: number;
  stepMs: number;
}

/** Sleeps `steps` times, reporting progress after each; stops when its signal aborts. */
@Injectable()
@RunHandler('test-sleep')
export class SleepHandler implements RunJobHandler<SleepInput, { slept: number; attempt: number }> {
  async handle({ input, attempt, progress, signal }: RunJobContext<SleepInput>) {
    for (let step = 1; step <= input.steps; step += 1) {
      await sleep(input.stepMs, undefined, { signal });
      await progress((step / input.steps) * 100);
    }
    return { slept: input.steps * input.stepMs, attempt };
  }
}

export interface FailInput extends Record<string, unknown> {
  /** Attempts that fail before one succeeds (default: all). */
  failTimes?: number;
  message: string;
}

/** When each attempt of a run started, for backoff checks. */
export const failAttempts = new Map<string, number[]>();
/** Runs that stop failing (to retry a failed run by hand and see it succeed). */
export const healedRuns = new Set<string>();

@Injectable()
@RunHandler('test-fail')
export class FailHandler implements RunJobHandler<FailInput, { attempt: number }> {
  async handle({ run, input, attempt }: RunJobContext<FailInput>) {
    failAttempts.set(run.id, [...(failAttempts.get(run.id) ?? []), Date.now()]);
    if (!healedRuns.has(run.id) && attempt <= (input.failTimes ?? Number.POSITIVE_INFINITY))
      throw new Error(`${input.message} (attempt ${attempt})`);
    return { attempt };
  }
}

export interface TxInput extends Record<string, unknown> {
  value: string;
  /** Throw inside the transaction after complete(): the domain change and the success must both roll back. */
  throwAfterComplete?: boolean;
}

/** Its last domain change and its success commit in one transaction. */
@Injectable()
@RunHandler('test-tx')
export class TxHandler implements RunJobHandler<TxInput, { value: string }> {
  async handle(context: RunJobContext<TxInput>) {
    await context.progress(50);
    return context.transaction(async (manager) => {
      await recordEffect(manager, context, 'completed');
      const output = await context.complete(manager, { value: context.input.value });
      if (context.input.throwAfterComplete) throw new Error('the handler failed after complete()');
      return output;
    });
  }
}

/** Slow and resumable: records each attempt's start, sleeps with progress, then completes with its side effect. */
@Injectable()
@RunHandler('test-crash')
export class CrashHandler implements RunJobHandler<SleepInput, { attempt: number; pid: number }> {
  async handle(context: RunJobContext<SleepInput>) {
    await context.transaction((manager) => recordEffect(manager, context, 'started'));
    for (let step = 1; step <= context.input.steps; step += 1) {
      await sleep(context.input.stepMs, undefined, { signal: context.signal });
      await context.progress((step / context.input.steps) * 100);
    }
    return context.transaction(async (manager) => {
      await recordEffect(manager, context, 'completed');
      return context.complete(manager, { attempt: context.attempt, pid: process.pid });
    });
  }
}

@Injectable()
@RunHandler('test-dup')
export class DuplicateHandlerA implements RunJobHandler {
  async handle() {
    return null;
  }
}

@Injectable()
@RunHandler('test-dup')
export class DuplicateHandlerB implements RunJobHandler {
  async handle() {
    return null;
  }
}

const HANDLERS = {
  'test-sleep': SleepHandler,
  'test-fail': FailHandler,
  'test-tx': TxHandler,
  'test-crash': CrashHandler,
} satisfies Record<string, Type<RunJobHandler<never, unknown>>>;
export type TestRunKind = keyof typeof HANDLERS;

@Module({})
export class RunsTestModule {
  /** Handlers for `kinds`, and declarations of `declaredOnly` (kinds this app starts but doesn't handle). */
  static register(kinds: TestRunKind[], declaredOnly: string[] = []): DynamicModule {
    const providers: Provider[] = kinds.map((kind) => HANDLERS[kind]);
    return { module: RunsTestModule, imports: declaredOnly.length ? [RunsModule.forFeature(declaredOnly)] : [], providers };
  }

  /** Two handlers for one kind: the worker boot check must refuse it. */
  static withDuplicateHandlers(): DynamicModule {
    return { module: RunsTestModule, providers: [DuplicateHandlerA, DuplicateHandlerB] };
  }
}
