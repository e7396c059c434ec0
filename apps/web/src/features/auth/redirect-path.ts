/**
 * The `redirectPath` query of the login page, if it is a path on this site (never another origin,
 * never the login page itself); otherwise null.
 */
export function safeRedirectPath(value: unknown, origin: string): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin || url.pathname === '/login') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The `token` query parameter, read raw (a `+` stays a `+`) and decoded. */
export function tokenFromSearch(search: string): string | null {
  const raw = /(?:^|[?&])token=([^&#]*)/.exec(search)?.[1];
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The URL without its `token` query parameter. */
export function withoutToken(url: URL): string {
  const search = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair && !pair.startsWith('token='))
    .join('&');
  return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}
