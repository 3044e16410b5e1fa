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
import { PgBoss, fromPglite } from 'pg-boss';
import type { DatabaseHandle } from '../db/connection.ts';

export interface JobKind {
  /** Names the queue (letters, digits, spaces and dashes; spaces become dashes). */
  name: string;
  run: (data: object) => Promise<void>;
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
}

export interface JobRunner {
  /** Enqueues one job of a kind; with `singletonKey`, at most one such job waits at a time. */
  send(name: string, data?: object, options?: { singletonKey?: string; startAfterSeconds?: number }): Promise<string | null>;
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
export function bossSchema(store: DatabaseHandle['jobStore']): string {
  return 'databaseUrl' in store && store.schema ? `${store.schema}_jobs` : 'pgboss';
}

export async function startJobRunner(store: DatabaseHandle['jobStore'], kinds: JobKind[], options: RunnerOptions = {}): Promise<JobRunner> {
  const log = options.log ?? console.log;
  const schema = bossSchema(store);
  const boss =
    'pglite' in store
      ? // The app's own PGlite: pg-boss's statements queue behind Kysely's transactions on its one connection.
        new PgBoss({ db: fromPglite(store.pglite), backend: 'pglite', schema })
      : new PgBoss({ connectionString: store.databaseUrl, schema, max: 3, application_name: 'tutoring-jobs' });
  boss.on('error', (error: Error) => log(`job queue error: ${error.message}`));
  await boss.start();

  for (const kind of kinds) {
    const name = queueName(kind.name);
    await boss.createQueue(name, {
      retryLimit: kind.retryLimit ?? 3,
      retryDelay: kind.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: LEASE_SECONDS,
    });
    await boss.work<object>(name, { pollingIntervalSeconds: options.pollingSeconds ?? 2 }, async (jobs) => {
      for (const job of jobs) {
        try {
          await kind.run(job.data ?? {});
        } catch (error) {
          log(`job ${name} ${job.id} failed (retried later): ${error instanceof Error ? error.message : String(error)}`);
          throw error;
        }
      }
    });
    if (kind.everyMs !== undefined && options.schedule !== false) await boss.schedule(name, cronEvery(kind.everyMs));
    if (kind.runAtStart && options.schedule !== false) await boss.send(name, {}, { singletonKey: 'at-start' });
  }

  return {
    send: (name, data = {}, sendOptions = {}) =>
      boss.send(queueName(name), data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      }),
    async runScheduledNow() {
      for (const kind of kinds.filter((k) => k.everyMs !== undefined)) {
        try {
          await kind.run({});
        } catch (error) {
          log(`job ${queueName(kind.name)} failed when run now: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    },
    stop: (graceMs = 10_000) => boss.stop({ graceful: true, timeout: graceMs, close: true }),
  };
}
