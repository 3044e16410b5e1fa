/**
 * The runs `npm test` (scripts/test.ts) and `npm run test:dates` (scripts/test-on-dates.ts) are
 * made of: an npm script with its output shown live, named line by line or gathered, and the
 * journeys in shards, each with its own server on its own copy of the demo database the build
 * seeded (a journey mostly waits on the browser and the server, so one shard keeps about one core
 * busy; and each server's per-address limits, new accounts among them, count one shard's journeys).
 */
import { spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { E2E_DATA_DIR, e2eServerEnv, PREBUILT_FLAG } from '../tests/e2e/server-env.ts';

/** The journeys' shards. */
export const SHARDS = 2;

export interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
}

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
export function npmRun(script: string, options: RunOptions): Promise<Outcome> {
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


/**
 * The journeys' build: the site built with their settings (e2eServerEnv: the clock's start, the
 * semester) into dist/, seeding a fresh demo database for the shards to copy.
 */
export function buildForJourneys(): Promise<Outcome> {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  return npmRun('build', { output: 'buffered', quietWhenPassed: true, env: e2eServerEnv() });
}

/** Every shard of the journeys at once, on the build buildForJourneys made. */
export function journeysInShards(): Promise<Outcome>[] {
  return Array.from({ length: SHARDS }, (_, i) => journeysShard(i + 1));
}
