import { isSilentError } from '../api/http-errors';

/** Spec 8: error reporting ignores these. */
const IGNORED = ['DevelopmentRepository', 'TypeError: Failed to fetch dynamically'];

export function shouldReport(error: unknown): boolean {
  if (isSilentError(error)) return false;
  const text = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
  return !IGNORED.some((pattern) => text.includes(pattern));
}

/** The one place errors are logged; aborted requests and known noise are dropped. */
export function reportError(error: unknown): void {
  if (shouldReport(error)) console.error(error);
}
