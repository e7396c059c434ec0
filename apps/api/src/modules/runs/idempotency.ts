import { createHash } from 'node:crypto';

/** An RFC 4122 version 5 (SHA-1, name-based) UUID. */
export function uuidV5(name: string, namespace: string): string {
  const namespaceBytes = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (namespaceBytes.length !== 16) throw new Error(`${namespace} is not a UUID`);
  const bytes = createHash('sha1').update(namespaceBytes).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const RUN_ID_NAMESPACE = '3d1f6f0e-8f5c-4b7e-9a51-2c8e4d6b7a90';

/**
 * The id of the run an idempotency key stands for: the same kind, owner and key always give the same id, so
 * the primary key makes a second start find the first run (no extra column, safe under concurrency).
 */
export function idempotentRunId(kind: string, owner: { accountId: string | null; userId: string | null }, key: string): string {
  return uuidV5([kind, owner.accountId ?? '', owner.userId ?? '', key].join('\u0000'), RUN_ID_NAMESPACE);
}
