import { afterEach, beforeEach, expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { CLAIM_LEASE_MS, RETRY_AFTER_MS, chargeDueWeeklyPayments } from '../../server/domain/billing/weekly-charges.ts';
import { CANCEL_NOTICE_HOURS } from '../../server/domain/meetings/student-changes.ts';
import { listOutbox } from '../../server/notify/outbox.ts';
import { tellEvents } from '../../server/notify/delivery.ts';
import { sql } from 'kysely';
import { AUTHENTICATING_SAVED_CARD, DECLINING_SAVED_CARD } from '../../server/payments/offline.ts';
import { sendPendingRefunds } from '../../server/domain/billing/refunds.ts';
import { reconcilePayments } from '../../server/domain/billing/reconcile.ts';
import { IntentNotStoredYet, fulfilProviderEvent } from '../../server/domain/billing/fulfilment.ts';
import type { PaymentProvider, SavedCardCharge } from '../../server/payments/provider.ts';
import { savedCardChargeKey } from '../../server/payments/provider.ts';
import { call, describeApi, type TestContext } from './harness.ts';
import { confirmOffline, newCustomer, post } from './booking-helpers.ts';
import { type FreeTime, freeWeeklyHour, jordan, jumpClock, offeringOf, pinClock } from './tutor-helpers.ts';
import { recordingProvider, settlingProvider } from './recording-provider.ts';

const WINDOW_MS = CANCEL_NOTICE_HOURS * 3600_000;

/**
 * A new customer who paid the first week of a new weekly slot of Jordan's with a typed card (kept on
 * file); `free` asks for more of each week free around the slot (freeWeeklyHour).
 */
async function subscriber(ctx: TestContext, free: FreeTime = {}) {
  const tutor = await jordan(ctx);
  const slot = await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: await freeWeeklyHour(ctx, tutor, free), tutor: 'myself' });
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

/** Moves the clock a minute past the close of the subscriber's next week's skip window: its charge is due. */
const intoChargeWindow = (ctx: TestContext, sub: Sub) => jumpClock(ctx, new Date(sub.start.getTime() - WINDOW_MS + 60_000));

/** The subscriber's card on file declines from now on. */
const declineSavedCard = (ctx: TestContext, sub: Sub) =>
  ctx.database.db.updateTable('customers').set({ payment_method_id: DECLINING_SAVED_CARD }).where('id', '=', sub.id).execute();

/** A subscriber whose card on file declines, the clock in their next week's charge window; with their email, for the notice. */
async function decliningSubscriberDue(ctx: TestContext) {
  const sub = await subscriber(ctx);
  await declineSavedCard(ctx, sub);
  const { email } = await ctx.database.db.selectFrom('customers').select('email').where('id', '=', sub.id).executeTakeFirstOrThrow();
  await intoChargeWindow(ctx, sub);
  return { ...sub, email };
}

function services(ctx: TestContext, provider: PaymentProvider, log: (line: string) => void = () => {}) {
  const { db } = ctx.database;
  return { db, provider, log };
}

/** One pass of the weekly job, once the messages the test's requests owe are sent (as a person sees them before the pass). */
async function chargeDue(ctx: TestContext, provider: PaymentProvider) {
  await ctx.notifier.settle();
  return chargeDueWeeklyPayments(services(ctx, provider));
}

const payment = (ctx: TestContext, id: number) =>
  ctx.database.db.selectFrom('payments').select(['payment_status', 'provider_intent_id', 'charge_attempts', 'charge_retry_at']).where('id', '=', id).executeTakeFirstOrThrow();

const chargesOf = (charges: SavedCardCharge[], paymentId: number) => charges.filter((c) => c.paymentId === paymentId);

beforeEach(() => pinClock());
afterEach(() => pinClock());

describeApi('weekly charges', (ctx) => {
  it('charges a later week once, only when its skip window has closed', async () => {
    const sub = await subscriber(ctx());
    const { provider, calls } = recordingProvider();

    await jumpClock(ctx(), new Date(sub.start.getTime() - WINDOW_MS - 60_000));
    await chargeDue(ctx(), provider);
    expect(chargesOf(calls.charges, sub.paymentId)).toHaveLength(0);
    expect((await payment(ctx(), sub.paymentId)).payment_status).toBe('subscription_pending');

    await intoChargeWindow(ctx(), sub);
    await chargeDue(ctx(), provider);
    await chargeDue(ctx(), provider);
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
    await chargeDue(ctx(), provider);
    expect(chargesOf(calls.charges, sub.paymentId)).toHaveLength(0);
    expect((await payment(ctx(), sub.paymentId)).payment_status).toBe('canceled');
  });

  it('refuses a skip once the window closed, before and after the charge (TooLate)', async () => {
    const sub = await subscriber(ctx());
    const { provider } = recordingProvider();
    await intoChargeWindow(ctx(), sub);
    const before = await call(sub.client, `/api/payments/${sub.paymentId}/skip`, { method: 'POST' });
    expect(before.body.error.type).toBe('TooLate');
    await chargeDue(ctx(), provider);
    const after = await call(sub.client, `/api/payments/${sub.paymentId}/skip`, { method: 'POST' });
    expect(after.body.error.type).toBe('TooLate');
    expect((await payment(ctx(), sub.paymentId)).payment_status).toBe('succeeded');
  });

  it('charges once when two runners work at the same time', async () => {
    const sub = await subscriber(ctx());
    const { provider, calls } = recordingProvider();
    await intoChargeWindow(ctx(), sub);
    await Promise.all([chargeDue(ctx(), provider), chargeDue(ctx(), provider)]);
    expect(chargesOf(calls.charges, sub.paymentId)).toHaveLength(1);
    expect((await payment(ctx(), sub.paymentId)).payment_status).toBe('succeeded');
  });

  it('a decline shows Failed, emails the customer, is tried once more and no more, and does not stop others', async () => {
    const [other, declined] = [await subscriber(ctx()), await subscriber(ctx())].sort((a, b) => a.start.getTime() - b.start.getTime()) as [Sub, Sub];
    await declineSavedCard(ctx(), declined);
    const { provider, calls } = recordingProvider();
    // Both are due in this pass: the declined one is the later of the two (so it has time for its retry).
    await intoChargeWindow(ctx(), declined);
    const tally = await chargeDue(ctx(), provider);
    expect(tally.failed).toBeGreaterThanOrEqual(1);
    expect((await payment(ctx(), other.paymentId)).payment_status).toBe('succeeded');
    const failed = await payment(ctx(), declined.paymentId);
    expect(failed).toMatchObject({ payment_status: 'requires_payment_method', charge_attempts: 1, charge_retry_at: expect.any(Date) });
    const email = await ctx().database.db.selectFrom('customers').select('email').where('id', '=', declined.id).executeTakeFirstOrThrow();
    // Its decline notice (beside the booking's confirmation and receipts), sent from the outcome's event.
    await ctx().notifier.settle();
    const mail = (await listOutbox(ctx().database.db)).filter((m) => m.to === email.email && m.subject.includes('payment'));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: expect.stringContaining('payment failed'), link: 'http://localhost:4321/student/dashboard/upcoming' });

    // Not before the retry time; then once, with a key of its own (the provider replays a seen key).
    await chargeDue(ctx(), provider);
    expect(chargesOf(calls.charges, declined.paymentId)).toHaveLength(1);
    await jumpClock(ctx(), new Date(nowMs() + RETRY_AFTER_MS + 60_000));
    await chargeDue(ctx(), provider);
    const tries = chargesOf(calls.charges, declined.paymentId);
    expect(tries.map(savedCardChargeKey)).toEqual([`payment-${declined.paymentId}`, `payment-${declined.paymentId}-try-2`]);
    expect(await payment(ctx(), declined.paymentId)).toMatchObject({ payment_status: 'requires_payment_method', charge_attempts: 2, charge_retry_at: null });
    await jumpClock(ctx(), new Date(nowMs() + RETRY_AFTER_MS + 60_000));
    await chargeDue(ctx(), provider);
    expect(chargesOf(calls.charges, declined.paymentId)).toHaveLength(2);
  });

  it('a decline notice is recorded with the outcome and delivered once, however often the jobs run', async () => {
    const { db } = ctx().database;
    const { email, ...sub } = await decliningSubscriberDue(ctx());
    const { provider } = recordingProvider();
    await chargeDue(ctx(), provider);
    const recorded = () => db.selectFrom('events').select(['id', 'told_at']).where('kind', '=', 'ChargeDeclined').where(sql<string>`facts->>'paymentId'`, '=', String(sub.paymentId)).execute();
    await ctx().notifier.settle();
    const [event, ...more] = await recorded();
    expect(more).toEqual([]);
    expect(event!.told_at).not.toBeNull();
    const queued = () => db.selectFrom('notifications').select(['dedupe_key', 'status', 'attempts']).where('dedupe_key', 'like', `event:${event!.id}:%`).execute();
    expect(await queued()).toEqual([{ dedupe_key: `event:${event!.id}:0`, status: 'sent', attempts: 1 }]);

    // Another pass (nothing due), the relay again, the scheduled messages' run: nothing more.
    await chargeDue(ctx(), provider);
    await tellEvents(db, { send: ctx().jobs.send, wake: ctx().jobs.wake }, 'http://localhost:4321');
    await ctx().notifier.runAll();
    expect(await recorded()).toHaveLength(1);
    expect(await queued()).toHaveLength(1);
    const mail = (await listOutbox(db)).filter((m) => m.to === email && m.subject.includes('payment failed'));
    expect(mail).toHaveLength(1);
  });

  it('a decline notice that cannot be sent yet (mail down) leaves the charge\'s outcome standing and is sent later, once', async () => {
    const { db } = ctx().database;
    const { email, ...sub } = await decliningSubscriberDue(ctx());
    const { provider } = recordingProvider();
    await ctx().notifier.settle();
    ctx().senderFault.fails = (message) => (message.to === email ? new Error('mail server down') : undefined);
    try {
      const tally = await chargeDueWeeklyPayments(services(ctx(), provider));
      // The charge's outcome stands; the notice waits for the job queue's retry.
      expect(tally.failed).toBe(1);
      expect(await payment(ctx(), sub.paymentId)).toMatchObject({ payment_status: 'requires_payment_method', charge_attempts: 1 });
      await ctx().notifier.settle();
      const row = await db.selectFrom('notifications').select(['status', 'last_error']).where('to_address', '=', email).where('subject', 'like', '%payment failed%').executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'queued', last_error: 'mail server down' });
    } finally {
      ctx().senderFault.fails = undefined;
    }
    const sent = async () => (await listOutbox(db)).filter((m) => m.to === email && m.subject.includes('payment failed'));
    const end = Date.now() + 20_000;
    while ((await sent()).length === 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
    await ctx().notifier.settle();
    expect(await sent()).toHaveLength(1);
  });

  it('after a crash between the charge and its record, the retry sends the same key and charges once', async () => {
    const sub = await subscriber(ctx());
    const { provider, calls, faults, chargedFor } = recordingProvider();
    faults.lostAnswer.add(sub.paymentId);
    const keys = () => chargesOf(calls.charges, sub.paymentId).map(savedCardChargeKey);
    await intoChargeWindow(ctx(), sub);
    const first = await chargeDue(ctx(), provider);
    expect(first.errors).toBeGreaterThanOrEqual(1);
    expect((await payment(ctx(), sub.paymentId)).payment_status).toBe('processing');
    // Within the lease nobody takes it over (it may still be in flight).
    await chargeDue(ctx(), provider);
    expect(keys()).toEqual([`payment-${sub.paymentId}`]);
    await jumpClock(ctx(), new Date(nowMs() + CLAIM_LEASE_MS + 60_000));
    await chargeDue(ctx(), provider);
    expect(keys()).toEqual([`payment-${sub.paymentId}`, `payment-${sub.paymentId}`]);
    // The provider's ledger: one charge went through for it, however often it was asked.
    const charged = chargedFor(sub.paymentId);
    expect(charged).toEqual([{ key: `payment-${sub.paymentId}`, paymentId: sub.paymentId, intentId: expect.any(String) }]);
    expect(await payment(ctx(), sub.paymentId)).toMatchObject({ payment_status: 'succeeded', provider_intent_id: charged[0]!.intentId, charge_attempts: 1 });
  });

  it('a charge sent again after a crash repeats its first request, though the meeting moved and the card changed meanwhile', async () => {
    // The two hours after each week are free, for the move below.
    const sub = await subscriber(ctx(), { minutes: 3 * 60 });
    const { db } = ctx().database;
    const tutor = await jordan(ctx());
    // The stand-in refuses a key sent again with other details, as Stripe does (idempotency_error).
    const { provider, calls, faults, chargedFor } = recordingProvider();
    faults.lostAnswer.add(sub.paymentId);
    await intoChargeWindow(ctx(), sub);
    await chargeDue(ctx(), provider);
    expect((await payment(ctx(), sub.paymentId)).payment_status).toBe('processing');

    const { meeting_id } = await db.selectFrom('payments').select('meeting_id').where('id', '=', sub.paymentId).executeTakeFirstOrThrow();
    // Two hours later (a booked week inside its 12 hours moves only later): still ahead, and free.
    const moved = await post(tutor.client, `/api/meetings/${meeting_id}/occurrence_epoch`, { occurrence_epoch: sub.start.getTime() / 1000 + 2 * 3600 });
    expect(moved.status).toBe(200);
    await db.updateTable('customers').set({ payment_method_id: 'pm_offline_another_card' }).where('id', '=', sub.id).execute();

    await jumpClock(ctx(), new Date(nowMs() + CLAIM_LEASE_MS + 60_000));
    expect((await chargeDue(ctx(), provider)).errors).toBe(0);
    const [first, again] = chargesOf(calls.charges, sub.paymentId);
    expect(again).toEqual(first);
    const charged = chargedFor(sub.paymentId);
    expect(charged).toHaveLength(1);
    expect(await payment(ctx(), sub.paymentId)).toMatchObject({ payment_status: 'succeeded', provider_intent_id: charged[0]!.intentId });
  });

  it('a retry whose answer was lost after the charge is taken back after the lease, and its webhook is ours', async () => {
    const sub = await subscriber(ctx());
    const { db } = ctx().database;
    const card = await db.selectFrom('customers').select('payment_method_id').where('id', '=', sub.id).executeTakeFirstOrThrow();
    await declineSavedCard(ctx(), sub);
    const { provider, faults, chargedFor } = recordingProvider();
    await intoChargeWindow(ctx(), sub);
    await chargeDue(ctx(), provider);
    expect((await payment(ctx(), sub.paymentId)).payment_status).toBe('requires_payment_method');

    // The customer fixes the card; the retry charges it and the answer is lost.
    await db.updateTable('customers').set({ payment_method_id: card.payment_method_id }).where('id', '=', sub.id).execute();
    faults.lostAnswer.add(sub.paymentId);
    await jumpClock(ctx(), new Date(nowMs() + RETRY_AFTER_MS + 60_000));
    await chargeDue(ctx(), provider);
    // The claim started a new try: the declined try's intent is not this payment's any more.
    expect(await payment(ctx(), sub.paymentId)).toMatchObject({ payment_status: 'processing', provider_intent_id: null, charge_attempts: 2 });
    const [retry] = chargedFor(sub.paymentId);
    // The retry's webhook, before the intent is stored, is ours: it is sent again, not acknowledged.
    await expect(fulfilProviderEvent(db, { eventId: `evt_retry_${sub.paymentId}`, outcome: { intentId: retry!.intentId, paymentId: sub.paymentId, succeeded: true } })).rejects.toBeInstanceOf(IntentNotStoredYet);

    await jumpClock(ctx(), new Date(nowMs() + CLAIM_LEASE_MS + 60_000));
    await chargeDue(ctx(), provider);
    expect(chargedFor(sub.paymentId)).toEqual([{ key: `payment-${sub.paymentId}-try-2`, paymentId: sub.paymentId, intentId: retry!.intentId }]);
    expect(await payment(ctx(), sub.paymentId)).toMatchObject({ payment_status: 'succeeded', provider_intent_id: retry!.intentId, charge_attempts: 2 });
  });

  it('booking the slot again after a later week was declined answers AlreadyBooked: the weekly charge is not reopened as a checkout', async () => {
    const sub = await subscriber(ctx());
    const { db } = ctx().database;
    await declineSavedCard(ctx(), sub);
    const { provider } = recordingProvider();
    await intoChargeWindow(ctx(), sub);
    await chargeDue(ctx(), provider);
    const declined = () => db.selectFrom('payments').selectAll().where('id', '=', sub.paymentId).executeTakeFirstOrThrow();
    const before = await declined();
    expect(before).toMatchObject({ payment_status: 'requires_payment_method', checkout: null });

    // The declined week is now the slot's next meeting, the one a new subscription starts with.
    const { slot_id } = await db.selectFrom('meetings').select('slot_id').where('id', '=', before.meeting_id).executeTakeFirstOrThrow();
    const tutor = await jordan(ctx());
    const again = await post(sub.client, '/api/subscriptions', { meeting: before.meeting_id!, slot: slot_id!, offering: await offeringOf(ctx(), tutor.id, 'CS 121'), capacity: 1, course_style: 'online' });
    expect(again.body.error?.type).toBe('AlreadyBooked');
    expect(await declined()).toEqual(before);
  });

  it('a later week confirmed after its charge adds no payments: the paid weeks are not charged again', async () => {
    const sub = await subscriber(ctx());
    const { db } = ctx().database;
    const subscription = await db.selectFrom('payments').select('subscription_id').where('id', '=', sub.paymentId).executeTakeFirstOrThrow();
    const livePayments = () =>
      db
        .selectFrom('payments')
        .select(['meeting_id', db.fn.countAll<string>().as('n')])
        .where('subscription_id', '=', subscription.subscription_id)
        .where('payment_status', 'not in', ['canceled', 'abandoned'])
        .groupBy('meeting_id')
        .orderBy('meeting_id')
        .execute();
    const before = await livePayments();
    expect(before.every((row) => Number(row.n) === 1)).toBe(true);
    // Week 2's bank wants the customer; they confirm it later and the provider's event lands.
    await db.updateTable('customers').set({ payment_method_id: AUTHENTICATING_SAVED_CARD }).where('id', '=', sub.id).execute();
    const { provider } = recordingProvider();
    await intoChargeWindow(ctx(), sub);
    expect((await chargeDue(ctx(), provider)).requiresAction).toBe(1);
    const week2 = await payment(ctx(), sub.paymentId);
    await fulfilProviderEvent(db, { eventId: `evt_confirmed_${sub.paymentId}`, outcome: { intentId: week2.provider_intent_id!, paymentId: sub.paymentId, succeeded: true } });
    expect((await payment(ctx(), sub.paymentId)).payment_status).toBe('succeeded');
    expect(await livePayments()).toEqual(before);
  });

  for (const path of ['webhook', 'lease'] as const) {
    it(`a charge made before a crash, for a week the tutor then canceled, is refunded (by the ${path})`, async () => {
      const sub = await subscriber(ctx());
      const { db } = ctx().database;
      const tutor = await jordan(ctx());
      const { provider, faults, chargedFor, calls } = recordingProvider();
      faults.lostAnswer.add(sub.paymentId);
      await intoChargeWindow(ctx(), sub);
      await chargeDue(ctx(), provider);
      const { meeting_id } = await db.selectFrom('payments').select('meeting_id').where('id', '=', sub.paymentId).executeTakeFirstOrThrow();
      expect((await call(tutor.client, `/api/meetings/${meeting_id}/cancel`, { method: 'POST' })).status).toBe(200);
      expect(await payment(ctx(), sub.paymentId)).toMatchObject({ payment_status: 'canceled', provider_intent_id: null });
      const [charge] = chargedFor(sub.paymentId);
      if (path === 'webhook') {
        const event = { eventId: `evt_canceled_${sub.paymentId}`, outcome: { intentId: charge!.intentId, paymentId: sub.paymentId, succeeded: true } };
        expect(await fulfilProviderEvent(db, event)).toEqual({ paymentId: sub.paymentId, result: 'expired' });
        const marked = await db.selectFrom('payments').select(['provider_intent_id', 'refund_pending']).where('id', '=', sub.paymentId).executeTakeFirstOrThrow();
        expect(marked).toEqual({ provider_intent_id: charge!.intentId, refund_pending: true });
      } else {
        await jumpClock(ctx(), new Date(nowMs() + CLAIM_LEASE_MS + 60_000));
        await chargeDue(ctx(), provider);
        const refunded = await db.selectFrom('payments').select(['payment_status', 'provider_intent_id', 'refund_pending']).where('id', '=', sub.paymentId).executeTakeFirstOrThrow();
        expect(refunded).toEqual({ payment_status: 'canceled', provider_intent_id: charge!.intentId, refund_pending: false });
        expect(calls.refunds).toEqual([charge!.intentId]);
        // Asked again with the same key: still the one charge.
        expect(chargedFor(sub.paymentId)).toHaveLength(1);
      }
    });
  }

  for (const path of ['webhook', 'reconciliation'] as const) {
    it(`a charge still settling, for a week the tutor canceled after a crash, is kept on the payment and refunded when it lands (by the ${path})`, async () => {
      const sub = await subscriber(ctx());
      const { db } = ctx().database;
      const tutor = await jordan(ctx());
      const settling = settlingProvider();
      const { provider, faults, calls } = recordingProvider(settling.provider);
      faults.lostAnswer.add(sub.paymentId);
      await intoChargeWindow(ctx(), sub);
      await chargeDue(ctx(), provider);
      const { meeting_id } = await db.selectFrom('payments').select('meeting_id').where('id', '=', sub.paymentId).executeTakeFirstOrThrow();
      expect((await call(tutor.client, `/api/meetings/${meeting_id}/cancel`, { method: 'POST' })).status).toBe(200);

      // Asked again after the lease, the provider answers that the charge is still settling.
      await jumpClock(ctx(), new Date(nowMs() + CLAIM_LEASE_MS + 60_000));
      await chargeDue(ctx(), provider);
      const intentId = `pi_settling_${sub.paymentId}_1`;
      const row = () => db.selectFrom('payments').select(['payment_status', 'provider_intent_id', 'refund_pending']).where('id', '=', sub.paymentId).executeTakeFirstOrThrow();
      expect(await row()).toEqual({ payment_status: 'canceled', provider_intent_id: intentId, refund_pending: false });

      // It goes through, and the money goes back.
      settling.statuses.set(intentId, 'succeeded');
      if (path === 'webhook') {
        // Its webhook finds the payment (not IntentNotStoredYet).
        const event = { eventId: `evt_settled_${sub.paymentId}`, outcome: { intentId, paymentId: sub.paymentId, succeeded: true } };
        expect(await fulfilProviderEvent(db, event)).toEqual({ paymentId: sub.paymentId, result: 'expired' });
        expect(await row()).toEqual({ payment_status: 'canceled', provider_intent_id: intentId, refund_pending: true });
        await sendPendingRefunds(db, provider, () => {}, { paymentIds: [sub.paymentId] });
      } else {
        // Its webhook never comes: the reconciliation pass asks the provider, and refunds it once.
        await reconcilePayments(db, provider, () => {});
        await reconcilePayments(db, provider, () => {});
        expect(await row()).toEqual({ payment_status: 'canceled', provider_intent_id: intentId, refund_pending: false });
      }
      expect(calls.refunds.filter((refunded) => refunded === intentId)).toHaveLength(1);
    });
  }

  it('a weekly charge left settling, whose webhook never came, is asked of the provider after the lease and recorded', async () => {
    const [paid, declined] = [await subscriber(ctx()), await subscriber(ctx())];
    const settling = settlingProvider();
    const { provider } = recordingProvider(settling.provider);
    const { db } = ctx().database;
    await jumpClock(ctx(), new Date(Math.max(paid.start.getTime(), declined.start.getTime()) - WINDOW_MS + 60_000));
    await chargeDue(ctx(), provider);
    const [paidIntent, declinedIntent] = [`pi_settling_${paid.paymentId}_1`, `pi_settling_${declined.paymentId}_1`];
    expect(await payment(ctx(), paid.paymentId)).toMatchObject({ payment_status: 'processing', provider_intent_id: paidIntent });

    // Still settling after the lease: asked, left as it is.
    await jumpClock(ctx(), new Date(nowMs() + CLAIM_LEASE_MS + 60_000));
    await reconcilePayments(db, provider, () => {});
    expect((await payment(ctx(), paid.paymentId)).payment_status).toBe('processing');

    // One went through and one was declined; neither webhook came. Asked again a lease later.
    settling.statuses.set(paidIntent, 'succeeded');
    settling.statuses.set(declinedIntent, 'requires_payment_method');
    await reconcilePayments(db, provider, () => {});
    expect((await payment(ctx(), paid.paymentId)).payment_status).toBe('processing');
    await jumpClock(ctx(), new Date(nowMs() + CLAIM_LEASE_MS + 60_000));
    await reconcilePayments(db, provider, () => {});
    expect((await payment(ctx(), paid.paymentId)).payment_status).toBe('succeeded');
    expect((await payment(ctx(), declined.paymentId)).payment_status).toBe('requires_payment_method');
    // The webhook that comes after all changes nothing.
    await fulfilProviderEvent(db, { eventId: `evt_late_${paid.paymentId}`, outcome: { intentId: paidIntent, paymentId: paid.paymentId, succeeded: true } });
    expect((await payment(ctx(), paid.paymentId)).payment_status).toBe('succeeded');
  });

  it('a subscription canceled before its first week is paid gives its seats back, and paying it afterwards starts no week', async () => {
    const { db } = ctx().database;
    const tutor = await jordan(ctx());
    const slot = await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: await freeWeeklyHour(ctx(), tutor), tutor: 'myself' });
    const meetings = await db.selectFrom('meetings').select(['id', 'occurrence']).where('slot_id', '=', slot.body.data.id).orderBy('occurrence').execute();
    const buyer = await newCustomer(ctx());
    const intent = await post(buyer.client, '/api/subscriptions', { meeting: meetings[0]!.id, slot: slot.body.data.id, offering: await offeringOf(ctx(), tutor.id, 'CS 121'), capacity: 1, course_style: 'online' });
    const paymentId = intent.body.data.payment_id as number;
    const checkout = () => db.selectFrom('payments').select(['subscription_id', 'payment_status', 'provider_intent_id', 'refund_pending']).where('id', '=', paymentId).executeTakeFirstOrThrow();
    const { subscription_id } = await checkout();
    expect((await call(buyer.client, `/api/subscriptions/${subscription_id}/cancel`, { method: 'POST' })).status).toBe(200);

    // Every seat held for it went back, and its checkout ended.
    const seats = await db.selectFrom('reservations').select('status').where('subscription_id', '=', subscription_id).execute();
    expect(new Set(seats.map((r) => r.status))).toEqual(new Set(['released']));
    const taken = await db.selectFrom('meetings').select('reservations_taken').where('slot_id', '=', slot.body.data.id).execute();
    expect(new Set(taken.map((m) => m.reservations_taken))).toEqual(new Set([0]));
    expect((await checkout()).payment_status).toBe('abandoned');

    // Paying it afterwards is refused, and a charge that lands anyway (Stripe's webhook) goes back.
    expect((await confirmOffline(buyer.client, intent.body.data.client_secret, '4242424242424242')).body.error?.type).toBe('PaymentFailed');
    const { provider_intent_id } = await checkout();
    const event = { eventId: `evt_after_cancel_${paymentId}`, outcome: { intentId: provider_intent_id!, paymentId, succeeded: true } };
    expect(await fulfilProviderEvent(db, event)).toEqual({ paymentId, result: 'expired' });
    expect(await checkout()).toMatchObject({ payment_status: 'abandoned', refund_pending: true });

    // No later week was scheduled, so none is ever charged.
    expect(await db.selectFrom('payments').select('id').where('subscription_id', '=', subscription_id).execute()).toHaveLength(1);
    const { provider, calls } = recordingProvider();
    await jumpClock(ctx(), new Date(new Date(meetings[1]!.occurrence).getTime() - WINDOW_MS + 60_000));
    await chargeDue(ctx(), provider);
    expect(calls.charges.filter((c) => c.customer.id === buyer.id)).toEqual([]);
  });

  it('the checkout of a subscription canceled while it was open is never fulfilled: the payment ends and schedules no week', async () => {
    const { db } = ctx().database;
    const tutor = await jordan(ctx());
    const slot = await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: await freeWeeklyHour(ctx(), tutor), tutor: 'myself' });
    const meetings = await db.selectFrom('meetings').select('id').where('slot_id', '=', slot.body.data.id).orderBy('occurrence').execute();
    const buyer = await newCustomer(ctx());
    const intent = await post(buyer.client, '/api/subscriptions', { meeting: meetings[0]!.id, slot: slot.body.data.id, offering: await offeringOf(ctx(), tutor.id, 'CS 121'), capacity: 1, course_style: 'online' });
    const paymentId = intent.body.data.payment_id as number;
    // Canceled by a path that left the checkout open (as the student's cancel did before it ended it).
    const { subscription_id } = await db.selectFrom('payments').select('subscription_id').where('id', '=', paymentId).executeTakeFirstOrThrow();
    await db.updateTable('subscriptions').set({ status: 'canceled' }).where('id', '=', subscription_id).execute();
    expect((await confirmOffline(buyer.client, intent.body.data.client_secret, '4242424242424242')).body.error?.type).toBe('PaymentFailed');
    expect(await db.selectFrom('payments').select(['id', 'payment_status']).where('subscription_id', '=', subscription_id).execute()).toEqual([{ id: paymentId, payment_status: 'abandoned' }]);
  });

  it('a canceled subscription is charged only for the weeks its cancel kept (less than 12 hours away)', async () => {
    const [kept, gone] = [await subscriber(ctx()), await subscriber(ctx())];
    const { db } = ctx().database;
    const subscriptionOf = async (paymentId: number) => (await db.selectFrom('payments').select('subscription_id').where('id', '=', paymentId).executeTakeFirstOrThrow()).subscription_id!;
    // A week of a canceled subscription still scheduled without its seat (whatever left it so) is never charged.
    const { meeting_id } = await db.selectFrom('payments').select('meeting_id').where('id', '=', gone.paymentId).executeTakeFirstOrThrow();
    await db.updateTable('subscriptions').set({ status: 'canceled' }).where('id', '=', await subscriptionOf(gone.paymentId)).execute();
    await db.updateTable('reservations').set({ status: 'released' }).where('meeting_id', '=', meeting_id).where('customer_id', '=', gone.id).execute();

    // Canceled once week 2's skip window closed, before its charge was made: week 2 stays booked and is charged.
    const { provider, calls } = recordingProvider();
    await jumpClock(ctx(), new Date(kept.start.getTime() - WINDOW_MS + 30_000));
    expect((await call(kept.client, `/api/subscriptions/${await subscriptionOf(kept.paymentId)}/cancel`, { method: 'POST' })).status).toBe(200);
    expect((await payment(ctx(), kept.paymentId)).payment_status).toBe('subscription_pending');
    await chargeDue(ctx(), provider);
    expect(chargesOf(calls.charges, kept.paymentId)).toHaveLength(1);
    expect((await payment(ctx(), kept.paymentId)).payment_status).toBe('succeeded');

    await jumpClock(ctx(), new Date(Math.max(gone.start.getTime() - WINDOW_MS + 60_000, nowMs())));
    await chargeDue(ctx(), provider);
    expect(chargesOf(calls.charges, gone.paymentId)).toEqual([]);
    expect((await payment(ctx(), gone.paymentId)).payment_status).toBe('subscription_pending');
  });
});
