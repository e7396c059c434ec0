import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The nearest directory above `from` whose package.json declares workspaces: the repository root. */
export function findRepoRoot(from: string): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown }).workspaces) return dir;
      } catch {
        // not a readable manifest; keep looking
      }
    }
    if (dir === dirname(dir)) return undefined;
  }
}

/** DATA_DIR (relative to the working directory), else `<repo root>/.data`. */
export function resolveDataDir(env: NodeJS.ProcessEnv, from: string = __dirname, cwd: string = process.cwd()): string {
  if (env.DATA_DIR?.trim()) return resolve(cwd, env.DATA_DIR.trim());
  return join(findRepoRoot(from) ?? cwd, '.data');
}
