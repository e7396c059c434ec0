/**
 * Numbers of the benchmark: latency percentiles, throughput and the printed table. No I/O, so it is unit tested
 * (see __tests__/bench-stats.spec.ts).
 */

/** What one scenario run at one concurrency measured. */
export interface ScenarioResult {
  scenario: string;
  concurrency: number;
  /** Wall time from the first request sent to the last response read, in ms. */
  elapsedMs: number;
  /** Time of each request, sent to body read, in ms (errors included: a fast failure is still a request). */
  latenciesMs: readonly number[];
  /** Requests that failed: non-2xx status, network error or timeout. */
  errors: number;
}

export interface ScenarioSummary {
  scenario: string;
  requests: number;
  concurrency: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
}

/** Nearest-rank percentile (p in 0–100) of values sorted ascending: the smallest value at least p% of them don't exceed. NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  if (p < 0 || p > 100 || Number.isNaN(p)) throw new RangeError(`percentile must be within 0–100, got ${p}`);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(result: ScenarioResult): ScenarioSummary {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const requests = sorted.length;
  return {
    scenario: result.scenario,
    requests,
    concurrency: result.concurrency,
    requestsPerSecond: result.elapsedMs > 0 ? (requests * 1000) / result.elapsedMs : Number.NaN,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    errors: result.errors,
  };
}

/** A number for the table: one decimal below 100, none above; `-` when unknown. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '-';
  return value < 100 ? value.toFixed(1) : Math.round(value).toString();
}

const COLUMNS: ReadonlyArray<{ title: string; cell: (row: ScenarioSummary) => string; alignRight: boolean }> = [
  { title: 'scenario', cell: (row) => row.scenario, alignRight: false },
  { title: 'requests', cell: (row) => String(row.requests), alignRight: true },
  { title: 'concurrency', cell: (row) => String(row.concurrency), alignRight: true },
  { title: 'req/s', cell: (row) => formatNumber(row.requestsPerSecond), alignRight: true },
  { title: 'p50 ms', cell: (row) => formatNumber(row.p50Ms), alignRight: true },
  { title: 'p95 ms', cell: (row) => formatNumber(row.p95Ms), alignRight: true },
  { title: 'p99 ms', cell: (row) => formatNumber(row.p99Ms), alignRight: true },
  { title: 'errors', cell: (row) => String(row.errors), alignRight: true },
];

/** The summaries as a Markdown table with aligned columns: readable in a terminal, pasteable into a README. */
export function formatTable(rows: readonly ScenarioSummary[]): string {
  const cells = rows.map((row) => COLUMNS.map((column) => column.cell(row)));
  const widths = COLUMNS.map((column, index) => Math.max(column.title.length, 3, ...cells.map((line) => line[index].length)));
  const line = (values: readonly string[]) =>
    `| ${values.map((value, index) => (COLUMNS[index].alignRight ? value.padStart(widths[index]) : value.padEnd(widths[index]))).join(' | ')} |`;
  const rule = `| ${widths.map((width, index) => (COLUMNS[index].alignRight ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`;
  return [line(COLUMNS.map((column) => column.title)), rule, ...cells.map((values) => line(values))].join('\n');
}
