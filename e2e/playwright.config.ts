import { defineConfig, devices } from '@playwright/test';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const repoRoot = resolve(__dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const dataDir = resolve(repoRoot, '.data/e2e');

// Once per run, in the runner (workers load this file too and inherit the marker): a fresh data
// directory, and none of the developer's service URLs, so the launcher brings its own PostgreSQL, Redis and S3.
if (!process.env.E2E_DATA_RESET) {
  process.env.E2E_DATA_RESET = '1';
  rmSync(dataDir, { recursive: true, force: true });
  for (const name of Object.keys(process.env)) {
    if (name === 'DATABASE_URL' || name === 'REDIS_URL' || name.startsWith('S3_')) delete process.env[name];
  }
}

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: './test-results/results.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node apps/api/dist/launcher/start.js',
    cwd: repoRoot,
    url: `${baseURL}/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // Let the launcher stop the services it started (a killed launcher would leave PostgreSQL running).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
    },
  },
});
