import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * The deploy journey's own Playwright settings (`npm run test:deploy` runs it, after starting the
 * server, Caddy, the SMTP sink and the Stripe stand-in: scripts/test-deploy.ts). Kept apart from
 * playwright.config.ts, whose testDir (tests/e2e) does not reach it, so `npm run test:e2e` never
 * picks it up. Chromium accepts Caddy's internal CA for localhost (ignoreHTTPSErrors).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list', { printSteps: true }]],
  outputDir: '../../test-results/deploy',
  use: {
    baseURL: process.env.DEPLOY_SITE_URL,
    ignoreHTTPSErrors: true,
    trace: 'retain-on-failure',
    locale: 'en-US',
    timezoneId: 'America/Los_Angeles',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
