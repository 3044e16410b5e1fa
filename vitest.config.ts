import { defineConfig } from 'vitest/config';
import { semesterLastReadingDayFor, suiteDate } from './tests/suite-date.ts';

// The semester moves with the suite's date, so weekly availability always has weeks ahead. The site's
// config reads import.meta.env under Vite, which holds this variable only with the envPrefix below
// (that one alone: other PUBLIC_* settings of the shell stay out of the tests).
process.env.PUBLIC_SEMESTER_LAST_READING_DAY = semesterLastReadingDayFor(suiteDate());

/** The API tests' settings (both projects below). */
const apiTest = {
  environment: 'node',
  globalSetup: ['tests/api/global-setup.ts'],
  setupFiles: ['tests/api/setup.ts'],
  globals: true,
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

/** API test files that replace a module (vi.mock): each runs in a process of its own. */
const API_FILES_THAT_MOCK = ['tests/api/daylight-saving.test.ts'];

/**
 * Two projects: unit tests (pure helpers, the API client, UI components, in happy-dom) and API
 * tests (the Hono app in process over a real database: PGlite, plus PostgreSQL when
 * TEST_DATABASE_URL is set). The API tests run at the suite's date (TEST_DATE, tests/suite-date.ts).
 */
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  css: { modules: { localsConvention: 'camelCase' } },
  envPrefix: ['VITE_', 'PUBLIC_SEMESTER_LAST_READING_DAY'],
  plugins: [
    {
      // Vite writes import.meta.env's values into the modules it transforms, and Vitest's module cache
      // on disk does not key on them: a run at another date would keep the last run's semester.
      name: 'env-in-module-cache-key',
      configureVitest: ({ defineCacheKeyGenerator }) => defineCacheKeyGenerator(({ environment }) => JSON.stringify(environment.config.env)),
    },
  ],
  test: {
    // Three files at once on a 2-core machine: an API test file mostly waits (on PostgreSQL, on the
    // sign-in floors' 300 ms), so the API suite takes about half as long as one file at a time
    // (300 s → 155 s measured), and the unit tests are not slower.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
          globals: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: API_FILES_THAT_MOCK,
          isolate: false,
          ...apiTest,
        },
      },
      {
        extends: true,
        test: { name: 'api-isolated', include: API_FILES_THAT_MOCK, ...apiTest },
      },
    ],
  },
});
