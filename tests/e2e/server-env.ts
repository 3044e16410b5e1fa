import { semesterLastReadingDayFor, suiteDate } from '../suite-date.ts';

/**
 * The journeys' server: where its data lives and the settings its pages are built with. Shared by
 * playwright.config.ts (its web server) and scripts/test.ts (which builds the site for it while the
 * API tests run), so that a build made ahead is the one the web server would have made.
 */

/** The demo database of the journeys: made afresh by the build before them (it reads the tutors). */
export const E2E_DATA_DIR = '.data/e2e';

/**
 * The database of this run's server: `E2E_DATA_DIR` from the environment when scripts/test.ts runs
 * the journeys in shards (each on its own copy of the build's database), else the build's.
 */
export const e2eDataDir = (): string => process.env.E2E_DATA_DIR ?? E2E_DATA_DIR;

/** The journeys' server's port: scripts/test.ts gives each shard its own. */
export const e2ePort = (): number => Number(process.env.E2E_PORT ?? 4399);

export const e2eBaseURL = (): string => `http://localhost:${e2ePort()}`;

/**
 * The environment of the build and of the server, the port aside:
 * - the clock starts at the suite's instant (TEST_DATE, tests/suite-date.ts), in the build that
 *   seeds the demo and in the server alike, and the semester ends 20 weeks after it, so the
 *   journeys pass on any day at any hour (suite-clock.ts: the browsers' clocks);
 * - no sign-in floors (a demo-only setting): the journeys are not about timing
 *   (tests/api/rate-limits.test.ts proves the floors), and every journey that reads a login
 *   message polls the outbox for it (outbox.ts).
 */
export function e2eServerEnv(): Record<string, string> {
  const start = suiteDate();
  return {
    DATA_DIR: e2eDataDir(),
    LOG_REQUESTS: '0',
    ASTRO_TELEMETRY_DISABLED: '1',
    DEMO_CLOCK_START: start.toISOString(),
    PUBLIC_SEMESTER_LAST_READING_DAY: semesterLastReadingDayFor(start),
    SIGN_IN_FLOORS: 'off',
  };
}

/**
 * Set by scripts/test.ts once it has built the site with e2eServerEnv(): the web server then only
 * starts. Unset (npm run test:e2e, npx playwright test), the web server builds first.
 */
export const PREBUILT_FLAG = 'E2E_PREBUILT';
