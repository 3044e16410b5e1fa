import { expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createPaymentProvider } from '../../server/payments/index.ts';
import { stripeProvider } from '../../server/payments/stripe.ts';
import { describeApi } from './harness.ts';
import { courseId, newCustomer, post } from './booking-helpers.ts';
import { call } from './harness.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';

/**
 * Stripe's webhook, end to end in process: the real SDK verifies the signature (no network is
 * needed for that), events are handled once, and a charge for an expired hold is not fulfilled.
 */
describeApi('the Stripe webhook', (ctx) => {
  function stripeApp() {
    const provider = stripeProvider('sk_test_not_used', 'pk_test_not_used');
    const app = createApiApp({
      database: ctx().database,
      config: { mode: 'production', siteUrl: 'https://tutors.example', logRequests: false, stripeWebhookSecret: WEBHOOK_SECRET },
      payments: provider,
      log: () => {},
    });
    return { app, provider };
  }

  /** A held one-time booking whose payment row carries the given intent id. */
  async function heldPayment(intentId: string) {
    const buyer = await newCustomer(ctx());
    const meeting = (await call(buyer.client, `/api/meetings?course=${await courseId(ctx(), 'MATH 125')}&capacity=1&course_style=online`)).body.data[0];
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
