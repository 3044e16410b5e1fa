/**
 * The one way due work runs: a job queue in the database (pg-boss, decision 006), shared by every
 * server instance. A job is claimed by one worker (SELECT … FOR UPDATE SKIP LOCKED inside
 * pg-boss), so several instances never run the same job twice; a job that throws is retried with
 * backoff; a job claimed by an instance that died is retried once its lease (`expireInSeconds`)
 * runs out; queued jobs are rows, so they survive a restart. Scheduled kinds are enqueued by
 * pg-boss's cron, once per due time across all instances.
 *
 * Handlers must still be idempotent: a job can run again after a crash between its work and its
 * completion, and the demo clock (`runScheduledNow`) runs them outside the queue.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '../db/schema.ts';
import type { JobStore } from '../db/db.ts';

/** What a job's handler may do besides its work: enqueue more jobs (in its own transaction, too). */
export interface JobContext {
  send: JobRunner['send'];
  wake: JobRunner['wake'];
}

export interface JobKind {
  /** Names the queue (letters, digits, spaces and dashes; spaces become dashes). */
  name: string;
  run: (data: object, context: JobContext) => Promise<void>;
  /** Scheduled: enqueued every `everyMs` (whole minutes dividing an hour, or whole hours dividing a day). */
  everyMs?: number;
  /**
   * Also enqueued once when the runner starts (with the scheduled kinds), so due work left by a stop
   * or a crash is not left until the first scheduled time. Each job is claimed by one instance.
   */
  runAtStart?: boolean;
  /** Tries after the first failure (default 3), the first `retryDelaySeconds` (default 30) later, doubling. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long a claimed job may run before it counts as lost and is tried again (default 15 minutes). */
  expireInSeconds?: number;
  /** Jobs of this kind one instance runs at once (default 1). */
  concurrency?: number;
  /**
   * 'short': at most one job of the kind waits at a time (a second send while one waits adds
   * nothing): a wake-up, whose one run does what every send asked for.
   */
  policy?: 'standard' | 'short';
}

export interface SendOptions {
  /** With the 'short' policy: the key at most one waiting job has. */
  singletonKey?: string;
  startAfterSeconds?: number;
  /** The job's id (a UUID): a second send with the same id adds nothing, ever. */
  id?: string;
  /** Enqueued in this transaction: the job exists exactly when the transaction commits. */
  inTransaction?: Kysely<Database>;
}

export interface JobRunner {
  /** Enqueues one job of a kind; with `singletonKey`, at most one such job waits at a time. */
  send(name: string, data?: object, options?: SendOptions): Promise<string | null>;
  /** Whether no job of these kinds is waiting to run now or running (retries waiting for their time aside). */
  idle(names: string[]): Promise<boolean>;
  /** This instance's workers of a kind look for jobs now (after a transaction that enqueued some committed). */
  wake(name: string): void;
  /** Runs every scheduled kind once, here and now (the demo clock moves time and then calls this). */
  runScheduledNow(): Promise<void>;
  /** Stops claiming jobs, lets running ones finish (at most `graceMs`), closes the queue's connection. */
  stop(graceMs?: number): Promise<void>;
}

export interface RunnerOptions {
  log?: (line: string) => void;
  /** Seconds between two polls of an idle queue (default 2). */
  pollingSeconds?: number;
  /** Whether this instance also enqueues the scheduled kinds (default true). */
  schedule?: boolean;
  /** Seconds between the checks for jobs whose lease ran out (pg-boss's supervision and monitor passes; default 60; the crash test's server: 1). */
  superviseSeconds?: number;
}

/** How long a claimed job may run before another instance may take it over (the lease). */
const LEASE_SECONDS = 15 * 60;

export const queueName = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-');

/** The cron line for "every `everyMs`": only periods that divide an hour or a day evenly. */
export function cronEvery(everyMs: number): string {
  const minutes = everyMs / 60_000;
  if (Number.isInteger(minutes) && minutes >= 1 && minutes < 60 && 60 % minutes === 0) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  const hours = minutes / 60;
  if (Number.isInteger(hours) && hours >= 1 && 24 % hours === 0) return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
  throw new Error(`No cron line runs every ${everyMs} ms`);
}

/** pg-boss's own schema: beside the app's tables' schema (tests have one per file), or `pgboss`. */
export function bossSchema(store: JobStore): string {
  return 'databaseUrl' in store && store.schema ? `${store.schema}_jobs` : 'pgboss';
}

export async function startJobRunner(store: JobStore, kinds: JobKind[], options: RunnerOptions = {}): Promise<JobRunner> {
  const log = options.log ?? console.log;
  const schema = bossSchema(store);
  // pg-boss expires a job whose lease ran out in its monitor pass, which runs at most every
  // monitorIntervalSeconds (default 60) even when supervision runs more often: both follow the option.
  const supervise = options.superviseSeconds ? { superviseIntervalSeconds: options.superviseSeconds, monitorIntervalSeconds: options.superviseSeconds } : {};
  const boss =
    'pglite' in store
      ? // The app's own PGlite: pg-boss's statements queue behind Kysely's transactions on its one connection.
        new PgBoss({ db: fromPglite(store.pglite), backend: 'pglite', schema, useListenNotify: true, ...supervise })
      : new PgBoss({ connectionString: store.databaseUrl, schema, max: 3, application_name: 'tutoring-jobs', useListenNotify: true, ...supervise });
  boss.on('error', (error: Error) => log(`job queue error: ${error.message}`));
  boss.on('warning', (warning: { message: string }) => log(`job queue: ${warning.message}`));
  await boss.start();
  const workers = new Map<string, string>();
  const runner = createRunner(boss, schema, kinds, log, workers);
  const context: JobContext = { send: runner.send, wake: runner.wake };

  for (const kind of kinds) {
    const name = queueName(kind.name);
    await boss.createQueue(name, {
      retryLimit: kind.retryLimit ?? 3,
      retryDelay: kind.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: kind.expireInSeconds ?? LEASE_SECONDS,
      policy: kind.policy ?? 'standard',
      // A job sent wakes a waiting worker at once (LISTEN/NOTIFY) instead of at its next poll.
      notify: true,
    });
    const worker = await boss.work<object>(
      name,
      // NOTIFY wakes the worker at once; the poll stays as often without it, so a wake-up missed
      // (a job enqueued in a transaction, a listener reconnecting) costs one poll, not 30 s.
      { pollingIntervalSeconds: options.pollingSeconds ?? 2, notifyPollingIntervalSeconds: options.pollingSeconds ?? 2, localConcurrency: kind.concurrency ?? 1 }, async (jobs) => {
      for (const job of jobs) {
        try {
          await kind.run(job.data ?? {}, context);
        } catch (error) {
          log(`job ${name} ${job.id} failed (retried later): ${error instanceof Error ? error.message : String(error)}`);
          throw error;
        }
      }
    });
    workers.set(name, worker);
    if (kind.everyMs !== undefined && options.schedule !== false) await boss.schedule(name, cronEvery(kind.everyMs));
    if (kind.runAtStart && options.schedule !== false) await boss.send(name, {}, { singletonKey: 'at-start' });
  }

  return runner;
}

/** pg-boss's statements run on the caller's transaction (its `db` option), through Kysely. */
function inTransaction(trx: Kysely<Database>) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as Record<string, unknown>[] };
    },
  };
}

function createRunner(boss: PgBoss, schema: string, kinds: JobKind[], log: (line: string) => void, workers: Map<string, string>): JobRunner {
  const wake = (name: string) => {
    const worker = workers.get(queueName(name));
    if (worker) boss.notifyWorker(worker);
  };
  const runner: JobRunner = {
    async send(name, data = {}, sendOptions = {}) {
      const id = await boss.send(queueName(name), data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.id ? { id: sendOptions.id } : {}),
        ...(sendOptions.inTransaction ? { db: inTransaction(sendOptions.inTransaction) } : {}),
      });
      // Another instance hears of it by pg-boss's NOTIFY; this one's worker need not wait for it.
      // A job enqueued in a transaction is there only once it commits: its sender wakes it then.
      if (!sendOptions.inTransaction) wake(name);
      return id;
    },
    wake,
    async idle(names) {
      const { rows } = await boss
        .getDb()
        .executeSql(`select count(*)::int as n from "${schema}".job where name = any($1) and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`, [names.map(queueName)]);
      return (rows[0] as { n: number }).n === 0;
    },
    async runScheduledNow() {
      for (const kind of kinds.filter((k) => k.everyMs !== undefined)) {
        try {
          await kind.run({}, context);
        } catch (error) {
          log(`job ${queueName(kind.name)} failed when run now: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    },
    stop: (graceMs = 10_000) => boss.stop({ graceful: true, timeout: graceMs, close: true }),
  };
  const context: JobContext = { send: runner.send, wake };
  return runner;
}
