/**
 * `npm test`: everything CI runs — `astro check`, `eslint .`, `vitest run` (unit and API tests) and
 * `playwright test` (the journeys) — arranged so that the machine's two cores both work:
 *
 *   1. `astro check` and `eslint .` at once (each keeps about one core busy);
 *   2. `vitest run` and the journeys' build (`npm run build` with their settings, into dist/ and
 *      their fresh demo database) at once: the API tests mostly wait on the databases;
 *   3. `playwright test` on that build (E2E_PREBUILT=1: its web server only starts the server), in
 *      two shards at once, each with its own server on its own copy of the demo database: a journey
 *      mostly waits on the browser and the server, so one run keeps about one core busy.
 *
 * A step starts only when the steps before it passed, as with `&&`; both commands of a pair run to
 * their end. The tests' output is shown as it comes, the linters' when they end, the build's only
 * when it failed. Exits 1 when anything failed. Arguments are not taken: run the
 * parts alone with `npm run check`, `npm run lint`, `npm run test:unit`, `npm run test:e2e`.
 */
import { spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { E2E_DATA_DIR, e2eServerEnv, PREBUILT_FLAG } from '../tests/e2e/server-env.ts';

/** The journeys' shards (step 3). */
const SHARDS = 2;

interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
}

const started = Date.now();
const since = (t: number) => (Date.now() - t) / 1000;

type Output = 'live' | 'prefixed' | 'buffered';

interface RunOptions {
  /** live: straight through; prefixed: line by line, each line named; buffered: printed once it ends. */
  output: Output;
  /** The name in the outcome's line and the prefix (the script's name by default). */
  name?: string;
  args?: string[];
  quietWhenPassed?: boolean;
  env?: Record<string, string>;
}

/**
 * Runs `npm run <script>`. Two commands at once either gather their output (`buffered`, the
 * linters and the build) or name each line (`prefixed`, the journeys' shards), so their lines do
 * not mix unreadably.
 */
function npmRun(script: string, options: RunOptions): Promise<Outcome> {
  const t = Date.now();
  const name = options.name ?? script;
  const args = ['run', '--silent', script, ...(options.args ? ['--', ...options.args] : [])];
  const child = spawn('npm', args, { env: { ...process.env, ...options.env }, stdio: options.output === 'live' ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  if (options.output === 'prefixed') {
    for (const stream of [child.stdout, child.stderr]) if (stream) createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  } else {
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  }
  return new Promise((resolve) => {
    const done = (ok: boolean, why = '') => {
      const seconds = since(t);
      if (options.output === 'buffered' && !(ok && options.quietWhenPassed)) process.stdout.write(Buffer.concat(chunks));
      console.log(`[npm test] ${name}: ${ok ? 'passed' : `FAILED${why}`} in ${seconds.toFixed(1)} s`);
      resolve({ name, ok, seconds });
    };
    child.on('error', (error) => done(false, ` (${error.message})`));
    child.on('exit', (code, signal) => done(code === 0, code === 0 ? '' : ` (${signal ?? `exit ${code}`})`));
  });
}

/** Shard `n` of the journeys: its own port and its own copy of the database the build seeded. */
function journeysShard(n: number): Promise<Outcome> {
  const dataDir = `${E2E_DATA_DIR}-${n}`;
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(E2E_DATA_DIR, dataDir, { recursive: true });
  return npmRun('test:e2e', {
    output: 'prefixed',
    name: `journeys ${n}/${SHARDS}`,
    args: [`--shard=${n}/${SHARDS}`],
    env: { [PREBUILT_FLAG]: '1', E2E_DATA_DIR: dataDir, E2E_PORT: String(4399 - n), E2E_OUTPUT_DIR: `test-results/journeys-${n}` },
  });
}

async function step(...runs: Promise<Outcome>[]): Promise<void> {
  const outcomes = await Promise.all(runs);
  const failed = outcomes.filter((o) => !o.ok);
  if (failed.length > 0) {
    console.log(`[npm test] failed: ${failed.map((o) => o.name).join(', ')} (${since(started).toFixed(0)} s in all)`);
    process.exit(1);
  }
}

// The journeys' build reads and seeds their demo database: a fresh one, as the web server's own build would.
rmSync(E2E_DATA_DIR, { recursive: true, force: true });

await step(npmRun('check', { output: 'buffered' }), npmRun('lint', { output: 'buffered' }));
await step(npmRun('test:unit', { output: 'live' }), npmRun('build', { output: 'buffered', quietWhenPassed: true, env: e2eServerEnv() }));
await step(...Array.from({ length: SHARDS }, (_, i) => journeysShard(i + 1)));
console.log(`[npm test] everything passed in ${since(started).toFixed(0)} s`);
