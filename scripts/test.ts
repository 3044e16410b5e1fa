/**
 * `npm test`: everything CI runs — `astro check`, `eslint .`, `vitest run` (unit and API tests) and
 * `playwright test` (the journeys) — arranged so that the machine's two cores both work:
 *
 *   1. `astro check` and `eslint .` at once (each keeps about one core busy);
 *   2. `vitest run` and the journeys' build (`npm run build` with their settings, into dist/ and
 *      their fresh demo database) at once: the API tests mostly wait on the databases;
 *   3. `playwright test` on that build (E2E_PREBUILT=1: its web server only starts the server).
 *
 * A step starts only when the steps before it passed, as with `&&`; both commands of a pair run to
 * their end. The tests' output is shown as it comes, the linters' when they end, the build's only
 * when it failed. Exits 1 when anything failed. Arguments are not taken: run the
 * parts alone with `npm run check`, `npm run lint`, `npm run test:unit`, `npm run test:e2e`.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { E2E_DATA_DIR, e2eServerEnv, PREBUILT_FLAG } from '../tests/e2e/server-env.ts';

interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
}

const started = Date.now();
const since = (t: number) => (Date.now() - t) / 1000;

/**
 * Runs `npm run <script>`: its output straight through (`live`), or gathered and printed once it
 * ends, so that two commands at once do not mix their lines.
 */
function npmRun(script: string, options: { live: boolean; quietWhenPassed?: boolean; env?: Record<string, string> }): Promise<Outcome> {
  const t = Date.now();
  const child = spawn('npm', ['run', '--silent', script], { env: { ...process.env, ...options.env }, stdio: options.live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    const done = (ok: boolean, why = '') => {
      const seconds = since(t);
      if (!options.live && !(ok && options.quietWhenPassed)) process.stdout.write(Buffer.concat(chunks));
      console.log(`[npm test] ${script}: ${ok ? 'passed' : `FAILED${why}`} in ${seconds.toFixed(1)} s`);
      resolve({ name: script, ok, seconds });
    };
    child.on('error', (error) => done(false, ` (${error.message})`));
    child.on('exit', (code, signal) => done(code === 0, code === 0 ? '' : ` (${signal ?? `exit ${code}`})`));
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

await step(npmRun('check', { live: false }), npmRun('lint', { live: false }));
await step(npmRun('test:unit', { live: true }), npmRun('build', { live: false, quietWhenPassed: true, env: e2eServerEnv() }));
await step(npmRun('test:e2e', { live: true, env: { [PREBUILT_FLAG]: '1' } }));
console.log(`[npm test] everything passed in ${since(started).toFixed(0)} s`);
