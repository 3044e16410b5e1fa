import path from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { HealthStatus } from '../src/contract/entities.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { failed, ok } from './http/envelope.ts';
import { Refusal } from './domain/refusal.ts';
import { loggedPath, requestLog, sameOriginGuard, siteHostGuard, siteOrigins, urlLengthLimit } from './http/guards.ts';
import { router } from './http/router.ts';
import { apiSecurityHeaders } from './http/security-headers.ts';
import { requestPathGuard } from './http/request-path.ts';
import { compressJson } from './http/compression.ts';
import { requestWrites } from './cache/data-changes.ts';
import { signInMiddleware } from './http/sign-in.ts';
import { clientAddressMiddleware } from './http/client-address.ts';
import { authRoutes } from './routes/auth.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { catalogAdminRoutes } from './routes/catalog-admin.ts';
import { clientErrorRoutes } from './routes/client-errors.ts';
import { customerRoutes } from './routes/customers.ts';
import { gradebookRoutes } from './routes/gradebooks.ts';
import { devRoutes } from './routes/dev.ts';
import { outboxSender } from './notify/outbox.ts';
import { offlineProvider } from './payments/offline.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { stripeProvider } from './payments/stripe.ts';
import { bookingRoutes } from './routes/booking.ts';
import { meetingRoutes } from './routes/meetings.ts';
import { reassignRoutes } from './routes/reassign.ts';
import { teamRoutes } from './routes/team.ts';
import { offlinePaymentRoutes, stripeWebhookRoutes } from './routes/payment-events.ts';
import type { Sender } from './notify/sender.ts';
import { createNotifier, type Notifier } from './notify/notifier.ts';
import type { SignInFloors } from './http/even-timing.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { payRoutes } from './routes/pay.ts';
import { reportRoutes } from './routes/reports.ts';
import { embedRoutes } from './routes/embed.ts';
import { embedOriginsStore } from './domain/embed-origins.ts';
import { DEFAULT_PAY_PERIOD_FIRST_DAY } from './domain/pay-periods.ts';

export interface AppDeps {
  database: DatabaseHandle;
  config: Pick<Config, 'mode' | 'siteUrl' | 'logRequests'> & Partial<Pick<Config, 'payPeriodFirstDay'>> & { stripeWebhookSecret?: string; trustProxy?: number };
  /** Where emails and texts go; the outbox when not given. */
  sender?: Sender;
  /** The card network's edge; the offline stand-in when not given. */
  payments?: PaymentProvider;
  log?: (line: string) => void;
  /** Where uploaded tutor photos are stored (served at /tutor_images/{id}.jpg by the site). */
  photoDir?: string;
  /** The demo's seed photos (served when no photo was uploaded): they count as a tutor's photo. */
  seedPhotoDir?: string;
  /** Runs the scheduled jobs once now (demo mode's clock route, after it moves the clock). */
  runDueJobs?: () => Promise<void>;
  /** Plans and delivers the messages changes owe; one over `sender` when not given. */
  notifier?: Notifier;
  /** How long sign-in requests take at least (http/even-timing.ts); the real floors when not given. */
  signInFloors?: SignInFloors;
}

/** The calls whose changes the message planner tells of: checkouts, payments and meeting changes. */
const OWES_MESSAGES = /^\/api\/(payments|subscriptions|offline-payments|stripe|meetings\/\d+)(\/|$)/;

/** Longest address the API reads; login links, the longest legitimate ones, are well under 1 KB. */
const MAX_URL_CHARS = 8 * 1024;

/** Largest body the API reads; the photo upload (5 MB JPEG) is the largest legitimate one. */
const MAX_BODY_BYTES = 5 * 1024 * 1024 + 1024;

/** Builds the API as a Hono app mounted at /api. It holds no state beyond the database. */
export function createApiApp({ database, config, sender, payments = offlineProvider(), log = console.log, photoDir = path.resolve('.data/tutor_images'), seedPhotoDir, runDueJobs = async () => {}, notifier, signInFloors }: AppDeps) {
  const { db } = database;
  const messages = sender ?? outboxSender(db);
  const notify = notifier ?? createNotifier({ db, sender: messages, siteUrl: config.siteUrl, log });
  const api = router();

  api.use(apiSecurityHeaders());
  api.use(compressJson());
  if (config.logRequests) api.use(requestLog(log));
  api.use(urlLengthLimit(MAX_URL_CHARS));
  api.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => failed(c, new Refusal('BadInput', { fields: { _: 'Request body too large' } }), 413),
    }),
  );
  // Stripe's webhook comes from Stripe's servers and is authenticated by its signature instead.
  api.use(sameOriginGuard(siteOrigins(config.siteUrl), ['/api/stripe/webhook']));
  // A request's writes to cached tables are told again once it is done, after its commits (cache/data-changes.ts).
  api.use(async (_c, next) => {
    const written = new Set<string>();
    await requestWrites.run(written, next);
    if (written.size > 0) database.changes.tablesChanged(written);
  });
  api.use(signInMiddleware(db, config.siteUrl));
  api.use(clientAddressMiddleware(config.trustProxy ?? 0));
  // A change that may owe messages (a booking, a charge, a skip, a cancel, a move): plan and send
  // them after the answer. Other calls owe none, so they start no run (the job runs every minute anyway).
  api.use(async (c, next) => {
    await next();
    if (c.req.method === 'POST' && c.res.status < 500 && OWES_MESSAGES.test(c.req.path)) notify.kick();
  });

  api.get('/health', async (c) => {
    await db.selectFrom('courses').select('id').limit(1).execute();
    const health: HealthStatus = { ok: true, database: database.kind };
    return ok(c, health);
  });
  api.route('/', catalogRoutes(db, database.changes));
  api.route('/', catalogAdminRoutes(db));
  api.route('/', authRoutes(db, messages, config.siteUrl, log, signInFloors));
  api.route('/', customerRoutes(db, payments, log, config.siteUrl));
  api.route('/', gradebookRoutes(db));
  api.route('/', bookingRoutes(db, payments, database.changes));
  api.route('/', meetingRoutes({ db, payments, siteUrl: config.siteUrl, log }));
  api.route('/', reassignRoutes({ db, payments, siteUrl: config.siteUrl, log }));
  api.route('/', calendarRoutes(db, config.siteUrl));
  api.route('/', teamRoutes(db, photoDir, seedPhotoDir));
  api.route('/', payRoutes(db, config.payPeriodFirstDay ?? DEFAULT_PAY_PERIOD_FIRST_DAY));
  api.route('/', reportRoutes(db));
  api.route('/', embedRoutes(embedOriginsStore(db)));
  api.route('/', clientErrorRoutes(db, log));
  if (payments.name === 'offline' && config.mode === 'demo') api.route('/', offlinePaymentRoutes(db));
  if (payments.name === 'stripe' && config.stripeWebhookSecret) {
    api.route('/', stripeWebhookRoutes(db, (payments as ReturnType<typeof stripeProvider>).client, config.stripeWebhookSecret, payments, log));
  }

  // A catch-all route rather than notFound(): a mounted sub-app's notFound handler is not used.
  api.all('*', (c) => failed(c, new Refusal('NotFound')));
  api.onError((error, c) => {
    if (error instanceof Refusal) return failed(c, error);
    log(`error ${c.req.method} ${loggedPath(c.req.path)}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return failed(c, new Refusal('DBError'));
  });

  const app = new Hono({ strict: false });
  // One reading of the path before the router and every guard; the others are NotFound envelopes.
  app.use(requestPathGuard((c) => failed(c, new Refusal('NotFound'))));
  app.route('/api', api);
  if (config.mode === 'demo') {
    app.use('/dev/*', siteHostGuard(config.siteUrl));
    app.route('/dev', devRoutes(db, runDueJobs));
  }
  return app;
}
