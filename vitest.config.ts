import { defineConfig } from 'vitest/config';

/**
 * Two projects: unit tests (pure helpers, the API client, UI components, in happy-dom) and API
 * tests (the Hono app in process over a real database: PGlite, plus PostgreSQL when
 * TEST_DATABASE_URL is set).
 */
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  css: { modules: { localsConvention: 'camelCase' } },
  test: {
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
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          globals: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
