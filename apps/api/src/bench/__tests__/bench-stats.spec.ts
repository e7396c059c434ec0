import { measure, runPool } from '../bench-runner';
import { formatNumber, formatTable, percentile, summarize } from '../bench-stats';

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => index + 1);

  it('picks the value at the rank ceil(p% of n)', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
  });

  it('never interpolates: small samples give observed values', () => {
    expect(percentile([10, 20, 30], 50)).toBe(20);
    expect(percentile([10, 20, 30], 95)).toBe(30);
    expect(percentile([7], 99)).toBe(7);
  });

  it('gives the smallest value for p 0, NaN for no values, and refuses p out of range', () => {
    expect(percentile([3, 4], 0)).toBe(3);
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe('summarize', () => {
  it('sorts latencies, counts requests and computes throughput from the wall time', () => {
    const summary = summarize({ scenario: 'list', concurrency: 8, elapsedMs: 2000, latenciesMs: [30, 10, 20, 40], errors: 1 });
    expect(summary).toEqual({
      scenario: 'list',
      requests: 4,
      concurrency: 8,
      requestsPerSecond: 2,
      p50Ms: 20,
      p95Ms: 40,
      p99Ms: 40,
      errors: 1,
    });
  });

  it('reports no throughput when nothing was timed', () => {
    expect(summarize({ scenario: 'x', concurrency: 1, elapsedMs: 0, latenciesMs: [], errors: 0 }).requestsPerSecond).toBeNaN();
  });
});

describe('formatTable', () => {
  it('prints an aligned Markdown table with one row per summary', () => {
    const table = formatTable([
      { scenario: 'sign-in', requests: 50, concurrency: 1, requestsPerSecond: 7.26, p50Ms: 137.4, p95Ms: 180, p99Ms: 221.6, errors: 0 },
      {
        scenario: 'id/{id}/latest',
        requests: 300,
        concurrency: 8,
        requestsPerSecond: 165.2,
        p50Ms: 48.46,
        p95Ms: 59.2,
        p99Ms: 66.8,
        errors: 2,
      },
    ]);
    expect(table.split('\n')).toEqual([
      '| scenario       | requests | concurrency | req/s | p50 ms | p95 ms | p99 ms | errors |',
      '| -------------- | -------: | ----------: | ----: | -----: | -----: | -----: | -----: |',
      '| sign-in        |       50 |           1 |   7.3 |    137 |    180 |    222 |      0 |',
      '| id/{id}/latest |      300 |           8 |   165 |   48.5 |   59.2 |   66.8 |      2 |',
    ]);
  });

  it('formats unknown numbers as a dash', () => {
    expect(formatNumber(Number.NaN)).toBe('-');
    expect(formatNumber(99.94)).toBe('99.9');
    expect(formatNumber(100.4)).toBe('100');
  });
});

describe('runPool', () => {
  it('runs every index once with at most `concurrency` tasks in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const seen: number[] = [];
    await runPool(20, 3, async (index) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      seen.push(index);
      inFlight -= 1;
    });
    expect(peak).toBe(3);
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });

  it('does nothing for zero tasks and refuses a concurrency below 1', async () => {
    const task = jest.fn(async () => undefined);
    await runPool(0, 4, task);
    expect(task).not.toHaveBeenCalled();
    await expect(runPool(1, 0, task)).rejects.toThrow(RangeError);
  });

  it('rejects with the error of a task that throws', async () => {
    await expect(
      runPool(5, 2, async (index) => {
        if (index === 3) throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
  });
});

describe('measure', () => {
  it('times every request and counts false answers and throws as errors', async () => {
    const result = await measure('mixed', 10, 4, async (index) => {
      if (index === 2) throw new Error('network down');
      return index % 5 !== 0;
    });
    expect(result.scenario).toBe('mixed');
    expect(result.concurrency).toBe(4);
    expect(result.latenciesMs).toHaveLength(10);
    expect(result.latenciesMs.every((ms) => ms >= 0)).toBe(true);
    expect(result.errors).toBe(3);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(0);
  });
});
