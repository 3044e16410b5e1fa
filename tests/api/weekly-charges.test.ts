import { afterEach, beforeEach, expect, it } from 'vitest';
import { nowMs, resetClock } from '../../server/clock.ts';
import { CLAIM_LEASE_MS, RETRY_AFTER_MS, chargeDueWeeklyPayments } from '../../server/domain/weekly-charges.ts';
import { CANCEL_NOTICE_HOURS } from '../../server/domain/student-changes.ts';
import { listOutbox, outboxSender } from '../../server/notify/outbox.ts';
import { DECLINING_SAVED_CARD, offlineProvider } from '../../server/payments/offline.ts';
import type { PaymentProvider, SavedCardCharge } from '../../server/payments/provider.ts';
import { savedCardChargeKey } from '../../server/payments/provider.ts';
import { call, describeApi, type TestContext } from './harness.ts';
import { confirmOffline, newCustomer, post } from './booking-helpers.ts';
import { freeWeeklyHour, jordan, jumpClock, offeringOf, pinClock } from './tutor-helpers.ts';
import { recordingProvider } from './recording-provider.ts';

const WINDOW_MS = CANCEL_NOTICE_HOURS * 3600_000;

/** A new customer who paid the first week of a new weekly slot of Jordan's with a typed card (kept on file). */
async function subscriber(ctx: TestContext) {
  const tutor = await jordan(ctx);
  const slot = await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: freeWeeklyHour(), tutor: 'myself' });
  if (slot.status !== 201) throw new Error(`slot not made: ${JSON.stringify(slot.body)}`);
  const meetings = await ctx.database.db.selectFrom('meetings').select(['id', 'occurrence']).where('slot_id', '=', slot.body.data.id).orderBy('occurrence').execute();
  const buyer = await newCustomer(ctx);
  const intent = await post(buyer.client, '/api/subscriptions', { meeting: meetings[0]!.id, slot: slot.body.data.id, offering: await offeringOf(ctx, tutor.id, 'CS 121'), capacity: 1, course_style: 'online' });
  if (intent.status !== 201) throw new Error(`not booked: ${JSON.stringify(intent.body)}`);
  const paid = await confirmOffline(buyer.client, intent.body.data.client_secret, '4242424242424242');
  if (paid.body.data?.status !== 'succeeded') throw new Error(`not paid: ${JSON.stringify(paid.body)}`);
  const week2 = await ctx.database.db
    .selectFrom('payments')
    .select('id')
    .where('customer_id', '=', buyer.id)
    .where('meeting_id', '=', meetings[1]!.id)
    .where('payment_status', '=', 'subscription_pending')
    .executeTakeFirstOrThrow();
  return { ...buyer, paymentId: week2.id, start: new Date(meetings[1]!.occurrence) };
}

type Sub = Awaited<ReturnType<typeof subscriber>>;

function services(ctx: TestContext, provider: PaymentProvider, log: (line: string) => void = () => {}) {
  const { db } = ctx.database;
  return { db, provider, sender: outboxSender(db), siteUrl: 'http://localhost:4321', log };
}

const payment = (ctx: TestContext, id: number) =>
  ctx.database.db.selectFrom('payments').select(['payment_status', 'provider_intent_id', 'charge_attempts', 'charge_retry_at']).where('id', '=', id).executeTakeFirstOrThrow();

const chargesOf = (charges: SavedCardCharge[], paymentId: number) => charges.filter((c) => c.paymentId === paymentId);

beforeEach(() => pinClock());
afterEach(() => resetClock());

describeApi('weekly charges', (ctx) => {
  it('charges a later week once, only when its skip window has closed', async () => {
    const sub = await subscriber(ctx());
    const { provider, calls } = recordingProvider();

    await jumpClock(ctx(), new Date(sub.start.getTime() - WINDOW_MS - 60_000));
    await chargeDueWeeklyPayments(services(ctx(), provider));
    expect(chargesOf(calls.charges, sub.paymentId)).toHaveLength(0);
    expect((await payment(ctx(), sub.paymentId)).payment_status).toBe('subscription_pending');

    await jumpClock(ctx(), new Date(sub.start.getTime() - WINDOW_MS + 60_000));
    await chargeDueWeeklyPayments(services(ctx(), provider));
    await chargeDueWeeklyPayments(services(ctx(), provider));
    expect(chargesOf(calls.charges, sub.paymentId)).toHaveLength(1);
    expect(await payment(ctx(), sub.paymentId)).toMatchObject({ payment_status: 'succeeded', provider_intent_id: expect.stringMatching(/^pi_/), charge_attempts: 1 });
    // The student's dashboard reads it as Complete.
    const listed = (await call(sub.client, '/api/customers/myself/payments')).body.data.find((p: { id: number }) => p.id === sub.paymentId);
    expect(listed.payment_status).toBe('succeeded');
  });

  it('never charges a week skipped before its window closed', async () => {
    const sub = await subscriber(ctx());
    const { provider, calls } = recordingProvider();
    await jumpClock(ctx(), new Date(sub.start.getTime() - WINDOW_MS - 60_000));
    expect((await call(sub.client, `/api/payments/${sub.paymentId}/skip`, { method: 'POST' })).status).toBe(200);
    await jumpClock(ctx(), new Date(nowMs() + 2 * 60_000));
    await chargeDueWeeklyPayments(services(ctx(), provider));
    expect(chargesOf(calls.charges, sub.paymentId)).toHaveLength(0);
    expect((await payment(ctx(), sub.paymentId)).payment_status).toBe('canceled');
  });

  it('refuses a skip once the window closed, before and after the charge (TooLate)', async () => {
    const sub = await subscriber(ctx());
    const { provider } = recordingProvider();
    await jumpClock(ctx(), new Date(sub.start.getTime() - WINDOW_MS + 60_000));
    const before = await call(sub.client, `/api/payments/${sub.paymentId}/skip`, { method: 'POST' });
    expect(before.body.error.type).toBe('TooLate');
    await chargeDueWeeklyPayments(services(ctx(), provider));
    const after = await call(sub.client, `/api/payments/${sub.paymentId}/skip`, { method: 'POST' });
    expect(after.body.error.type).toBe('TooLate');
    expect((await payment(ctx(), sub.paymentId)).payment_status).toBe('succeeded');
  });

  it('charges once when two runners work at the same time', async () => {
    const sub = await subscriber(ctx());
    const { provider, calls } = recordingProvider();
    await jumpClock(ctx(), new Date(sub.start.getTime() - WINDOW_MS + 60_000));
    await Promise.all([chargeDueWeeklyPayments(services(ctx(), provider)), chargeDueWeeklyPayments(services(ctx(), provider))]);
    expect(chargesOf(calls.charges, sub.paymentId)).toHaveLength(1);
    expect((await payment(ctx(), sub.paymentId)).payment_status).toBe('succeeded');
  });

  it('a decline shows Failed, emails the customer, is tried once more and no more, and does not stop others', async () => {
    const [other, declined] = [await subscriber(ctx()), await subscriber(ctx())].sort((a, b) => a.start.getTime() - b.start.getTime()) as [Sub, Sub];
    await ctx().database.db.updateTable('customers').set({ payment_method_id: DECLINING_SAVED_CARD }).where('id', '=', declined.id).execute();
    const { provider, calls } = recordingProvider();
    // Both are due in this pass: the declined one is the later of the two (so it has time for its retry).
    await jumpClock(ctx(), new Date(declined.start.getTime() - WINDOW_MS + 60_000));
    const tally = await chargeDueWeeklyPayments(services(ctx(), provider));
    expect(tally.failed).toBeGreaterThanOrEqual(1);
    expect((await payment(ctx(), other.paymentId)).payment_status).toBe('succeeded');
    const failed = await payment(ctx(), declined.paymentId);
    expect(failed).toMatchObject({ payment_status: 'requires_payment_method', charge_attempts: 1, charge_retry_at: expect.any(Date) });
    const email = await ctx().database.db.selectFrom('customers').select('email').where('id', '=', declined.id).executeTakeFirstOrThrow();
    const mail = (await listOutbox(ctx().database.db)).filter((m) => m.to === email.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: expect.stringContaining('payment failed'), link: 'http://localhost:4321/student/dashboard/upcoming' });

    // Not before the retry time; then once, with a key of its own (the provider replays a seen key).
    await chargeDueWeeklyPayments(services(ctx(), provider));
    expect(chargesOf(calls.charges, declined.paymentId)).toHaveLength(1);
    await jumpClock(ctx(), new Date(nowMs() + RETRY_AFTER_MS + 60_000));
    await chargeDueWeeklyPayments(services(ctx(), provider));
    const tries = chargesOf(calls.charges, declined.paymentId);
    expect(tries.map(savedCardChargeKey)).toEqual([`payment-${declined.paymentId}`, `payment-${declined.paymentId}-try-2`]);
    expect(await payment(ctx(), declined.paymentId)).toMatchObject({ payment_status: 'requires_payment_method', charge_attempts: 2, charge_retry_at: null });
    await jumpClock(ctx(), new Date(nowMs() + RETRY_AFTER_MS + 60_000));
    await chargeDueWeeklyPayments(services(ctx(), provider));
    expect(chargesOf(calls.charges, declined.paymentId)).toHaveLength(2);
  });

  it('after a crash between the charge and its record, the retry sends the same key and charges once', async () => {
    const sub = await subscriber(ctx());
    const base = offlineProvider();
    const made: { paymentId: number; intentId: string }[] = [];
    const keys: string[] = [];
    let crash = true;
    const provider: PaymentProvider = {
      ...base,
      async chargeSavedCard(charge) {
        keys.push(savedCardChargeKey(charge));
        const result = await base.chargeSavedCard(charge);
        if (result.intentId) made.push({ paymentId: charge.paymentId, intentId: result.intentId });
        if (crash) {
          crash = false;
          throw new Error('connection reset after the charge');
        }
        return result;
      },
    };
    await jumpClock(ctx(), new Date(sub.start.getTime() - WINDOW_MS + 60_000));
    const first = await chargeDueWeeklyPayments(services(ctx(), provider));
    expect(first.errors).toBe(1);
    expect((await payment(ctx(), sub.paymentId)).payment_status).toBe('processing');
    // Within the lease nobody takes it over (it may still be in flight).
    await chargeDueWeeklyPayments(services(ctx(), provider));
    expect(keys.filter((k) => k === `payment-${sub.paymentId}`)).toHaveLength(1);
    await jumpClock(ctx(), new Date(nowMs() + CLAIM_LEASE_MS + 60_000));
    await chargeDueWeeklyPayments(services(ctx(), provider));
    expect(keys.filter((k) => k.startsWith(`payment-${sub.paymentId}`))).toEqual([`payment-${sub.paymentId}`, `payment-${sub.paymentId}`]);
    // The provider made one charge for it, however often it was asked.
    expect(new Set(made.filter((m) => m.paymentId === sub.paymentId).map((m) => m.intentId)).size).toBe(1);
    expect(await payment(ctx(), sub.paymentId)).toMatchObject({ payment_status: 'succeeded', charge_attempts: 1 });
  });
});
