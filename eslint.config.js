import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layering of the README's code tour, checked on the file an import RESOLVES to (not on the
 * words of the import), so `../../../server/x.ts` and `../sessions/X.tsx` are caught however many
 * `../` they take. Paths are relative to this file. tests/unit/build/layering-lint.test.ts proves
 * that each zone fires. Decision 018 (docs/decisions/018-layering-lint.md).
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED = ['./src/ui', './src/lib', './src/api', './src/contract', './src/config'];

/**
 * Routes parse, call the domain and answer. They hold the database handle only to pass it on,
 * typed from server/domain/handle.ts; kysely (its `sql` tag, its types) is the domain's too.
 */
const ROUTES_MAY_NOT_IMPORT_DB = {
  target: './server/routes',
  from: ['./server/db', './node_modules/kysely'],
  message: 'Routes parse, call the domain and answer: reading and writing the database belongs in server/domain (the handle\'s type is in server/domain/handle.ts).',
};

const LAYER_ZONES = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need to src/lib, src/ui or src/api, or let an island compose them.',
  })),
  { target: './src/features', from: './src/islands', message: 'Features do not import islands: islands compose features.' },
  { target: './src', from: './server', message: 'Code in src/ does not import the server: share through src/contract, src/lib or src/config.' },
  { target: SHARED, from: ['./src/features', './src/islands'], message: 'Shared code (ui, lib, api, contract, config) does not import features or islands.' },
  {
    target: './server/domain',
    from: ['./server/http', './server/routes', './server/app.ts', './node_modules/hono', './node_modules/@hono'],
    message: 'The domain is testable without HTTP: no Hono, no server/http, server/routes or server/app.ts.',
  },
  ROUTES_MAY_NOT_IMPORT_DB,
];

const restrictedPaths = (zones) => ['error', { basePath: import.meta.dirname, zones }];

/** Only the API client talks to the network (README: src/api is the only code that fetches). */
const ONLY_THE_API_CLIENT_FETCHES = 'Only src/api talks to the server: call its function for this request.';

/** Time rules read server/clock.ts, which tests set; the machine's clock would make them untestable. */
const SERVER_CLOCK = 'Read the time from server/clock.ts (now()), which tests set, not the machine clock.';
const SERVER_CLOCK_SELECTORS = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: SERVER_CLOCK },
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: SERVER_CLOCK },
];

/**
 * A route that holds the handle could still query through it, which no import rule sees: the
 * query builder's entry points are refused by name in server/routes.
 */
const ROUTES_DO_NO_SQL = {
  selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|with|withRecursive|transaction|connection|executeQuery)$/]",
  message: 'Routes do no SQL: move this query into server/domain as a named function and call it.',
};

/**
 * The journeys run on the suite's clock (tests/e2e/suite-clock.ts): its `test` installs the
 * server's time in the browser, `newContext` does the same for a context of a journey's own, and
 * the days a journey works with come from the suite's instant or the server's clock, never the
 * machine's (a journey that passes today must pass at 21:00 on campus and next month).
 */
const JOURNEY_CLOCK = 'Journeys run on the suite\'s clock: take `test` and `newContext` from tests/e2e/suite-clock.ts, and the time from suiteStart() or serverNow().';
const JOURNEY_CLOCK_RULES = {
  'no-restricted-imports': ['error', { paths: [{ name: '@playwright/test', importNames: ['test'], message: JOURNEY_CLOCK }] }],
  'no-restricted-syntax': [
    'error',
    { selector: "CallExpression[callee.property.name='newContext'][callee.object.type!='MemberExpression'][callee.object.name!='request']", message: JOURNEY_CLOCK },
    { selector: "NewExpression[callee.name=/^(Date|TZDate)$/][arguments.0.callee.object.name='Date'][arguments.0.callee.property.name='now']", message: JOURNEY_CLOCK },
  ],
};

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', '.astro/', '.data/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      'import-x/no-restricted-paths': restrictedPaths(LAYER_ZONES),
    },
  },
  {
    files: ['src/**'],
    ignores: ['src/api/**'],
    rules: {
      'no-restricted-globals': ['error', ...['fetch', 'XMLHttpRequest', 'EventSource', 'WebSocket'].map((name) => ({ name, message: ONLY_THE_API_CLIENT_FETCHES }))],
      'no-restricted-properties': ['error', { object: 'navigator', property: 'sendBeacon', message: ONLY_THE_API_CLIENT_FETCHES }],
    },
  },
  {
    files: ['server/domain/**', 'server/notify/**', 'server/jobs/**', 'server/http/**'],
    rules: { 'no-restricted-syntax': ['error', ...SERVER_CLOCK_SELECTORS] },
  },
  {
    files: ['server/routes/**'],
    rules: { 'no-restricted-syntax': ['error', ...SERVER_CLOCK_SELECTORS, ROUTES_DO_NO_SQL] },
  },
  {
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['tests/e2e/**'],
    ignores: ['tests/e2e/suite-clock.ts'],
    rules: JOURNEY_CLOCK_RULES,
  },
);
