import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4399);
/**
 * The semester the journeys run in ends 20 weeks from today, so weekly availability has weeks to
 * repeat whatever day the suite runs (the configured default is a fixed date).
 */
const semesterEnd = new Date(Date.now() + 20 * 7 * 24 * 3600_000).toISOString().slice(0, 10);
export const baseURL = `http://localhost:${PORT}`;

/**
 * Journeys in Chromium against the production server (built site + API) on a fresh demo database.
 * Debian's Chromium is used when installed (Playwright cannot download its own browser here).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'rm -rf .data/e2e && npm run build && node server/main.ts',
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { DATA_DIR: '.data/e2e', PORT: String(PORT), LOG_REQUESTS: '0', ASTRO_TELEMETRY_DISABLED: '1', PUBLIC_SEMESTER_LAST_READING_DAY: semesterEnd },
  },
});
