import { performance } from 'node:perf_hooks';
import type { ScenarioResult } from './bench-stats';

/**
 * Runs `task` for indexes 0…total-1 with at most `concurrency` in flight (a pool of workers taking the next index),
 * resolving once every task has settled. A task that throws rejects the pool after the others in flight finish.
 */
export async function runPool(total: number, concurrency: number, task: (index: number) => Promise<void>): Promise<void> {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const index = next;
      next += 1;
      await task(index);
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(concurrency, Math.max(total, 0)) }, worker));
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** One request of a scenario: resolves true when it succeeded; false or a throw count as an error. */
export type Send = (index: number) => Promise<boolean>;

/** Sends `requests` requests at `concurrency`, timing each, and counts the failures. */
export async function measure(scenario: string, requests: number, concurrency: number, send: Send): Promise<ScenarioResult> {
  const latenciesMs: number[] = [];
  let errors = 0;
  const started = performance.now();
  await runPool(requests, concurrency, async (index) => {
    const sent = performance.now();
    let ok: boolean;
    try {
      ok = await send(index);
    } catch {
      ok = false;
    }
    latenciesMs.push(performance.now() - sent);
    if (!ok) errors += 1;
  });
  return { scenario, concurrency, elapsedMs: performance.now() - started, latenciesMs, errors };
}
