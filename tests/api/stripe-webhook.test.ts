import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import { advanceClock } from '../../server/clock.ts';
import { loadConfig } from '../../server/config.ts';
import { retryPendingRefunds } from '../../server/domain/billing/refunds.ts';
import { createPaymentProvider } from '../../server/payments/index.ts';
import { stripeProvider } from '../../server/payments/stripe.ts';
import { describeApi } from './harness.ts';
import { courseId, newCustomer, post } from './booking-helpers.ts';
import { call } from './harness.ts';
import { recordingProvider } from './recording-provider.ts';
import { pinClock } from './suite-clock.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';

afterEach(() => pinClock());

/**
 * The process killed once at a chosen point: the first query that writes into `table` succeeds,
 * and from then on nothing reaches the database (as if the server died right after that write)
 * until `revive`, which stands for the server started again.
 */
function killAfterWriting(table: string) {
  const writes = new WeakSet<object>();
  let state: 'armed' | 'dead' | 'revived' = 'armed';
  const plugin: KyselyPlugin = {
    transformQuery({ queryId, node }: PluginTransformQueryArgs): RootOperationNode {
      if (state === 'dead') throw new Error('the server process was killed');
      if (state === 'armed' && node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === table) writes.add(queryId);
      return node;
    },
    async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (writes.has(queryId)) {
        state = 'dead';
        throw new Error('the server process was killed');
      }
      return result;
    },
  };
  return { plugin, killed: () => state === 'dead', revive: () => (state = 'revived') };
}

/**
 * Stripe's webhook, end to end in process: the real SDK verifies the signature (no network is
 * needed for that), events are handled once, and a charge for an expired hold is not fulfilled.
 */
describeApi('the Stripe webhook', (ctx) => {
  /** The app with Stripe payments; refunds go to a recording stand-in (no network). */
  function stripeApp(plugin?: KyselyPlugin) {
    const recorder = recordingProvider(stripeProvider('sk_test_not_used', 'pk_test_not_used'));
    const logged: string[] = [];
    const log = (line: string) => logged.push(line);
    const database = plugin ? { ...ctx().database, db: ctx().database.db.withPlugin(plugin) } : ctx().database;
    const app = createApiApp({
      database,
      config: { mode: 'production', siteUrl: 'https://tutors.example', logRequests: false, stripeWebhookSecret: WEBHOOK_SECRET },
      payments: recorder.provider,
      log,
    });
    return { app, ...recorder, logged, log };
  }

  const paymentOf = (paymentId: number) =>
    ctx().database.db.selectFrom('payments').select(['payment_status', 'refund_pending']).where('id', '=', paymentId).executeTakeFirstOrThrow();
  const seatsOf = async (customerId: number) =>
    (await ctx().database.db.selectFrom('reservations').select('status').where('customer_id', '=', customerId).execute()).map((r) => r.status);

  /** A held one-time booking whose payment row carries the given intent id (each test books its own tutor's meetings). */
  async function heldPayment(intentId: string, course = 'MATH 125') {
    const buyer = await newCustomer(ctx());
    const meeting = (await call(buyer.client, `/api/meetings?course=${await courseId(ctx(), course)}&capacity=1&course_style=online`)).body.data[0];
    const intent = await post(buyer.client, '/api/payments', { meeting: meeting.id, offering: meeting.offering.id, capacity: 1, course_style: 'online' });
    await ctx().database.db.updateTable('payments').set({ provider_intent_id: intentId }).where('id', '=', intent.body.data.payment_id).execute();
    return { ...buyer, paymentId: intent.body.data.payment_id as number };
  }

  async function send(app: ReturnType<typeof createApiApp>, provider: ReturnType<typeof stripeProvider>, event: object, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    const signature = await provider.client.webhooks.generateTestHeaderStringAsync({ payload, secret });
    return app.request('/api/stripe/webhook', { method: 'POST', body: payload, headers: { 'stripe-signature': signature, 'content-type': 'application/json' } });
  }

  const succeeded = (id: string, intentId: string) => ({ id, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: intentId, object: 'payment_intent', payment_method: null } } });

  it('confirms the payment once, however often Stripe sends the event', async () => {
    const { app, provider } = stripeApp();
    const buyer = await heldPayment('pi_webhook_1');
    const first = await send(app, provider, succeeded('evt_1', 'pi_webhook_1'));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'success', data: { received: true } });
    const payment = await ctx().database.db.selectFrom('payments').select('payment_status').where('id', '=', buyer.paymentId).executeTakeFirstOrThrow();
    expect(payment.payment_status).toBe('succeeded');
    expect((await send(app, provider, succeeded('evt_1', 'pi_webhook_1'))).status).toBe(200);
    expect(await ctx().database.db.selectFrom('webhook_events').select('id').where('id', '=', 'evt_1').execute()).toHaveLength(1);
    expect(await ctx().database.db.selectFrom('gradebooks').select('id').where('customer_id', '=', buyer.id).execute()).toHaveLength(1);
  });

  it('fulfils a paid booking when Stripe retries an event whose handling was killed after the event was recorded', async () => {
    const kill = killAfterWriting('webhook_events');
    const { app, provider } = stripeApp(kill.plugin);
    const buyer = await heldPayment('pi_webhook_killed', 'CS 121');
    const killed = await send(app, provider, succeeded('evt_killed', 'pi_webhook_killed'));
    expect(kill.killed()).toBe(true);
    expect(killed.status).toBe(500);
    kill.revive();

    // Stripe sends the same event again: it is handled, not skipped as a duplicate.
    expect((await send(app, provider, succeeded('evt_killed', 'pi_webhook_killed'))).status).toBe(200);
    expect((await paymentOf(buyer.paymentId)).payment_status).toBe('succeeded');
    expect(await seatsOf(buyer.id)).toEqual(['confirmed']);
    expect(await ctx().database.db.selectFrom('webhook_events').select('id').where('id', '=', 'evt_killed').execute()).toHaveLength(1);
  });

  it('leaves an event for our payment unhandled until its intent id is stored, so that Stripe retries it', async () => {
    const { app, provider } = stripeApp();
    const buyer = await heldPayment('pi_webhook_early', 'CS 121');
    // The event overtakes the step that stores the intent id on the payment.
    await ctx().database.db.updateTable('payments').set({ provider_intent_id: null }).where('id', '=', buyer.paymentId).execute();
    const early = { ...succeeded('evt_early', 'pi_webhook_early') };
    early.data.object = { ...early.data.object, metadata: { payment_id: String(buyer.paymentId) } } as typeof early.data.object;
    expect((await send(app, provider, early)).status).toBe(500);
    expect(await ctx().database.db.selectFrom('webhook_events').select('id').where('id', '=', 'evt_early').execute()).toHaveLength(0);

    await ctx().database.db.updateTable('payments').set({ provider_intent_id: 'pi_webhook_early' }).where('id', '=', buyer.paymentId).execute();
    expect((await send(app, provider, early)).status).toBe(200);
    expect((await paymentOf(buyer.paymentId)).payment_status).toBe('succeeded');
    // An intent that is not ours (no payment of ours named) is acknowledged, never retried for ever.
    expect((await send(app, provider, succeeded('evt_foreign', 'pi_someone_else'))).status).toBe(200);
  });

  it('refunds a charge whose hold ran out, even when nothing released the hold before the event came', async () => {
    const { app, provider, calls } = stripeApp();
    const buyer = await heldPayment('pi_webhook_late', 'CS 121');
    advanceClock(16 * 60_000);
    expect((await send(app, provider, succeeded('evt_late', 'pi_webhook_late'))).status).toBe(200);
    expect(await paymentOf(buyer.paymentId)).toEqual({ payment_status: 'abandoned', refund_pending: false });
    expect(await seatsOf(buyer.id)).toEqual(['released']);
    expect(calls.refunds).toEqual(['pi_webhook_late']);
    // Stripe's retry of the event changes nothing and refunds nothing more.
    expect((await send(app, provider, succeeded('evt_late', 'pi_webhook_late'))).status).toBe(200);
    expect(calls.refunds).toEqual(['pi_webhook_late']);
  });

  it('keeps the refund of a late charge that Stripe did not confirm, and the retry pass sends it', async () => {
    const { app, provider, calls, faults, logged, log } = stripeApp();
    const buyer = await heldPayment('pi_webhook_late_2', 'PHYS 121');
    advanceClock(16 * 60_000);
    faults.refund = 1;
    expect((await send(app, provider, succeeded('evt_late_2', 'pi_webhook_late_2'))).status).toBe(200);
    expect(await paymentOf(buyer.paymentId)).toEqual({ payment_status: 'abandoned', refund_pending: true });
    expect(logged.some((line) => line.includes(`refund of payment ${buyer.paymentId}`))).toBe(true);
    await retryPendingRefunds(ctx().database.db, provider, log);
    expect(calls.refunds).toEqual(['pi_webhook_late_2']);
    expect((await paymentOf(buyer.paymentId)).refund_pending).toBe(false);
  });

  it('refuses a bad or missing signature', async () => {
    const { app, provider } = stripeApp();
    await heldPayment('pi_webhook_2');
    const forged = await send(app, provider, succeeded('evt_2', 'pi_webhook_2'), 'whsec_wrong');
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { type: string } }).error.type).toBe('BadInput');
    const unsigned = await app.request('/api/stripe/webhook', { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(400);
    const payment = await ctx().database.db.selectFrom('payments').select('payment_status').where('provider_intent_id', '=', 'pi_webhook_2').executeTakeFirstOrThrow();
    expect(payment.payment_status).toBe('requires_payment_method');
  });

  it('leaves a failed charge waiting for another card', async () => {
    const { app, provider } = stripeApp();
    await heldPayment('pi_webhook_3');
    await send(app, provider, { id: 'evt_3', object: 'event', type: 'payment_intent.payment_failed', data: { object: { id: 'pi_webhook_3', object: 'payment_intent' } } });
    const payment = await ctx().database.db.selectFrom('payments').select('payment_status').where('provider_intent_id', '=', 'pi_webhook_3').executeTakeFirstOrThrow();
    expect(payment.payment_status).toBe('requires_payment_method');
  });

  it('is not there without a webhook secret, and offline payments are not there with Stripe', async () => {
    const { app } = stripeApp();
    expect((await app.request('/api/offline-payments/confirm', { method: 'POST' })).status).toBe(404);
    const demo = createApiApp({ database: ctx().database, config: { mode: 'demo', siteUrl: 'http://localhost:4321', logRequests: false }, log: () => {} });
    expect((await demo.request('/api/stripe/webhook', { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('chooses Stripe only when both keys are configured', () => {
    expect(createPaymentProvider(loadConfig({})).name).toBe('offline');
    expect(createPaymentProvider(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', PUBLIC_STRIPE_KEY: 'pk_test_1' })).name).toBe('stripe');
  });
});
