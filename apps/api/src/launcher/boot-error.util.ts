import { ConfigError } from '../infra/config/config';
import { LauncherError } from './launcher-error';

/** Expected problems (configuration, a missing tool, a busy port) print as a message; bugs keep their stack. */
export function describeBootError(error: unknown): string {
  if (error instanceof LauncherError || error instanceof ConfigError) return error.message;
  const { code, port } = (error ?? {}) as { code?: unknown; port?: unknown };
  if (code === 'EADDRINUSE') return `port ${String(port ?? '')} is already in use: stop what holds it, or set PORT to another one`;
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}
