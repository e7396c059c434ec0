/** BullMQ's key prefix for an app whose Redis keys all start with `redisPrefix` (e.g. `library:` → `library:bull`). */
export function bullPrefix(redisPrefix: string): string {
  return `${redisPrefix}bull`;
}

/** Queue names become part of Redis keys: lowercase words and dashes, no `:`. */
const QUEUE_NAME = /^[a-z][a-z0-9-]{0,62}$/;

export function isQueueName(name: string): boolean {
  return QUEUE_NAME.test(name);
}

export function assertQueueName(name: string): void {
  if (!isQueueName(name))
    throw new Error(`"${name}" is not a valid queue name (lowercase letters, digits and dashes, starting with a letter)`);
}
