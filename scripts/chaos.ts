/**
 * npm run test:chaos: several server instances under faults, then the invariants from the database.
 *
 * 1. Makes a fresh PostgreSQL database (a random name, dropped at the end) and, unless dist/ holds a
 *    build, builds the site.
 * 2. Starts three separate server processes (`node server/main.ts`, MODE=demo: offline payments,
 *    outbox, demo clock) on ports of their own over that one database, each with a DATA_DIR of its
 *    own as on separate machines: the first alone (it migrates and seeds), then the other two. In front of them Caddy (a generated Caddyfile, scripts/chaos/
 *    proxy.ts) balances the requests and sends those of a dead instance to the others; without
 *    Caddy a small Node TCP proxy does (CHAOS_PROXY=node chooses it).
 *    Before the load a tutor uploads a photo through the proxy, and every instance must serve it
 *    alike, then and at the end (scripts/chaos/photo-check.ts).
 * 3. For CHAOS_SECONDS (60), CHAOS_CLIENTS (20) clients use the site through the proxy: four
 *    tutors and the rest customers (scripts/chaos/actors.ts). Every CHAOS_KILL_EVERY seconds (10) a
 *    random instance is killed (SIGKILL) and started again; halfway between two kills the demo
 *    clock moves CHAOS_CLOCK_HOURS (48) on every instance, which charges the weekly weeks whose
 *    skip window closed. The demo clock is per process: each instance is moved by a POST /dev/clock
 *    of its own (straight to its port: through the proxy it would reach one), and one started
 *    again is given the sum of the moves before it serves (scripts/chaos/clock-preload.ts).
 * 4. Then the clock moves one more hour on every instance, which runs the due jobs once more (holds
 *    and leases run out, so the reconciliation, the weekly charges and the messages finish what the
 *    kills left), and the invariants are read from the database and from the requests' record
 *    (scripts/chaos/invariants.ts). Each is printed held or violated, with the totals; the exit
 *    code is 1 when any is violated.
 *
 * CHAOS_PORT (4600: the proxy; the instances take the next three), CHAOS_DATABASE_URL (the
 * PostgreSQL server where the database is made; TEST_DATABASE_URL, else the local one), CHAOS_SEED
 * (the clients' dice) and CHAOS_KEEP=1 (keep the database and the logs) adjust the run.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Course, PublicTutor } from '../src/contract/entities.ts';
import { customer, tutor, type World } from './chaos/actors.ts';
import { ChaosClient, type Sample } from './chaos/http.ts';
import { type Instance, makeInstances, outboxWriters, startInstance, stopInstance, waitHealthy } from './chaos/instances.ts';
import { photoServedByAll, uploadPhoto } from './chaos/photo-check.ts';
import { checkDatabase, checkRequests, excusedByKill, type Kill, type Verdict } from './chaos/invariants.ts';
import { caddyAvailable, type Proxy, startCaddy, startTcpProxy } from './chaos/proxy.ts';

const started = performance.now();
const SECONDS = Number(process.env.CHAOS_SECONDS ?? 60);
const CLIENTS = Math.max(5, Number(process.env.CHAOS_CLIENTS ?? 20));
const KILL_EVERY_S = Number(process.env.CHAOS_KILL_EVERY ?? 10);
const CLOCK_HOURS = Number(process.env.CHAOS_CLOCK_HOURS ?? 48);
const PORT = Number(process.env.CHAOS_PORT ?? 4600);
const INSTANCES = 3;
const ADMIN_URL = process.env.CHAOS_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SEED = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const KEEP = process.env.CHAOS_KEEP === '1';
const PROXY = process.env.CHAOS_PROXY ?? (caddyAvailable() ? 'caddy' : 'node');
const base = `http://127.0.0.1:${PORT}`;

const TUTORS = [
  ['jordan@beacontutoring.com', false],
  ['priya@beacontutoring.com', false],
  ['sam@beacontutoring.com', false],
  ['maya@beacontutoring.com', true],
] as const;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(`[chaos ${seconds(performance.now() - started).padStart(7)}] ${line}`);

/** The clients' dice (mulberry32), seeded so that a run's choices can be told again. */
function dice(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The server's environment: demo mode over the run's database, behind one proxy, nothing sent out. */
function serverEnv(databaseUrl: string, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (/^(STRIPE_|PUBLIC_STRIPE|SMTP_|TWILIO_|WORKERS$|PORT$)/.test(name)) delete env[name];
  return {
    ...env,
    MODE: 'demo',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    SITE_URL: base,
    TRUST_PROXY: '1',
    LOG_REQUESTS: '0',
    ASTRO_TELEMETRY_DISABLED: '1',
    // A send cut off by a kill is taken over by another instance within seconds, not minutes
    // (docs/configuration.md): the run's last check finds every message delivered.
    MESSAGE_SEND_LEASE_SECONDS: '5',
    MESSAGE_RETRY_SECONDS: '1',
    JOB_SUPERVISE_SECONDS: '2',
  };
}

/** Moves the demo clock of one instance (its own port) and waits for the due jobs it runs. */
async function moveClock(instance: Instance, body: object): Promise<void> {
  const response = await fetch(`http://${instance.hostport}/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  });
  if (!response.ok) throw new Error(`instance ${instance.index}: POST /dev/clock answered ${response.status}: ${await response.text()}`);
}

async function main(): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tutoring-chaos-'));
  const databaseName = `chaos_${randomBytes(5).toString('hex')}`;
  const databaseUrl = (() => {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${databaseName}`;
    return url.toString();
  })();
  const instances = makeInstances(INSTANCES, PORT + 1, dir);
  // A data folder each, as on machines of their own: nothing an instance serves may depend on its disk.
  const env = (instance: Instance) => serverEnv(databaseUrl, path.join(dir, `data-${instance.index}`));
  let proxy: Proxy | undefined;
  const clients: ChaosClient[] = [];
  let violated = true;
  let clockOffsetMs = 0;

  const teardown = async () => {
    for (const client of clients) client.close();
    await Promise.all(instances.map((instance) => stopInstance(instance, 'SIGTERM')));
    await proxy?.stop();
    if (!KEEP) await admin((client) => client.query(`drop database if exists ${databaseName} with (force)`)).catch((error: Error) => log(`database ${databaseName} not dropped: ${error.message}`));
    if (!KEEP && !violated) rmSync(dir, { recursive: true, force: true });
    else log(`logs kept in ${dir}${KEEP ? `, database ${databaseName} kept` : ''}`);
  };
  process.once('SIGINT', () => void teardown().then(() => process.exit(130)));

  try {
    log(`seed ${SEED}; ${SECONDS} s of load from ${CLIENTS} clients through ${base}; a kill every ${KILL_EVERY_S} s; the clock ${CLOCK_HOURS} h on between kills`);
    if (!existsSync('dist/index.html')) {
      log('no build in dist/: npm run build');
      if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } }).status !== 0) throw new Error('The build failed');
    }
    await admin((client) => client.query(`create database ${databaseName}`));
    log(`database ${databaseName}`);

    // The first alone: it migrates and seeds the empty database; the others then find it ready.
    startInstance(instances[0]!, env(instances[0]!), 0);
    await waitHealthy(instances[0]!);
    for (const instance of instances.slice(1)) startInstance(instance, env(instance), 0);
    await Promise.all(instances.slice(1).map((instance) => waitHealthy(instance)));
    log(`instances up on ${instances.map((i) => i.port).join(', ')}`);

    proxy = PROXY === 'caddy' ? await startCaddy(PORT, instances.map((i) => i.hostport), dir) : await startTcpProxy(PORT, instances.map((i) => i.hostport));
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 100) throw new Error(`${proxy.kind} did not answer on ${base}`);
      await sleep(100);
    }
    log(`${proxy.kind} on ${base}`);

    const samples: Sample[] = [];
    const record = (sample: Sample) => void samples.push(sample);
    const catalog = (await (await fetch(`${base}/api/courses`)).json()) as { data: Course[] };
    const team = (await (await fetch(`${base}/api/tutors`)).json()) as { data: PublicTutor[] };
    const offered = new Set(['CS 121', 'CS 122', 'APCS A', 'IT 101', 'MATH 124', 'MATH 125', 'APCALC AB', 'APSTAT', 'PHYS 121', 'PHYS 1', 'ECON 200', 'CS 311', 'MATH 208']);
    const loadStart = Date.now();
    const world: World = {
      stopAt: loadStart + SECONDS * 1000,
      clockOffsetMs: () => clockOffsetMs,
      random: dice(SEED),
      courses: catalog.data.filter((c) => offered.has(c.course_number)),
      tutors: team.data,
      tally: new Map(),
      paid: new Map(),
      skipped: new Set(),
      canceledSubscriptions: new Set(),
      canceledMeetings: new Set(),
      overtime: new Map(),
      refundedOvertime: new Set(),
    };
    // Sam's photo, uploaded through whichever instance the proxy picks, then read from each directly.
    const photo = await uploadPhoto(base, world, 'sam@beacontutoring.com');
    const photoBefore = await photoServedByAll(instances, photo, 'before the kills');
    log(`photo check: ${photoBefore.detail}`);

    // Each client connects from a loopback address of its own (127.0.0.10, .11 …).
    const loops: Promise<void>[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const client = new ChaosClient(i < TUTORS.length ? `tutor ${TUTORS[i]![0].split('@')[0]}` : `customer ${i - TUTORS.length + 1}`, base, `127.0.0.${10 + i}`, record);
      clients.push(client);
      loops.push(i < TUTORS.length ? tutor(client, world, TUTORS[i]![0], TUTORS[i]![1]) : customer(client, world, i - TUTORS.length + 1));
    }

    // Kills at 10, 20 … s and clock moves at 5, 15 … s, each on its own schedule, within the load.
    const kills: Kill[] = [];
    const clockMoves: string[] = [];
    const pickInstance = dice(SEED + 1);
    const at = (seconds: number) => sleep(Math.max(0, loadStart + seconds * 1000 - Date.now()));
    /** The restart under way: a clock move waits for it, as it started with the offset before the move. */
    let restarting: Promise<void> | undefined;
    const killer = (async () => {
      for (let t = KILL_EVERY_S; t < SECONDS; t += KILL_EVERY_S) {
        await at(t);
        if (Date.now() >= world.stopAt) break;
        const victim = instances[Math.floor(pickInstance() * instances.length)]!;
        const kill: Kill = { hostport: victim.hostport, at: Date.now(), back: undefined };
        kills.push(kill);
        restarting = (async () => {
          await stopInstance(victim, 'SIGKILL');
          // Started again at once, with the demo clock where the others have it (clock-preload.ts).
          startInstance(victim, env(victim), clockOffsetMs);
          await waitHealthy(victim);
          kill.back = Date.now();
        })();
        await restarting;
        restarting = undefined;
        log(`killed instance ${victim.index} (kill -9) and started it again: answering after ${seconds(kill.back! - kill.at)}`);
      }
    })();
    // A move does not wait for the one before to finish its due jobs (they can take many seconds
    // on a busy machine), only for a restart under way, which started with the offset before it.
    const moves: Promise<void>[] = [];
    const mover = (async () => {
      for (let t = KILL_EVERY_S / 2; t < SECONDS; t += KILL_EVERY_S) {
        await at(t);
        if (Date.now() >= world.stopAt) break;
        await restarting;
        const moveStart = Date.now();
        // The new offset first: an instance killed during the move starts again with it, and the
        // clients reckon with the new time at once (an hour they publish, a week they skip is
        // then in the future on every instance, moved yet or not).
        clockOffsetMs += CLOCK_HOURS * 3600_000;
        const serverTime = new Date(Date.now() + clockOffsetMs).toISOString();
        moves.push(
          Promise.all(
            instances.map(async (instance) => {
              try {
                await moveClock(instance, { advance_hours: CLOCK_HOURS });
              } catch (error) {
                // Killed during the move: it starts again with the new offset.
                if (!kills.some((kill) => kill.hostport === instance.hostport && kill.at >= moveStart)) throw error;
              }
            }),
          ).then(() => {
            clockMoves.push(`${seconds(moveStart - loadStart)}: +${CLOCK_HOURS} h (${seconds(Date.now() - moveStart)} with the due jobs)`);
            log(`demo clock +${CLOCK_HOURS} h on every instance at ${seconds(moveStart - loadStart)}, to ${serverTime} (${seconds(Date.now() - moveStart)} with the due jobs)`);
          }),
        );
      }
      await Promise.all(moves);
    })();

    await Promise.all([...loops, killer, mover]);
    const loadEnd = Date.now();
    log(`load over: ${samples.length} requests in ${seconds(loadEnd - loadStart)}`);

    // Everything the kills left half-done is due an hour later (holds 15 min, leases 5 and 10 min,
    // reconciliation after 2 and 5 min): each instance runs its due jobs once more, then the events
    // are left a few seconds to be told and their messages to go out (a send a kill cut off is
    // taken over once its 5 s lease has run out).
    clockOffsetMs += 3600_000;
    await Promise.all(instances.map((instance) => moveClock(instance, { advance_hours: 1 })));
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    try {
      for (let i = 0; i < 60; i++) {
        const busy = await database.query(
          `select (select count(*)::int from notifications where status in ('queued', 'sending') and not_before <= $1)
                + (select count(*)::int from events where told_at is null) as n`,
          [new Date(Date.now() + clockOffsetMs)],
        );
        if (busy.rows[0].n === 0) break;
        await sleep(500);
      }
      const verdicts: Verdict[] = [
        ...(await checkDatabase(database, world, new Date(Date.now() + clockOffsetMs), outboxWriters(instances))),
        ...checkRequests(samples, kills),
        photoBefore,
        await photoServedByAll(instances, photo, 'after the kills and restarts'),
        {
          name: 'No instance stopped by itself (only the kills)',
          held: instances.every((i) => i.crashes.length === 0),
          detail: instances.map((i) => `instance ${i.index}: ${i.crashes.length === 0 ? 'no crash' : i.crashes.join(', ')}`).join('; '),
        },
      ];
      report({ samples, kills, clockMoves, world, instances, verdicts, loadMs: loadEnd - loadStart, proxy: proxy.kind });
      violated = verdicts.some((v) => !v.held);
    } finally {
      await database.end();
    }
  } finally {
    await teardown();
  }
  log(`total time ${seconds(performance.now() - started)}`);
  return violated ? 1 : 0;
}

function report(run: { samples: Sample[]; kills: Kill[]; clockMoves: string[]; world: World; instances: Instance[]; verdicts: Verdict[]; loadMs: number; proxy: string }) {
  const { samples, kills, world, instances, verdicts } = run;
  const byClass = new Map<string, number>();
  for (const s of samples) {
    const key = s.status === 0 ? 'no answer' : `${Math.floor(s.status / 100)}xx`;
    byClass.set(key, (byClass.get(key) ?? 0) + 1);
  }
  const byUpstream = new Map<string, number>();
  for (const s of samples) byUpstream.set(s.upstream ?? 'unknown', (byUpstream.get(s.upstream ?? 'unknown') ?? 0) + 1);
  const failed = samples.filter((s) => s.status >= 500 || s.status === 0);
  console.log('\n=== Totals');
  console.log(`proxy: ${run.proxy}; instances: ${instances.length}; clients: ${CLIENTS}; seed ${SEED}`);
  console.log(`requests served: ${samples.length} in ${seconds(run.loadMs)} (${(samples.length / (run.loadMs / 1000)).toFixed(0)}/s): ${[...byClass].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(`by instance: ${[...byUpstream].sort().map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(`instances killed: ${kills.length} (${kills.map((k) => `${k.hostport.split(':')[1]} answering again after ${k.back ? seconds(k.back - k.at) : '?'}`).join('; ')})`);
  console.log(`requests failed around the kills: ${failed.filter((s) => excusedByKill(s, kills)).length}`);
  console.log(`demo clock moves: ${run.clockMoves.join('; ') || 'none'}, then +1 h to finish`);
  console.log(
    `seen by the clients: ${world.paid.size} payments paid, ${world.skipped.size} skips, ${world.canceledSubscriptions.size} subscriptions ended, ${world.canceledMeetings.size} meetings canceled by tutors, ${world.overtime.size} overtime entries, ${world.refundedOvertime.size} overtime refunds`,
  );
  for (const instance of instances) {
    const text = existsSync(instance.log) ? readFileSync(instance.log, 'utf8') : '';
    const errors = text.split('\n').filter((line) => /^error (GET|POST|PUT|DELETE)|job .* failed|not finished|not confirmed|not sent/.test(line));
    console.log(`instance ${instance.index} (port ${instance.port}): ${instance.starts} starts, ${errors.length} error lines in its log${errors.length ? `, first: ${errors[0]!.slice(0, 200)}` : ''}`);
  }
  console.log('\n=== Actions and outcomes');
  for (const [key, n] of [...world.tally].sort(([a], [b]) => a.localeCompare(b))) console.log(`${String(n).padStart(6)}  ${key}`);
  console.log('\n=== Invariants');
  for (const verdict of verdicts) console.log(`${verdict.held ? 'held    ' : 'VIOLATED'}  ${verdict.name}\n          ${verdict.detail}`);
  const broken = verdicts.filter((v) => !v.held).length;
  console.log(`\n${broken === 0 ? 'All' : `${broken} of`} ${verdicts.length} invariants ${broken === 0 ? 'held' : 'violated'}`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error, error instanceof Error && error.cause ? error.cause : '');
    process.exit(2);
  },
);
