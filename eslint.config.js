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

/**
 * The server's layers, lowest first: a folder imports only from its own layer and the ones below
 * (docs/architecture.md, 'The layers'). The base (settings, the clock) imports no folder; db/ holds
 * the schema and migrations and imports nothing of the server above it; start/ opens the database
 * (with the caches' change feed and, in demo mode, the seed) and sits at the top with the
 * processes' entry points, the demo data and the admin commands.
 */
const SERVER_BASE = ['./server/clock.ts', './server/epoch.ts', './server/config.ts', './server/build-settings.ts'];
const SERVER_LAYERS = [
  ['./server/db'],
  // What happened that someone must be told of: recorded by the domain, told by notify (decision 024).
  ['./server/events'],
  ['./server/payments', './server/photo-store'],
  ['./server/domain'],
  ['./server/notify', './server/jobs'],
  ['./server/http'],
  ['./server/cache', './server/openapi'],
  ['./server/routes'],
  ['./server/start', './server/demo', './server/admin', './server/app.ts', './server/main.ts', './server/dev.ts', './server/site.ts', './server/cluster.ts', './server/periodic.ts', './server/photos.ts', './server/static.ts', './server/live-home.ts', './server/dashboard-shell.ts'],
];
const SERVER_LAYER_ZONES = [
  { target: SERVER_BASE, from: SERVER_LAYERS.flat(), message: 'Settings and the clock are the server\'s base: they import no server folder.' },
  ...SERVER_LAYERS.slice(0, -1).flatMap((layer, index) =>
    layer.map((folder) => ({
      target: folder,
      from: SERVER_LAYERS.slice(index + 1).flat(),
      message: `A server layer imports only from its own layer and those below it (eslint.config.js SERVER_LAYERS): ${folder} may not import this.`,
    })),
  ),
];

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
    // server/http, server/routes and server/app.ts are above it (SERVER_LAYERS); Hono is refused here.
    from: ['./node_modules/hono', './node_modules/@hono'],
    message: 'The domain is testable without HTTP: no Hono.',
  },
  ROUTES_MAY_NOT_IMPORT_DB,
  ...SERVER_LAYER_ZONES,
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
const QUERY_BUILDER_ENTRIES = '/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|with|withRecursive|transaction|connection|executeQuery)$/';
const ROUTES_DO_NO_SQL_MESSAGE = 'Routes do no SQL: move this query into server/domain as a named function and call it.';
const ROUTES_DO_NO_SQL = [
  { selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=${QUERY_BUILDER_ENTRIES}]`, message: ROUTES_DO_NO_SQL_MESSAGE },
  // db['selectFrom'](…) and db[`selectFrom`](…) reach the same entry points.
  { selector: `MemberExpression[computed=true][property.value=${QUERY_BUILDER_ENTRIES}]`, message: ROUTES_DO_NO_SQL_MESSAGE },
  { selector: `MemberExpression[computed=true][property.type='TemplateLiteral'][property.quasis.0.value.cooked=${QUERY_BUILDER_ENTRIES}]`, message: ROUTES_DO_NO_SQL_MESSAGE },
];

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

/**
 * A screen function this long mixes its rules with its markup: the rules go to a model or flow
 * module tested on its own (sessions/staff-card-model.ts, booking/checkout-flow.ts), the panels to
 * components of their own. Comments and blank lines do not count: explaining why costs nothing.
 * tests/unit/build/function-length-lint.test.ts proves the rule fires.
 */
const FEATURE_FUNCTION_LINES = { max: 120, skipBlankLines: true, skipComments: true };

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
      'no-restricted-properties': [
        'error',
        { object: 'navigator', property: 'sendBeacon', message: ONLY_THE_API_CLIENT_FETCHES },
        // The globals reached through the global object: window.fetch(…), globalThis.fetch(…), self.fetch(…).
        ...['window', 'globalThis', 'self'].flatMap((object) => ['fetch', 'XMLHttpRequest', 'EventSource', 'WebSocket'].map((property) => ({ object, property, message: ONLY_THE_API_CLIENT_FETCHES }))),
      ],
    },
  },
  {
    files: ['src/features/**'],
    rules: { 'max-lines-per-function': ['error', FEATURE_FUNCTION_LINES] },
  },
  {
    files: ['server/domain/**', 'server/notify/**', 'server/jobs/**', 'server/http/**'],
    rules: { 'no-restricted-syntax': ['error', ...SERVER_CLOCK_SELECTORS] },
  },
  {
    files: ['server/routes/**'],
    rules: { 'no-restricted-syntax': ['error', ...SERVER_CLOCK_SELECTORS, ...ROUTES_DO_NO_SQL] },
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
