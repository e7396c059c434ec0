import { createHash, randomBytes, randomInt } from 'node:crypto';
import * as argon2 from 'argon2';

/** A random bearer token: 256 bits, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are looked up by their SHA-256, so a database leak reveals no usable token. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, { type: argon2.argon2id });

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Recovery codes: ten groups of 4-4 digits-and-letters, easy to read back. */
export function newRecoveryCodes(count = 10): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const group = () => Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return Array.from({ length: count }, () => `${group()}-${group()}`);
}
