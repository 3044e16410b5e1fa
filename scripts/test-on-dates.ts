/**
 * npm run test:dates [-- DATE ... [vitest arguments]]
 *
 * Runs the unit and API suites (`vitest run`: PGlite, and PostgreSQL too when TEST_DATABASE_URL is
 * set) once per date, with TEST_DATE set to it (the date the API tests' clock reads, and the
 * semester's end 20 weeks later: tests/suite-date.ts), to show the suite passes on any day. By
 * default three dates the calendar makes awkward: the day before daylight saving starts in the
 * site's zone (America/Los_Angeles), the default configuration's last reading day, and 29 February.
 * Other arguments go to vitest (a file, `--project api`). Prints each date's counts and duration;
 * exits 1 if any date failed.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSuiteDate } from '../tests/suite-date.ts';

const DEFAULT_DATES = ['2027-03-13', '2027-06-11', '2028-02-29'];
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VITEST = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');

const args = process.argv.slice(2);
const isDate = (arg: string) => /^\d{4}-\d{2}-\d{2}/.test(arg);
const dates = args.filter(isDate);
const vitestArgs = args.filter((arg) => !isDate(arg));
for (const date of dates) parseSuiteDate(date); // refuses a date the calendar does not have, before any run

interface Outcome {
  date: string;
  code: number | null;
  passed: number;
  failed: number;
  /** Files and suites that failed outside a test (a beforeAll): their tests count as skipped. */
  failedSuites: number;
  skipped: number;
  seconds: number;
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
    return { date, code, passed: totals.numPassedTests, failed: totals.numFailedTests, failedSuites: totals.numFailedTestSuites, skipped: totals.numPendingTests + totals.numTodoTests, seconds };
  } catch {
    // No report: vitest did not get as far as running the tests.
    return { date, code: code || 1, passed: 0, failed: 0, failedSuites: 0, skipped: 0, seconds };
  }
}

const dir = await mkdtemp(path.join(tmpdir(), 'test-on-dates-'));
const outcomes: Outcome[] = [];
try {
  for (const date of dates.length > 0 ? dates : DEFAULT_DATES) outcomes.push(await runOn(date, dir));
} finally {
  await rm(dir, { recursive: true, force: true });
}

console.log(`\nDatabases: PGlite${process.env.TEST_DATABASE_URL ? ' and PostgreSQL' : ''}`);
for (const o of outcomes) {
  const suites = o.failedSuites > 0 ? ` (${o.failedSuites} suites failed outside their tests)` : '';
  console.log(`${o.code === 0 ? 'PASS' : 'FAIL'}  TEST_DATE=${o.date.padEnd(20)} ${o.passed} passed, ${o.failed} failed${suites}, ${o.skipped} skipped in ${o.seconds} s`);
}
process.exit(outcomes.every((o) => o.code === 0) ? 0 : 1);
