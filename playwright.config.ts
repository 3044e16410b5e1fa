import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './tests/e2e/browser.ts';
import { e2eBaseURL, e2eDataDir, e2ePort, e2eServerEnv, PREBUILT_FLAG } from './tests/e2e/server-env.ts';

const PORT = e2ePort();
/** npm test builds the site while the API tests run (scripts/test.ts); alone, the web server builds it. */
const prebuilt = process.env[PREBUILT_FLAG] === '1';
export const baseURL = e2eBaseURL();

/**
 * Journeys in Chromium against the production server (built site + API) on a fresh demo database,
 * at the suite's instant (TEST_DATE: the server's clock starts there, and each browser's is set to
 * the server's, tests/e2e/suite-clock.ts).
 * Debian's Chromium is used when installed (tests/e2e/browser.ts).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // A shard's own (scripts/test.ts runs two at once; each clears its folder when it starts).
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // A failed journey keeps its trace: each action's page (DOM snapshots), its network, console and
    // errors. Without the screencast: its frames cost the two shards about 15% of their CPU (measured
    // on three spec files: 45 → 38 CPU-seconds), and the snapshots show the page better anyway.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunch,
  },
  webServer: {
    command: prebuilt ? 'node server/main.ts' : `rm -rf ${e2eDataDir()} && npm run build && node server/main.ts`,
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { ...e2eServerEnv(), PORT: String(PORT) },
  },
});
