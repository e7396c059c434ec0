export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface WaitOptions {
  timeoutMs: number;
  intervalMs?: number;
  /** Checked before each try: a reason to give up at once (say, the process died). */
  giveUp?: () => string | undefined;
}

/** Retries `probe` until it returns true; services take a moment to accept connections after they spawn. */
export async function waitUntil(what: string, probe: () => Promise<boolean>, options: WaitOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const reason = options.giveUp?.();
    if (reason) throw new Error(`${what}: ${reason}`);
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: no answer after ${Math.round(options.timeoutMs / 1000)} s`);
    await sleep(options.intervalMs ?? 100);
  }
}
