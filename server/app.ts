import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { HealthStatus } from '../src/contract/entities.ts';
import { type Config, DEFAULT_PAY_PERIOD_FIRST_DAY } from './config.ts';
import type { DatabaseHandle } from './start/database.ts';
import { Refusal } from './domain/refusal.ts';
import { loggedPath, requestLog, sameOriginGuard, siteHostGuard, siteOrigins, urlLengthLimit } from './http/guards.ts';
import { router } from './http/router.ts';
import { apiSecurityHeaders } from './http/security-headers.ts';
import { requestPathGuard } from './http/request-path.ts';
import { compressJson } from './http/compression.ts';
import { requestWrites } from './cache/data-changes.ts';
import { signInMiddleware } from './http/sign-in.ts';
import { clientAddressMiddleware } from './http/client-address.ts';
import { devRoutes } from './routes/dev.ts';
import { answerCaches, type RouteDeps } from './routes/deps.ts';
import { signInRoutes } from './routes/sign-in.ts';
import { courseRoutes } from './routes/courses.ts';
import { priceRoutes } from './routes/prices.ts';
import { packageRoutes } from './routes/packages.ts';
import { packagePurchaseRoutes } from './routes/package-purchases.ts';
import { creditLotRoutes } from './routes/credit-lots.ts';
import { guaranteeClaimRoutes } from './routes/guarantee-claims.ts';
import { offeringRoutes } from './routes/offerings.ts';
import { embedRoutes } from './routes/embed.ts';
import { tutorRoutes } from './routes/tutors.ts';
import { teamRoutes } from './routes/team.ts';
import { slotRoutes } from './routes/slots.ts';
import { meetingRoutes } from './routes/meetings.ts';
import { customerRoutes } from './routes/customers.ts';
import { paymentRoutes } from './routes/payments.ts';
import { subscriptionRoutes } from './routes/subscriptions.ts';
import { offlinePaymentRoutes } from './routes/offline-payments.ts';
import { stripeWebhookRoutes } from './routes/stripe.ts';
import { gradebookRoutes } from './routes/gradebooks.ts';
import { payrollRoutes } from './routes/payroll.ts';
import { reportRoutes } from './routes/reports.ts';
import { calendarFeedRoutes } from './routes/calendar-feed.ts';
import { textReminderRoutes } from './routes/text-reminders.ts';
import { clientErrorRoutes } from './routes/client-errors.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { failureAnswer, serve } from './http/declared.ts';
import { calls } from '../src/contract/calls/index.ts';
import { signInCalls } from '../src/contract/calls/sign-in.ts';
import { outboxSender } from './notify/outbox.ts';
import { offlineProvider } from './payments/offline.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { stripeProvider } from './payments/stripe.ts';
import type { PhotoStore } from './photo-store/store.ts';
import { databasePhotoStore } from './photo-store/database.ts';
import type { Sender } from './domain/sign-in/outgoing.ts';
import type { SignInFloors } from './http/even-timing.ts';
import { embedOriginsStore } from './domain/catalog/embed-origins.ts';

export interface AppDeps {
  database: DatabaseHandle;
  config: Pick<Config, 'mode' | 'siteUrl' | 'logRequests'> & Partial<Pick<Config, 'payPeriodFirstDay'>> & { stripeWebhookSecret?: string; trustProxy?: number };
  /** Where emails and texts go; the outbox when not given. */
  sender?: Sender;
  /** The card network's edge; the offline stand-in when not given. */
  payments?: PaymentProvider;
  log?: (line: string) => void;
  /** Where uploaded tutor photos are kept (served at /tutor_images/{id}.jpg by the site); the database's table when not given. */
  photos?: PhotoStore;
  /** The demo's seed photos (served when no photo was uploaded): they count as a tutor's photo. */
  seedPhotoDir?: string;
  /** Runs the scheduled jobs once now (demo mode's clock route, after it moves the clock). */
  runDueJobs?: () => Promise<void>;
  /** How long sign-in requests take at least (http/even-timing.ts); the real floors when not given. */
  signInFloors?: SignInFloors;
}

/** Longest address the API reads; login links, the longest legitimate ones, are well under 1 KB. */
const MAX_URL_CHARS = 8 * 1024;

/** Largest body the API reads; the photo upload (5 MB JPEG) is the largest legitimate one. */
const MAX_BODY_BYTES = 5 * 1024 * 1024 + 1024;

/** Builds the API as a Hono app mounted at /api. It holds no state beyond the database. */
export function createApiApp({ database, config, sender, payments = offlineProvider(), log = console.log, photos, seedPhotoDir, runDueJobs = async () => {}, signInFloors }: AppDeps) {
  const { db } = database;
  const messages = sender ?? outboxSender(db);
  const api = router();
  // A refusal in the shape its call is declared with (src/contract/calls/declare.ts, errorShape).
  const failure = failureAnswer(calls);

  api.use(apiSecurityHeaders());
  api.use(compressJson());
  if (config.logRequests) api.use(requestLog(log));
  api.use(urlLengthLimit(MAX_URL_CHARS));
  api.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => failure(c, new Refusal('BadInput', { fields: { _: 'Request body too large' } }), 413),
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

  serve(api, signInCalls.health, async (_c, input) => {
    await db.selectFrom('courses').select('id').limit(1).execute();
    const health: HealthStatus = { ok: true, database: database.kind };
    return input.answer(health);
  });
  const deps: RouteDeps = {
    db,
    payments,
    siteUrl: config.siteUrl,
    log,
    changes: database.changes,
    caches: answerCaches(database.changes),
    sender: messages,
    signInFloors,
    photos: photos ?? databasePhotoStore(db),
    seedPhotoDir,
    payPeriodFirstDay: config.payPeriodFirstDay ?? DEFAULT_PAY_PERIOD_FIRST_DAY,
    embedOrigins: embedOriginsStore(db),
  };
  // One route file per resource (the first segment of its paths), each serving the calls declared
  // in src/contract/calls/ for it.
  for (const routes of [
    signInRoutes,
    courseRoutes,
    priceRoutes,
    packageRoutes,
    offeringRoutes,
    embedRoutes,
    tutorRoutes,
    teamRoutes,
    slotRoutes,
    meetingRoutes,
    customerRoutes,
    paymentRoutes,
    packagePurchaseRoutes,
    creditLotRoutes,
    subscriptionRoutes,
    gradebookRoutes,
    guaranteeClaimRoutes,
    payrollRoutes,
    reportRoutes,
    calendarFeedRoutes,
    textReminderRoutes,
    clientErrorRoutes,
    openApiRoutes,
  ]) {
    api.route('/', routes(deps));
  }
  if (payments.name === 'offline' && config.mode === 'demo') api.route('/', offlinePaymentRoutes(deps));
  if (payments.name === 'stripe' && config.stripeWebhookSecret) {
    api.route('/', stripeWebhookRoutes(deps, (payments as ReturnType<typeof stripeProvider>).client, config.stripeWebhookSecret));
  }

  // A catch-all route rather than notFound(): a mounted sub-app's notFound handler is not used.
  api.all('*', (c) => failure(c, new Refusal('NotFound')));
  api.onError((error, c) => {
    if (error instanceof Refusal) return failure(c, error);
    log(`error ${c.req.method} ${loggedPath(c.req.path)}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return failure(c, new Refusal('DBError'));
  });

  const app = new Hono({ strict: false });
  // One reading of the path before the router and every guard; the others are NotFound envelopes.
  app.use(requestPathGuard((c) => failure(c, new Refusal('NotFound'))));
  app.route('/api', api);
  if (config.mode === 'demo') {
    app.use('/dev/*', siteHostGuard(config.siteUrl));
    app.route('/dev', devRoutes(db, runDueJobs));
  }
  return app;
}
