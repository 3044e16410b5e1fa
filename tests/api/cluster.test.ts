/**
 * WORKERS (server/cluster.ts, decision 009) on the real server process, `node server/main.ts`:
 * on PostgreSQL (a throwaway database of its own) two workers share the port, honour each other's
 * sessions, move the demo clock together, come back after a crash and stop with the primary; on
 * PGlite the setting is ignored, and said so.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../server/demo/seed.ts';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const MAIN = fileURLToPath(new URL('../../server/main.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const START_TIMEOUT_MS = 90_000;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `node server/main.ts` with its output collected. */
class ServerProcess {
  output = '';
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  private readonly waiters = new Set<() => void>();

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, [MAIN], { cwd: REPO, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer) => {
      this.output += chunk.toString();
      for (const wake of this.waiters) wake();
    };
    this.child.stdout!.on('data', collect);
    this.child.stderr!.on('data', collect);
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
    void this.exited.then(() => this.waiters.forEach((wake) => wake()));
  }

  /** Resolves with the first match of `pattern` in the output (waiting for it), fails on exit or time-out. */
  async waitFor(pattern: RegExp, timeoutMs = START_TIMEOUT_MS): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = this.output.match(pattern);
      if (match) return match;
      if (this.child.exitCode !== null || this.child.signalCode !== null) throw new Error(`server exited before ${pattern}:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms:\n${this.output}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 250);
        this.waiters.add(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      this.waiters.clear();
    }
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One request on a connection of its own (no keep-alive agent): the primary hands each new
 * connection to the next worker in turn, so a few of them reach every worker.
 */
function send(port: number, method: string, pathname: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: pathname, agent: false, headers: { host: `localhost:${port}`, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The child processes of `pid`, from Linux's /proc. */
function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  // Without it the tests below could not tell which processes the server runs: they fail, not pass.
  if (!existsSync(file)) throw new Error(`${file} is missing: these tests read a process's children from Linux's /proc`);
  return readFileSync(file, 'utf8').split(/\s+/).filter(Boolean).map(Number);
}

describe.skipIf(!TEST_DATABASE_URL)('WORKERS=2 on PostgreSQL', () => {
  const databaseName = `cluster_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let dataDir: string;
  let server: ServerProcess;
  let port: number;
  const workerPids = new Map<number, number>();
  let cookie = '';
  const origin = () => `http://localhost:${port}`;
  /** How many lines of the output match. */
  const count = (pattern: RegExp) => server.output.split('\n').filter((line) => pattern.test(line)).length;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${databaseName}`;
    dataDir = await mkdtemp(path.join(tmpdir(), 'tutoring-cluster-'));
    port = await freePort();
    server = new ServerProcess({ WORKERS: '2', DATABASE_URL: url.toString(), PORT: String(port), DATA_DIR: dataDir, LOG_REQUESTS: '1' });
    await server.waitFor(/Serving http:\/\/localhost:\d+ \(demo mode, postgres database, 2 workers\)/);
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    for (const pid of workerPids.values()) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await admin?.query(`drop database if exists ${databaseName} with (force)`);
    await admin?.end();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('runs two worker processes that both answer on the one port', async () => {
    for (const [, id, pid] of server.output.matchAll(/^worker (\d+) listening \(pid (\d+)\)$/gm)) workerPids.set(Number(id), Number(pid));
    expect([...workerPids.keys()].sort()).toEqual([1, 2]);
    const pids = [...workerPids.values()];
    expect(new Set(pids).size).toBe(2);
    expect(pids).not.toContain(server.child.pid);
    expect(pids.every(alive)).toBe(true);
    expect(childrenOf(server.child.pid!).sort()).toEqual([...pids].sort());

    const answers = await Promise.all(Array.from({ length: 6 }, () => send(port, 'GET', '/api/health')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    // The log names the worker; the answers do not.
    await server.waitFor(/\[worker 1\] GET \/api\/health 200/);
    await server.waitFor(/\[worker 2\] GET \/api\/health 200/);
    for (const answer of answers) expect(JSON.stringify(answer)).not.toMatch(new RegExp(`\\b(${pids.join('|')})\\b`));
  });

  it('honours in each worker a session that one of them made', async () => {
    const asked = await send(port, 'POST', `/api/login?user_type=customer&email=${encodeURIComponent(demoAccounts.customer.email)}`, { origin: origin() });
    expect(asked.status).toBe(200);
    const outbox = JSON.parse((await send(port, 'GET', '/dev/outbox.json')).text) as { to: string; link: string | null }[];
    const link = outbox.find((message) => message.to === demoAccounts.customer.email && message.link?.includes('/login?token='))?.link;
    expect(link).toBeTruthy();
    const signedIn = await send(port, 'GET', `/api/login?token=${new URL(link!).searchParams.get('token')}`);
    expect(signedIn.status).toBe(200);
    const setCookie = ([] as string[]).concat(signedIn.headers['set-cookie'] ?? []);
    // The answer clears the cookie it replaces, then sets the new one: the last value of each name counts.
    const jar = new Map(setCookie.map((line) => line.split(';')[0]!.split('=') as [string, string]));
    cookie = [...jar].filter(([, value]) => value).map(([name, value]) => `${name}=${value}`).join('; ');
    expect(cookie).toMatch(/sid=/);

    const before = count(/GET \/api\/customers\/myself 200/);
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(port, 'GET', '/api/customers/myself', { cookie })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(JSON.parse(answers[0]!.text).data.email).toBe(demoAccounts.customer.email);
    await server.waitFor(/\[worker 1\] GET \/api\/customers\/myself 200/);
    await server.waitFor(/\[worker 2\] GET \/api\/customers\/myself 200/);
    expect(count(/GET \/api\/customers\/myself 200/) - before).toBe(6);
  });

  it('moves the demo clock of every worker, and a restarted worker takes it as it is', async () => {
    const json = { 'content-type': 'application/json' };
    // Past the session's 7 idle days.
    const moved = await send(port, 'POST', '/dev/clock', json, JSON.stringify({ advance_hours: 192 }));
    expect(moved.status).toBe(200);
    // The server processes keep the machine's clock: the suite's date is this process's.
    const expected = Date.now() / 1000 + 192 * 3600;
    expect(Math.abs((JSON.parse(moved.text) as { now: number }).now - expected)).toBeLessThan(60);

    // Each worker reads the moved clock (a tiny move answers the clock of the worker it reached)…
    const readings = await Promise.all(Array.from({ length: 4 }, () => send(port, 'POST', '/dev/clock', json, JSON.stringify({ advance_hours: 0.0001 }))));
    for (const reading of readings) expect((JSON.parse(reading.text) as { now: number }).now).toBeGreaterThan(expected - 60);
    // …and so finds the session idle for 8 days.
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(port, 'GET', '/api/customers/myself', { cookie })));
    expect(answers.every((answer) => answer.status >= 400 && answer.status < 500)).toBe(true);
    await server.waitFor(/\[worker 1\] GET \/api\/customers\/myself 4\d\d/);
    await server.waitFor(/\[worker 2\] GET \/api\/customers\/myself 4\d\d/);

    // A worker that dies is replaced, with the cluster's clock.
    process.kill(workerPids.get(1)!, 'SIGKILL');
    await server.waitFor(/worker 1 \(pid \d+\) stopped unexpectedly \(signal SIGKILL\); starting a new one in 1 s/, 10_000);
    const [, pid] = await server.waitFor(/^worker 3 listening \(pid (\d+)\)$/m, 30_000);
    workerPids.set(3, Number(pid));
    const after = await Promise.all(Array.from({ length: 4 }, () => send(port, 'POST', '/dev/clock', json, JSON.stringify({ advance_hours: 0.0001 }))));
    for (const reading of after) expect((JSON.parse(reading.text) as { now: number }).now).toBeGreaterThan(expected - 60);
    await Promise.all(Array.from({ length: 4 }, () => send(port, 'GET', '/api/health')));
    await server.waitFor(/\[worker 3\] GET \/api\/health 200/, 10_000);
  }, 60_000);

  it('stops every worker on SIGTERM and exits 0', async () => {
    const code = await server.stop('SIGTERM');
    expect(code).toBe(0);
    expect(server.output).toMatch(/SIGTERM: stopping 2 worker\(s\)/);
    expect(server.output).toMatch(/\[worker 2\] SIGTERM: finishing \d+ request\(s\) in flight, then stopping/);
    expect(server.output).toMatch(/\[worker 3\] SIGTERM: finishing \d+ request\(s\) in flight, then stopping/);
    expect([...workerPids.values()].filter(alive)).toEqual([]);
  }, 40_000);
});

describe('WORKERS=2 on PGlite', () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tutoring-cluster-pglite-'));
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('serves from one process and says why', async () => {
    const port = await freePort();
    server = new ServerProcess({ WORKERS: '2', PORT: String(port), DATA_DIR: dataDir, LOG_REQUESTS: '1' });
    await server.waitFor(/Serving http:\/\/localhost:\d+ \(demo mode, pglite database\)\n/);
    expect(server.output).toContain('WORKERS=2 ignored: the embedded PGlite database runs in one process; set DATABASE_URL to use several');
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(port, 'GET', '/api/health')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(4).fill(200));
    await server.waitFor(/^GET \/api\/health 200/m);
    expect(server.output).not.toMatch(/worker \d|\[worker/);
    expect(childrenOf(server.child.pid!)).toEqual([]);
    expect(await server.stop('SIGTERM')).toBe(0);
  }, START_TIMEOUT_MS);
});
