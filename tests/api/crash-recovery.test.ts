import { randomBytes } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import { advanceClock } from '../../server/clock.ts';
import { takeOneTime } from '../../server/domain/booking/booking.ts';
import { reconcilePayments } from '../../server/domain/billing/reconcile.ts';
import { type CreatedIntent, type IntentRequest, type IntentStatus, type PaymentProvider, type SavedCardCharge, type SavedCardResult, savedCardChargeKey } from '../../server/payments/provider.ts';
import { call, describeApi, TestClient, type TestContext } from './harness.ts';
import { courseId, newCustomer, post } from './booking-helpers.ts';
import { pinClock } from './suite-clock.ts';

/**
 * A provider stand-in that keeps Stripe's books: answers by the idempotency key the adapters send
 * (`payment-{id}`, savedCardChargeKey), so a changed key shows as a second intent or charge; the
 * charges it made and the refunds it sent, and faults that kill the work between steps: `afterCreate`
 * and `afterCharge` throw once the provider has done its part (the answer is lost, as in a crash or
 * a timeout after the provider acted).
 */
function ledgerProvider() {
  const byKey = new Map<string, CreatedIntent | SavedCardResult>();
  const statuses = new Map<string, IntentStatus>();
  const ledger = { charged: [] as string[], refunded: [] as string[] };
  const faults = { afterCreate: 0, afterCharge: 0 };
  const provider: PaymentProvider = {
    name: 'offline',
    publishableKey: 'pk_ledger',
    async createIntent(request: IntentRequest) {
      // The key stripe.ts sends with this call.
      const key = `payment-${request.paymentId}`;
      let intent = byKey.get(key) as CreatedIntent | undefined;
      if (!intent) {
        const intentId = `pi_ledger_${request.paymentId}_${randomBytes(4).toString('hex')}`;
        intent = { intentId, clientSecret: `${intentId}_secret_x`, providerCustomerId: 'cus_ledger' };
        byKey.set(key, intent);
        statuses.set(intentId, 'requires_payment_method');
      }
      if (faults.afterCreate > 0 && faults.afterCreate--) throw new Error('connection reset after the intent was made');
      return intent;
    },
    async chargeSavedCard(charge: SavedCardCharge) {
      const key = savedCardChargeKey(charge);
      let result = byKey.get(key) as SavedCardResult | undefined;
      if (!result) {
        // A new key is a new charge at the provider: its own intent id, so the ledger shows it twice.
        const intentId = `pi_ledger_saved_${charge.paymentId}_${randomBytes(4).toString('hex')}`;
        result = { status: 'succeeded', intentId, clientSecret: `${intentId}_secret_x` };
        byKey.set(key, result);
        statuses.set(intentId, 'succeeded');
        ledger.charged.push(intentId);
      }
      if (faults.afterCharge > 0 && faults.afterCharge--) throw new Error('timeout after the card was charged');
      return result;
    },
    async retrieveIntent(intentId: string) {
      return statuses.get(intentId) ?? 'requires_payment_method';
    },
    async refund(intentId: string) {
      if (!ledger.refunded.includes(intentId)) ledger.refunded.push(intentId);
    },
  };
  /** The customer's browser confirmed the intent with the provider (its webhook may never come). */
  const confirmAtProvider = (intentId: string) => {
    statuses.set(intentId, 'succeeded');
    ledger.charged.push(intentId);
  };
  return { provider, ledger, faults, confirmAtProvider };
}

describeApi('crash recovery', (ctx) => {
  afterEach(() => pinClock());
  const db = () => ctx().database.db;
  const log = () => {};

  function setup() {
    const stand = ledgerProvider();
    const app = createApiApp({ database: ctx().database, config: { mode: 'demo', siteUrl: 'http://localhost:4321', logRequests: false, trustProxy: 1 }, payments: stand.provider, log });
    const clientOf = async (card: boolean) => {
      const customer = await newCustomer(ctx(), card);
      const client = new TestClient(app);
      client.cookies = customer.client.cookies;
      return { client, id: customer.id };
    };
    return { ...stand, clientOf, reconcile: () => reconcilePayments(db(), stand.provider, log) };
  }

  async function openMeeting(ctx: TestContext, course: string) {
    const id = await courseId(ctx, course);
    return (await call(ctx.client(), `/api/meetings?course=${id}&capacity=1&course_style=online`)).body.data[0] as { id: number; offering: { id: number } };
  }
  const booking = (meeting: { id: number; offering: { id: number } }) => ({ meeting: meeting.id, offering: meeting.offering.id, capacity: 1 as const, course_style: 'online' as const });

  /** No seat lost or sold twice: the meeting's count is its live seats, within its capacity. */
  async function expectSeatsConsistent(meetingId: number) {
    const meeting = await db().selectFrom('meetings').select(['capacity', 'reservations_taken']).where('id', '=', meetingId).executeTakeFirstOrThrow();
    const live = await db().selectFrom('reservations').select('id').where('meeting_id', '=', meetingId).where('status', '!=', 'released').execute();
    expect(meeting.reservations_taken).toBe(live.length);
    expect(live.length).toBeLessThanOrEqual(Math.max(meeting.capacity, 1));
  }

  /** Every charge kept is a paid payment with a confirmed seat; every other charge was refunded; none twice. */
  async function expectMoneyConsistent(ledger: { charged: string[]; refunded: string[] }, customerId: number) {
    expect(new Set(ledger.charged).size).toBe(ledger.charged.length);
    const payments = await db().selectFrom('payments').select(['provider_intent_id', 'payment_status', 'meeting_id']).where('customer_id', '=', customerId).execute();
    for (const intentId of ledger.charged) {
      const payment = payments.find((p) => p.provider_intent_id === intentId);
      if (ledger.refunded.includes(intentId)) {
        // A refunded charge is still one of ours: its payment holds it, and is not kept as paid.
        expect(payment, `no payment holds the refunded intent ${intentId}`).toBeDefined();
        expect(payment!.payment_status).not.toBe('succeeded');
        continue;
      }
      expect(payment?.payment_status).toBe('succeeded');
      const seat = await db().selectFrom('reservations').select('status').where('meeting_id', '=', payment!.meeting_id).where('customer_id', '=', customerId).executeTakeFirstOrThrow();
      expect(seat.status).toBe('confirmed');
    }
  }

  it('a crash after the seats were taken, before the provider was asked: the pass charges the card on file once and confirms the seat', async () => {
    const { id } = await newCustomer(ctx(), true);
    const stand = setup();
    const meeting = await openMeeting(ctx(), 'MATH 124');
    await takeOneTime(db(), stand.provider, id, booking(meeting), null, true);
    // Too soon: a request may still be sending it.
    await stand.reconcile();
    expect(stand.ledger.charged).toEqual([]);
    advanceClock(3 * 60_000);
    await stand.reconcile();
    await stand.reconcile();
    expect(stand.ledger.charged).toHaveLength(1);
    await expectMoneyConsistent(stand.ledger, id);
    await expectSeatsConsistent(meeting.id);
  });

  it('after the clock moved forward (the demo test clock), a checkout just started is still in flight: the pass leaves it alone', async () => {
    const { id } = await newCustomer(ctx(), true);
    const stand = setup();
    const meeting = await openMeeting(ctx(), 'MATH 208');
    advanceClock(60 * 60_000);
    // Seats taken and the payment written; the request is about to ask the provider.
    await takeOneTime(db(), stand.provider, id, booking(meeting), null, true);
    await stand.reconcile();
    expect(stand.ledger.charged).toEqual([]);
    const [payment] = await db().selectFrom('payments').select(['payment_status', 'provider_intent_id']).where('customer_id', '=', id).execute();
    expect(payment).toEqual({ payment_status: 'requires_payment_method', provider_intent_id: null });
  });

  it('the card was charged but the answer was lost: the seat goes back at once, and the pass refunds the charge under the same key', async () => {
    const stand = setup();
    const { client, id } = await stand.clientOf(true);
    const meeting = await openMeeting(ctx(), 'MATH 125');
    stand.faults.afterCharge = 1;
    const answer = await post(client, '/api/payments', booking(meeting));
    expect(answer.body.error.type).toBe('DBError');
    await expectSeatsConsistent(meeting.id);
    expect((await openMeeting(ctx(), 'MATH 125')).id).toBe(meeting.id);
    advanceClock(3 * 60_000);
    await stand.reconcile();
    await stand.reconcile();
    expect(stand.ledger.charged).toHaveLength(1);
    expect(stand.ledger.refunded).toEqual(stand.ledger.charged);
    await expectMoneyConsistent(stand.ledger, id);
    // The seat is sold once more, normally.
    const next = await stand.clientOf(false);
    expect((await post(next.client, '/api/payments', booking(meeting))).status).toBe(201);
    await expectSeatsConsistent(meeting.id);
  });

  it('the intent was made but its answer lost: the seat goes back, nothing is charged, and the pass settles the payment', async () => {
    const stand = setup();
    const { client, id } = await stand.clientOf(false);
    const meeting = await openMeeting(ctx(), 'CS 121');
    stand.faults.afterCreate = 1;
    expect((await post(client, '/api/payments', booking(meeting))).body.error.type).toBe('DBError');
    advanceClock(3 * 60_000);
    await stand.reconcile();
    const payment = await db().selectFrom('payments').select(['payment_status', 'reconciled']).where('customer_id', '=', id).executeTakeFirstOrThrow();
    expect(payment).toEqual({ payment_status: 'abandoned', reconciled: true });
    expect(stand.ledger.charged).toEqual([]);
    await expectSeatsConsistent(meeting.id);
    // Booking again works: a new payment, a new intent.
    expect((await post(client, '/api/payments', booking(meeting))).status).toBe(201);
    await expectSeatsConsistent(meeting.id);
  });

  it('the webhook never came: the pass asks the provider and fulfils the paid intent while the seat is held', async () => {
    const stand = setup();
    const { client, id } = await stand.clientOf(false);
    const meeting = await openMeeting(ctx(), 'CS 122');
    const intent = await post(client, '/api/payments', booking(meeting));
    const { provider_intent_id } = await db().selectFrom('payments').select('provider_intent_id').where('id', '=', intent.body.data.payment_id).executeTakeFirstOrThrow();
    stand.confirmAtProvider(provider_intent_id!);
    advanceClock(6 * 60_000);
    await stand.reconcile();
    await stand.reconcile();
    expect(stand.ledger.refunded).toEqual([]);
    await expectMoneyConsistent(stand.ledger, id);
    await expectSeatsConsistent(meeting.id);
  });

  it('the webhook never came and the hold ran out: the seat went back, so the pass refunds the charge', async () => {
    const stand = setup();
    const { client, id } = await stand.clientOf(false);
    const meeting = await openMeeting(ctx(), 'PHYS 121');
    const intent = await post(client, '/api/payments', booking(meeting));
    const { provider_intent_id } = await db().selectFrom('payments').select('provider_intent_id').where('id', '=', intent.body.data.payment_id).executeTakeFirstOrThrow();
    stand.confirmAtProvider(provider_intent_id!);
    advanceClock(20 * 60_000);
    await stand.reconcile();
    await stand.reconcile();
    expect(stand.ledger.refunded).toEqual([provider_intent_id]);
    await expectMoneyConsistent(stand.ledger, id);
    await expectSeatsConsistent(meeting.id);
  });

  it('a crash after the charge was stored, before its fulfilment: the pass fulfils it once', async () => {
    const stand = setup();
    const { id } = await newCustomer(ctx(), true);
    const meeting = await openMeeting(ctx(), 'PHYS 1');
    const [taken] = await takeOneTime(db(), stand.provider, id, booking(meeting), null, true);
    const paymentId = typeof taken === 'number' ? taken : taken.id;
    const charged = await stand.provider.chargeSavedCard({ paymentId, amountCents: 5500, customer: { id, email: 'x@example.com', name: 'X', providerCustomerId: null }, paymentMethodId: 'pm_offline_saved', description: 'crash' });
    await db().updateTable('payments').set({ provider_intent_id: charged.intentId }).where('id', '=', paymentId).execute();
    advanceClock(6 * 60_000);
    await stand.reconcile();
    await stand.reconcile();
    expect(stand.ledger.charged).toHaveLength(1);
    expect(stand.ledger.refunded).toEqual([]);
    await expectMoneyConsistent(stand.ledger, id);
    await expectSeatsConsistent(meeting.id);
  });
});
