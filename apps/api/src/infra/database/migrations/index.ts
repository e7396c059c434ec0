import { Init1795256455025 } from './1795256455025-Init';

/** Every migration, in order. A generated migration is added here after review. */
export const MIGRATIONS = [Init1795256455025];
