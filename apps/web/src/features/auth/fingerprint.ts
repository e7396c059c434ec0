/**
 * A stable identifier of this browser for "remember this device" (spec 9: computed in idle time or after 500 ms).
 * Not a secret: a hash of what the browser tells every site.
 */
const FALLBACK_DELAY_MS = 500;

function fnv1a(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

export function computeFingerprint(env: { navigator: Navigator; screen: Screen }): string {
  const { navigator, screen } = env;
  const traits = [
    navigator.userAgent,
    navigator.language,
    (navigator.languages ?? []).join(','),
    navigator.hardwareConcurrency,
    `${screen.width}x${screen.height}x${screen.colorDepth}`,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
  ].join('|');
  return [0x811c9dc5, 0x01000193, 0x5bd1e995, 0x27d4eb2f].map((seed) => fnv1a(traits, seed)).join('');
}

let pending: Promise<string> | undefined;

/** The fingerprint, computed once when the browser is idle (or after 500 ms without idle callbacks). */
export function fingerprint(): Promise<string> {
  pending ??= new Promise((resolve) => {
    const run = () => resolve(computeFingerprint(window));
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: FALLBACK_DELAY_MS });
    else setTimeout(run, FALLBACK_DELAY_MS);
  });
  return pending;
}
