/**
 * Starts the product: the API, the built site (dist/) and the dashboard deep links on one port.
 * `npm start` builds the site first; `npm run serve` starts this on an existing build.
 *
 * With WORKERS=n (n > 1) and DATABASE_URL, this process becomes the primary of n worker processes
 * on the one port (server/cluster.ts, decision 009): it migrates and seeds once, then forks; each
 * worker runs the server below. Without DATABASE_URL (PGlite) the server stays one process.
 */
import cluster from 'node:cluster';
import path from 'node:path';
import { startHttpServer } from './http/http-server.ts';
import { createApiApp } from './app.ts';
import { createSender } from './notify/index.ts';
import { createPaymentProvider } from './payments/index.ts';
import { ConfigError, type Config, loadConfig } from './config.ts';
import { openConfiguredDatabase } from './start/configured-database.ts';
import { openDatabase } from './start/database.ts';
import type { Db } from './db/db.ts';
import { createPhotoStore } from './photo-store/index.ts';
import { importPhotoFolder } from './photo-store/import-folder.ts';
import type { PhotoStore } from './photo-store/store.ts';
import { type ClusterWorker, joinCluster, runPrimary } from './cluster.ts';
import { demoAccounts } from './demo/seed.ts';
import { createSiteApp } from './site.ts';
import { embedOriginsCache } from './cache/embed-origins.ts';
import { listEmbedOrigins } from './domain/catalog/embed-origins.ts';
import { listGalleryTutors } from './domain/team/tutors.ts';
import { semesterEnd } from './domain/booking/availability.ts';
import { nowMs } from './clock.ts';
import type { PeriodicTask } from './periodic.ts';
import { startJobRunner } from './jobs/runner.ts';
import { purgeExpiredData } from './domain/purge.ts';
import { purgeRateLimits } from './domain/sign-in/rate-limits.ts';
import { expireCredits } from './domain/credits/expiry.ts';
import { RECONCILE_MS, reconcilePayments } from './domain/billing/reconcile.ts';
import { WEEKLY_CHARGES_EVERY_MS, chargeDueWeeklyPayments } from './domain/billing/weekly-charges.ts';
import { createMessenger } from './notify/messenger.ts';
import { readBuildSettings, settingsDrift } from './build-settings.ts';
import { missingSupervisorHint } from './admin/supervisor-hint.ts';
import { NO_SIGN_IN_FLOORS, SIGN_IN_FLOORS } from './http/even-timing.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** How long a shutdown waits for the requests in flight before it cuts them off. */
const SHUTDOWN_GRACE_MS = 10_000;

const config = readConfig();
/** Production without a supervisor: the banner's line on how to add the first one (server/admin/supervisor-hint.ts). */
let supervisorHint: string | undefined;
const clustered = config.workers > 1 && config.databaseUrl !== undefined;

if (cluster.isPrimary) {
  if (semesterEnd().getTime() < nowMs()) {
    console.warn('PUBLIC_SEMESTER_LAST_READING_DAY has passed: tutors cannot add weekly availability until it names the coming semester.');
  }
  const built = readBuildSettings();
  const drift = built ? settingsDrift(built, config.publicSettings) : [];
  if (drift.length > 0) {
    console.warn(`The pages were built with other values of ${drift.join(', ')} than this server has: run \`npm run build\` with the server's settings, then restart.`);
  }
  if (config.workers > 1 && !clustered) {
    console.log(`WORKERS=${config.workers} ignored: the embedded PGlite database runs in one process; set DATABASE_URL to use several`);
  }
}

if (clustered && cluster.isPrimary) {
  // Once, before any worker starts, so that two workers never race: the migrations (which also
  // take PostgreSQL's advisory lock), the demo seed and its just-ended meeting, and the job
  // queue's own schema. The workers then find all of it in place.
  const database = await openConfiguredDatabase(config);
  supervisorHint = await missingSupervisorHint(database.db, config.mode);
  await importPhotos(database.db, createPhotoStore(config.photoStore, database.db));
  const jobs = await startJobRunner(database.jobStore, [], { schedule: false });
  await jobs.stop();
  await database.close();
  runPrimary({
    workers: config.workers,
    log: console.log,
    onReady: () => printBanner(`${database.kind} database, ${config.workers} workers`),
    // A worker's own drain (SHUTDOWN_GRACE_MS), then its job runner and database.
    stopTimeoutMs: SHUTDOWN_GRACE_MS + 20_000,
  });
} else {
  await startServer(clustered ? await joinCluster() : undefined);
}

function printBanner(what: string) {
  const address = `http://localhost:${config.port}`;
  console.log(`Serving ${address} (${config.mode} mode, ${what})`);
  if (supervisorHint) console.log(supervisorHint);
  if (config.mode === 'demo') {
    console.log('Demo logins (the magic link or code goes to the outbox):');
    console.log(`  customer    ${demoAccounts.customer.email}`);
    console.log(`  tutor       ${demoAccounts.tutor.email}`);
    console.log(`  supervisor  ${demoAccounts.supervisor.email}`);
    console.log(`Outbox: ${address}/dev/outbox`);
  }
}

/** Moves the photos an older version kept in DATA_DIR/tutor_images into the photo store, once (decision 027). */
async function importPhotos(db: Db, photos: PhotoStore) {
  const done = await importPhotoFolder(db, photos, path.join(config.dataDir, 'tutor_images'));
  if (done) console.log(done);
}

/** The server itself: the whole of it in a single process, or one worker of several. */
async function startServer(worker: ClusterWorker | undefined) {
  // A worker's lines name it, so that the log of several tells them apart.
  const log = worker ? (line: string) => console.log(`[worker ${worker.id}] ${line}`) : (line: string) => console.log(line);
  // The primary migrated and seeded already: a worker only opens (its migration check is a no-op).
  const database = worker && config.databaseUrl ? await openDatabase({ databaseUrl: config.databaseUrl }) : await openConfiguredDatabase(config);
  // The banner says it: the primary's of several workers (above), else this process's.
  if (!worker) supervisorHint = await missingSupervisorHint(database.db, config.mode);
  const photos = createPhotoStore(config.photoStore, database.db);
  // The photos of an older version's disk, moved into the store at its first start (not per worker).
  if (!worker) await importPhotos(database.db, photos);
  const payments = createPaymentProvider(config);
  const sender = createSender(config, database.db, log);
  const messenger = createMessenger({ db: database.db, sender, siteUrl: config.siteUrl, log, retrySeconds: config.jobs.sendRetrySeconds, leaseSeconds: config.jobs.sendLeaseSeconds });
  /** Filled once the job runner has started (below); the demo clock route runs the due jobs through it. */
  let runScheduledJobs: () => Promise<void> = async () => {};
  const api = createApiApp({
    database,
    config: { ...config, stripeWebhookSecret: config.stripe?.webhookSecret },
    sender,
    payments,
    photos,
    // The demo's seed photos count as its tutors' photos; production has none.
    seedPhotoDir: config.mode === 'demo' ? path.resolve('dist/tutor_images') : undefined,
    log,
    signInFloors: config.signInFloors ? SIGN_IN_FLOORS : NO_SIGN_IN_FLOORS,
    // The demo clock route moves this worker's clock, then calls this: every worker has the move
    // before the due jobs run and the route answers.
    runDueJobs: async () => {
      await worker?.clockSettled();
      await runScheduledJobs();
    },
  });
  const site = createSiteApp({
    api,
    distDir: path.resolve('dist'),
    dashboardRenderFile: path.resolve('dist-server/render-dashboard.js'),
    photos,
    galleryTutors: () => listGalleryTutors(database.db),
    hsts: config.mode === 'production',
    embedOrigins: embedOriginsCache({ read: () => listEmbedOrigins(database.db), changes: database.changes, log }),
  });

  const http = startHttpServer({
    fetch: site.fetch,
    port: config.port,
    hostname: config.host,
    // With workers, the primary prints the banner once they all listen.
    onListening: () => (worker ? undefined : printBanner(`${database.kind} database`)),
  });

  /**
   * Due work, run as scheduled jobs through the job queue (server/jobs/runner.ts, decision 006):
   * each is enqueued once per period across all instances (and workers) and run by one of them.
   * Each task must be idempotent (see periodic.ts); each feature adds its task here.
   */
  const periodicTasks: PeriodicTask[] = [
    // Ended rate-limit windows: a later request starts a fresh one anyway, so this only keeps the table small.
    { name: 'purge rate limits', everyMs: 15 * 60_000, run: async () => void (await purgeRateLimits(database.db)) },
    // Lapsed sign-ins, spent login links and codes, old webhook ids and outbox mail (purge.ts).
    { name: 'purge expired data', everyMs: 60 * 60_000, run: async () => void (await purgeExpiredData(database.db)) },
    // Crash recovery: checkouts a crash or an outage left half-done are finished or undone, and
    // refunds the provider did not confirm are sent again (reconcile.ts; the one retry of refunds).
    // At start too, through the queue, so one instance runs it and a restart repairs at once.
    { name: 'reconcile payments', everyMs: RECONCILE_MS, runAtStart: true, run: async () => void (await reconcilePayments(database.db, payments, log)) },
    // Packages' hours that ran out are expired in the ledger, and customers told 14 days before (credits/expiry.ts).
    { name: 'expire credits', everyMs: 60 * 60_000, runAtStart: true, run: async () => void (await expireCredits(database.db)) },
    // Later weeks of subscriptions, charged to the card on file once their skip window closes (weekly-charges.ts).
    {
      name: 'charge due weekly payments',
      everyMs: WEEKLY_CHARGES_EVERY_MS,
      run: async () => void (await chargeDueWeeklyPayments({ db: database.db, provider: payments, log })),
    },
  ];
  // Messages (notify/messenger.ts): each event a change commits is told and its messages sent as
  // jobs; reminders 24 h and 1 h ahead and the tutors' daily digest are scheduled.
  const jobRunner = await startJobRunner(database.jobStore, [...periodicTasks, ...messenger.jobs], { log, superviseSeconds: config.jobs.superviseSeconds });
  messenger.attach(jobRunner, database.changes);
  runScheduledJobs = () => jobRunner.runScheduledNow();

  /**
   * Stop taking requests, let those in flight finish (a payment confirmation must not lose its
   * database mid-transaction), then stop the job runner and close the database. A second
   * signal while waiting ends the process at once.
   */
  let shuttingDown = false;
  async function shutdown(signal: string) {
    if (shuttingDown) process.exit(1);
    shuttingDown = true;
    log(`${signal}: finishing ${http.inFlight()} request(s) in flight, then stopping`);
    const { drained } = await http.close(SHUTDOWN_GRACE_MS);
    if (!drained) log(`Requests still running after ${SHUTDOWN_GRACE_MS / 1000} s were cut off`);
    await jobRunner.stop();
    await database.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // The primary's stop: a worker that already heard the signal itself (Ctrl-C reaches the whole
  // process group) is stopping already, and this is not a second signal.
  worker?.onShutdown((signal) => {
    if (!shuttingDown) void shutdown(signal);
  });
}
