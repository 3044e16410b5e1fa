/**
 * npm run test:dates [-- DATE ... [--unit-only | --journeys-only] [vitest arguments]]
 *
 * Runs the unit and API suites (`vitest run`: PGlite, and PostgreSQL too when TEST_DATABASE_URL is
 * set) and then the journeys (built, then in shards as `npm test` runs them: their servers start at
 * that instant and each browser's clock is set to it, tests/e2e/suite-clock.ts) once per date or
 * date-time, with
 * TEST_DATE set to it (the instant the clocks read, and the semester's end 20 weeks later:
 * tests/suite-date.ts), to show the suites pass on any day at any hour. By default the instants the
 * calendar and the campus's zone (America/Los_Angeles) make awkward: 17:30 on campus (already the
 * next day in UTC), 23:45 on campus, the day before daylight saving starts there, the default
 * configuration's last reading day, and 29 February. `--unit-only` or `--journeys-only` runs one
 * of the two; other arguments go to vitest (a file, `--project api`). Prints each run's counts and
 * duration; exits 1 if any failed.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSuiteDate } from '../tests/suite-date.ts';
import { buildForJourneys, journeysInShards, SHARDS } from './test-steps.ts';

const DEFAULT_DATES = [
  '2026-11-24T01:30:00Z', // 17:30 on campus on the 23rd: UTC's date is already the 24th
  '2026-11-24T07:45:00Z', // 23:45 on campus
  '2027-03-13', // the day before daylight saving starts on campus
  '2027-06-11', // the default configuration's last reading day
  '2028-02-29',
];
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VITEST = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');

const args = process.argv.slice(2);
const isDate = (arg: string) => /^\d{4}-\d{2}-\d{2}/.test(arg);
const dates = args.filter(isDate);
const unit = !args.includes('--journeys-only');
const journeys = !args.includes('--unit-only');
const vitestArgs = args.filter((arg) => !isDate(arg) && arg !== '--unit-only' && arg !== '--journeys-only');
for (const date of dates) parseSuiteDate(date); // refuses a date the calendar does not have, before any run

interface Outcome {
  date: string;
  suite: 'unit and API' | 'journeys';
  code: number | null;
  passed: number;
  failed: number;
  /** Files and suites that failed outside a test (a beforeAll): their tests count as skipped. */
  failedSuites: number;
  skipped: number;
  seconds: number;
  /** What `passed` and `failed` count: tests (vitest), or the journeys' shards (each a whole playwright run). */
  unit?: 'shards';
}

async function runOn(date: string, dir: string): Promise<Outcome> {
  const report = path.join(dir, `${date.replaceAll(':', '-')}.json`);
  const started = performance.now();
  console.log(`\n=== TEST_DATE=${date}: vitest run ${vitestArgs.join(' ')}`);
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [VITEST, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...vitestArgs], {
      cwd: ROOT,
      env: { ...process.env, TEST_DATE: date },
      stdio: 'inherit',
    });
    child.on('close', resolve);
  });
  const seconds = Math.round((performance.now() - started) / 1000);
  try {
    const totals = JSON.parse(await readFile(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numFailedTestSuites: number; numPendingTests: number; numTodoTests: number };
    return { date, suite: 'unit and API', code, passed: totals.numPassedTests, failed: totals.numFailedTests, failedSuites: totals.numFailedTestSuites, skipped: totals.numPendingTests + totals.numTodoTests, seconds };
  } catch {
    // No report: vitest did not get as far as running the tests.
    return { date, suite: 'unit and API', code: code || 1, passed: 0, failed: 0, failedSuites: 0, skipped: 0, seconds };
  }
}

/**
 * The journeys at `date`, as `npm test` runs them: the site built with the journeys' settings (the
 * clock starting at `date`, the semester after it), then the shards, each on its own server.
 */
async function journeysOn(date: string): Promise<Outcome> {
  const started = performance.now();
  console.log(`\n=== TEST_DATE=${date}: the journeys' build, then playwright test in ${SHARDS} shards`);
  // Read by e2eServerEnv() for the build, and by each shard's playwright.config.ts.
  process.env.TEST_DATE = date;
  const built = await buildForJourneys();
  const shards = built.ok ? await Promise.all(journeysInShards()) : [];
  const seconds = Math.round((performance.now() - started) / 1000);
  const ok = built.ok && shards.every((shard) => shard.ok);
  return { date, suite: 'journeys', code: ok ? 0 : 1, passed: shards.filter((s) => s.ok).length, failed: shards.filter((s) => !s.ok).length + (built.ok ? 0 : 1), failedSuites: 0, skipped: 0, seconds, unit: 'shards' };
}

const dir = await mkdtemp(path.join(tmpdir(), 'test-on-dates-'));
const outcomes: Outcome[] = [];
try {
  for (const date of dates.length > 0 ? dates : DEFAULT_DATES) {
    if (unit) outcomes.push(await runOn(date, dir));
    if (journeys) outcomes.push(await journeysOn(date));
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

console.log(`\nDatabases: PGlite${process.env.TEST_DATABASE_URL ? ' and PostgreSQL' : ''}`);
for (const o of outcomes) {
  const suites = o.failedSuites > 0 ? ` (${o.failedSuites} suites failed outside their tests)` : '';
  const counted = o.unit === 'shards' ? `${o.passed} shards passed, ${o.failed} failed` : `${o.passed} passed, ${o.failed} failed${suites}, ${o.skipped} skipped`;
  console.log(`${o.code === 0 ? 'PASS' : 'FAIL'}  TEST_DATE=${o.date.padEnd(20)} ${o.suite.padEnd(12)} ${counted} in ${o.seconds} s`);
}
process.exit(outcomes.every((o) => o.code === 0) ? 0 : 1);
