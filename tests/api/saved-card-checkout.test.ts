import { expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import { fulfilCharge } from '../../server/domain/billing/fulfilment.ts';
import { AUTHENTICATING_SAVED_CARD, DECLINING_SAVED_CARD, offlineProvider } from '../../server/payments/offline.ts';
import type { IntentRequest, PaymentProvider } from '../../server/payments/provider.ts';
import { call, describeApi, TestClient, type TestContext } from './harness.ts';
import { confirmOffline, courseId, newCustomer, post } from './booking-helpers.ts';

async function openMeeting(ctx: TestContext, course: string, capacity: 1 | 2 = 1) {
  const id = await courseId(ctx, course);
  return (await call(ctx.client(), `/api/meetings?course=${id}&capacity=${capacity}&course_style=online`)).body.data[0] as { id: number; offering: { id: number } };
}

const booking = (meeting: { id: number; offering: { id: number } }, capacity: 1 | 2 = 1) => ({ meeting: meeting.id, offering: meeting.offering.id, capacity, course_style: 'online' });

async function customerWithCard(ctx: TestContext, card: string) {
  const customer = await newCustomer(ctx, true);
  await ctx.database.db.updateTable('customers').set({ payment_method_id: card }).where('id', '=', customer.id).execute();
  return customer;
}

describeApi('saved-card checkout', (ctx) => {
  const db = () => ctx().database.db;
  const seatsOf = async (customerId: number) => db().selectFrom('reservations').select(['meeting_id', 'status']).where('customer_id', '=', customerId).execute();
  const paymentsOf = async (customerId: number) => db().selectFrom('payments').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();

  it('charges the card on file at once: the payment is complete and the seat confirmed, and the webhook after it changes nothing', async () => {
    const { client, id } = await newCustomer(ctx(), true);
    const meeting = await openMeeting(ctx(), 'MATH 124');
    const answer = await post(client, '/api/payments', booking(meeting));
    expect(answer.status).toBe(201);
    expect(answer.body.data).toEqual({ client_secret: expect.stringMatching(/_secret_/), payment_id: expect.any(Number), amount_cents: 5500, status: 'succeeded' });
    const [payment] = await paymentsOf(id);
    expect(payment).toMatchObject({ payment_status: 'succeeded', checkout: 'saved_card', provider_intent_id: expect.stringMatching(/^pi_/) });
    expect(await seatsOf(id)).toEqual([{ meeting_id: meeting.id, status: 'confirmed' }]);
    expect((await call(client, '/api/customers/myself/gradebooks')).body.data).toHaveLength(1);

    // The provider's webhook for this charge comes later: nothing happens twice.
    expect(await fulfilCharge(db(), { intentId: payment!.provider_intent_id!, succeeded: true })).toEqual({ paymentId: payment!.id, result: 'paid' });
    expect(await paymentsOf(id)).toHaveLength(1);
    expect((await post(client, '/api/payments', booking(meeting))).body.error.type).toBe('AlreadyBooked');
  });

  it('charges the first week of a subscription at once and schedules the later weeks', async () => {
    const { client, id } = await newCustomer(ctx(), true);
    const slotCourse = await courseId(ctx(), 'MATH 124');
    const slot = (await call(ctx().client(), `/api/slots?course=${slotCourse}&capacity=2&course_style=in-person&subscription=true`)).body.data[0];
    const answer = await post(client, '/api/subscriptions', { meeting: slot.meetings[0].id, slot: slot.slot.id, offering: slot.offering.id, capacity: 2, course_style: 'in-person' });
    expect(answer.body.data.status).toBe('succeeded');
    const payments = await paymentsOf(id);
    expect(payments[0]).toMatchObject({ meeting_id: slot.meetings[0].id, payment_status: 'succeeded' });
    expect(payments.slice(1).every((p) => p.payment_status === 'subscription_pending')).toBe(true);
    expect(payments.length).toBe(slot.meetings.length);
    expect((await seatsOf(id)).every((s) => s.status === 'confirmed')).toBe(true);
  });

  it('answers a declined card on file with CardDeclined, keeps the seat held, and takes another card for the same payment', async () => {
    const { client, id } = await customerWithCard(ctx(), DECLINING_SAVED_CARD);
    const meeting = await openMeeting(ctx(), 'CS 121');
    const declined = await post(client, '/api/payments', booking(meeting));
    expect(declined.status).toBe(402);
    expect(declined.body.error).toEqual({ type: 'CardDeclined', code: 'card_declined', message: 'Your card was declined.', client_secret: expect.stringMatching(/_secret_/) });
    expect(await seatsOf(id)).toEqual([{ meeting_id: meeting.id, status: 'held' }]);

    // Pay pressed again: still the decline (never a success a spec client would show as paid),
    // with the same payment's secret, which our client confirms with a typed card.
    const retry = await post(client, '/api/payments', booking(meeting));
    expect(retry.status).toBe(402);
    expect(retry.body.error).toEqual(declined.body.error);
    const secret = retry.body.error.client_secret as string;
    // Without a card number the declining card on file is declined again; a typed card pays.
    expect((await confirmOffline(client, secret)).body.error.type).toBe('CardDeclined');
    expect((await confirmOffline(client, secret, '4242 4242 4242 4242')).body.data.status).toBe('succeeded');
    const payments = await paymentsOf(id);
    expect(payments).toHaveLength(1);
    expect(payments[0]!.payment_status).toBe('succeeded');
    expect(await seatsOf(id)).toEqual([{ meeting_id: meeting.id, status: 'confirmed' }]);
    expect((await call(client, '/api/customers/myself')).body.data.payment_method).toBe('Visa ending in 4242');
  });

  it('leaves a charge that needs the customer (3-D Secure) open until they confirm it with the secret', async () => {
    const { client, id } = await customerWithCard(ctx(), AUTHENTICATING_SAVED_CARD);
    const meeting = await openMeeting(ctx(), 'CS 122');
    const answer = await post(client, '/api/payments', booking(meeting));
    expect(answer.body.data).toMatchObject({ status: 'requires_action', client_secret: expect.stringMatching(/_secret_/) });
    expect((await paymentsOf(id))[0]!.payment_status).toBe('requires_payment_method');
    expect(await seatsOf(id)).toEqual([{ meeting_id: meeting.id, status: 'held' }]);
    const retry = await post(client, '/api/payments', booking(meeting));
    expect(retry.body.data).toEqual(answer.body.data);
    expect((await confirmOffline(client, answer.body.data.client_secret)).body.data.status).toBe('succeeded');
    expect(await seatsOf(id)).toEqual([{ meeting_id: meeting.id, status: 'confirmed' }]);
  });
});

describeApi('payments outside the seat lock', (ctx) => {
  function appWith(payments: PaymentProvider) {
    const app = createApiApp({ database: ctx().database, config: { mode: 'demo', siteUrl: 'http://localhost:4321', logRequests: false, trustProxy: 1 }, payments, log: () => {} });
    return () => new TestClient(app);
  }
  async function signedIn(client: TestClient) {
    const { client: other } = await newCustomer(ctx());
    client.cookies = other.cookies;
    return client;
  }

  it('holds no lock while the provider answers: another buyer takes the other seat of the meeting meanwhile', async () => {
    const offline = offlineProvider();
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let asked: () => void = () => {};
    const askedOnce = new Promise<void>((resolve) => (asked = resolve));
    let calls = 0;
    const slow: PaymentProvider = {
      ...offline,
      async createIntent(request: IntentRequest) {
        calls += 1;
        if (calls > 1) return offline.createIntent(request);
        asked();
        await answered;
        return offline.createIntent(request);
      },
    };
    const client = appWith(slow);
    const meeting = await openMeeting(ctx(), 'MATH 125', 2);
    const first = post(await signedIn(client()), '/api/payments', booking(meeting, 2));
    await askedOnce;
    // While the first buyer's provider call hangs, the second seat is sold through the other path.
    const second = await Promise.race([
      post(await signedIn(client()), '/api/payments', booking(meeting, 2)).then((r) => (r.status === 201 ? 201 : r.body.error.type)),
      new Promise((resolve) => setTimeout(() => resolve('still waiting for a lock'), 3000)),
    ]);
    answer();
    expect(second).toBe(201);
    expect((await first).body.error?.type ?? 201).toBe(201);
    const row = await ctx().database.db.selectFrom('meetings').select(['reservations_taken']).where('id', '=', meeting.id).executeTakeFirstOrThrow();
    expect(row.reservations_taken).toBe(2);
  });

  it('gives the seat back and abandons the payment when the provider fails, answering as before', async () => {
    const failing: PaymentProvider = { ...offlineProvider(), createIntent: async () => Promise.reject(new Error('provider unavailable')) };
    const client = await signedIn(appWith(failing)());
    const meeting = await openMeeting(ctx(), 'PHYS 121');
    const answer = await post(client, '/api/payments', booking(meeting));
    expect(answer.status).toBe(500);
    expect(answer.body.error.type).toBe('DBError');
    const row = await ctx().database.db.selectFrom('meetings').select(['reservations_taken', 'capacity']).where('id', '=', meeting.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ reservations_taken: 0, capacity: 0 });
    const payment = await ctx().database.db.selectFrom('payments').select('payment_status').where('meeting_id', '=', meeting.id).executeTakeFirstOrThrow();
    expect(payment.payment_status).toBe('abandoned');
    expect((await openMeeting(ctx(), 'PHYS 121')).id).toBe(meeting.id);
  });
});
