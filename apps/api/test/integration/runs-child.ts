import { ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(__dirname, '../../../..');

/** Loads TypeScript in the child the way Jest does here (SWC, legacy decorators with metadata, CommonJS). */
const TS_HOOK = `
const { addHook } = require('pirates');
const swc = require('@swc/core');
addHook(
  (code, filename) =>
    swc.transformSync(code, {
      filename,
      sourceMaps: 'inline',
      jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' },
      module: { type: 'commonjs' },
    }).code,
  { exts: ['.ts'] },
);
require(process.argv[1]);
`;

export interface WorkerProcess {
  child: ChildProcess;
  /** What the child wrote, for failure messages. */
  output(): string;
  /** Resolves when it exits, with its exit code or signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts a worker script of this folder (runs-worker.ts by default) in a child process and waits until it says `ready`. */
export async function startWorkerProcess(env: NodeJS.ProcessEnv, script = 'runs-worker.ts', timeoutMs = 30_000): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['-e', TS_HOOK, join(__dirname, script)], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_NO_WARNINGS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const ready = new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the worker process did not get ready in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    child.stdout!.on('data', () => {
      if (/^ready$/m.test(output)) {
        clearTimeout(timer);
        done();
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      fail(new Error(`the worker process exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
  await ready;
  return { child, output: () => output, exited };
}
