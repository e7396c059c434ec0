/**
 * Query strings as nested structures (spec 2): `a[b]=1&list[0]=x&list[1]=y`.
 * Parsing decodes; writing leaves values readable and escapes only the characters
 * that would change the structure (`%`, `&`, `#`, `+`, whitespace; in keys also `=`, `[` and `]`).
 */
export type QueryValue = string | QueryValue[] | QueryObject;
export interface QueryObject {
  [key: string]: QueryValue;
}
export type QueryInput = { [key: string]: QueryInputValue };
export type QueryInputValue = string | number | boolean | null | undefined | QueryInputValue[] | QueryInput;

const MAX_ARRAY_INDEX = 100;

function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

function keyPath(rawKey: string): string[] {
  const open = rawKey.indexOf('[');
  if (open <= 0) return [rawKey];
  const path = [rawKey.slice(0, open)];
  const rest = rawKey.slice(open);
  const segment = /\[([^[\]]*)\]/g;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = segment.exec(rest)) !== null && match.index === consumed) {
    path.push(match[1]);
    consumed += match[0].length;
  }
  if (consumed < rest.length) path.push(rest.slice(consumed));
  return path;
}

const isIndex = (segment: string) => /^\d+$/.test(segment) && Number(segment) <= MAX_ARRAY_INDEX;

function assign(target: QueryObject | QueryValue[], path: string[], value: string): void {
  const [head, ...rest] = path;
  const container = target as Record<string, QueryValue>;
  if (Array.isArray(target) && head === '') {
    if (rest.length === 0) {
      target.push(value);
      return;
    }
    const child: QueryObject | QueryValue[] = rest[0] === '' || isIndex(rest[0]) ? [] : {};
    target.push(child);
    assign(child, rest, value);
    return;
  }
  if (rest.length === 0) {
    const existing = container[head];
    if (existing === undefined) container[head] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else if (typeof existing === 'string') container[head] = [existing, value];
    return;
  }
  let child = container[head];
  if (typeof child !== 'object' || child === null) {
    child = rest[0] === '' || isIndex(rest[0]) ? [] : {};
    container[head] = child;
  } else if (Array.isArray(child) && rest[0] !== '' && !isIndex(rest[0])) {
    child = Object.fromEntries(child.map((item, index) => [String(index), item])) as QueryObject;
    container[head] = child;
  }
  assign(child, rest, value);
}

function compactArrays(value: QueryValue): QueryValue {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compactArrays);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, compactArrays(item)]));
  return value;
}

/** Parses `?a[b]=1&c=2` (leading `?` optional) into `{ a: { b: '1' }, c: '2' }`. */
export function parseQuery(search: string): QueryObject {
  const text = search.startsWith('?') ? search.slice(1) : search;
  const result: QueryObject = {};
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const equals = pair.indexOf('=');
    const rawKey = decode(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : decode(pair.slice(equals + 1));
    if (!rawKey) continue;
    assign(result, keyPath(rawKey), value);
  }
  return compactArrays(result) as QueryObject;
}

const escapeValue = (text: string) => text.replace(/[%&#+\s]/g, (char) => encodeURIComponent(char));
const escapeKey = (text: string) => text.replace(/[%&#+=[\]\s]/g, (char) => encodeURIComponent(char));

function write(prefix: string, value: QueryInputValue, out: string[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => write(`${prefix}[${index}]`, item, out));
    return;
  }
  if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) write(`${prefix}[${escapeKey(key)}]`, item, out);
    return;
  }
  out.push(`${prefix}=${escapeValue(String(value))}`);
}

/** Writes `{ a: { b: 1 }, c: 'x y' }` as `a[b]=1&c=x%20y` (no leading `?`; empty objects give ''). */
export function stringifyQuery(query: QueryInput): string {
  const out: string[] = [];
  for (const [key, value] of Object.entries(query)) write(escapeKey(key), value, out);
  return out.join('&');
}

/** `withQuery('/login', { redirectPath: '/flows' })` → `/login?redirectPath=/flows`. */
export function withQuery(path: string, query: QueryInput): string {
  const search = stringifyQuery(query);
  return search ? `${path}?${search}` : path;
}

/** The first string of a query value (a repeated key gives an array). */
export function queryString(value: QueryValue | undefined): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}
