export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Writes progress at most once per `intervalMs`, and never a value that isn't higher than the last one; the
 * latest value reported within an interval is written at its end. Writes never overlap and never reject
 * (`onError` hears of failures), so a handler reporting progress is not slowed down by the database.
 */
export class ProgressThrottle {
  private written = -1;
  private pending: number | null = null;
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private inFlight: Promise<void> | null = null;
  private timer: unknown = null;
  private closed = false;

  constructor(
    private readonly write: (percent: number) => Promise<void>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Resolves once the value is written, or at once when it waits for the end of the interval. */
  report(percent: number): Promise<void> {
    const value = Math.max(0, Math.min(100, Math.round(percent)));
    if (this.closed || !Number.isFinite(value) || value <= Math.max(this.written, this.pending ?? -1)) return Promise.resolve();
    this.pending = value;
    if (this.inFlight || this.timer !== null) return Promise.resolve();
    const wait = this.lastWriteAt + this.intervalMs - this.clock.now();
    if (wait <= 0) return this.writePending();
    this.schedule(wait);
    return Promise.resolve();
  }

  /** Writes what is pending now, after any write in flight. */
  async flush(): Promise<void> {
    this.cancelTimer();
    if (this.inFlight) await this.inFlight;
    if (this.pending !== null) await this.writePending();
  }

  /** Drops what is pending and waits for a write in flight; nothing is written afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    this.pending = null;
    this.cancelTimer();
    if (this.inFlight) await this.inFlight;
  }

  private writePending(): Promise<void> {
    const value = this.pending;
    if (value === null || this.closed) return Promise.resolve();
    this.pending = null;
    this.lastWriteAt = this.clock.now();
    const write = this.write(value)
      .then(() => {
        this.written = Math.max(this.written, value);
      })
      .catch(this.onError)
      .finally(() => {
        this.inFlight = null;
        if (this.pending !== null && !this.closed) this.schedule(Math.max(0, this.lastWriteAt + this.intervalMs - this.clock.now()));
      });
    this.inFlight = write;
    return write;
  }

  private schedule(ms: number): void {
    if (this.timer !== null) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.writePending();
    }, ms);
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
