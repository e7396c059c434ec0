import { z } from 'zod';

/** Query strings arrive as strings: a boolean flag is true for true, 'true' or '1' (spec 5). */
export const queryFlag = (fallback: boolean) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : value === true || value === 'true' || value === '1'),
    z.boolean(),
  );

/** A non-negative integer from the query string, falling back when absent or not numeric (spec 5). */
export const queryInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess((value) => {
    const parsed = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
    return Number.isFinite(parsed) && parsed >= 0 ? Math.min(parsed, max) : fallback;
  }, z.number().int());
