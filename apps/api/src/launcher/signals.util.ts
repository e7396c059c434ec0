export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs `boot` and then removes the stop-signal listeners it added, so the launcher alone decides how to stop.
 * NestJS's enableShutdownHooks() closes the app on SIGINT and then re-sends the signal to the process, which
 * the launcher would take for a second Ctrl-C (a forced exit). app.close() still runs Nest's shutdown hooks.
 */
export async function withoutAddedSignalListeners<T>(boot: () => Promise<T>): Promise<T> {
  const before = new Map(STOP_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  try {
    return await boot();
  } finally {
    for (const signal of STOP_SIGNALS) {
      for (const listener of process.listeners(signal)) if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
}
