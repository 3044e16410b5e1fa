import { afterEach, beforeEach, expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import { nowMs } from '../../server/clock.ts';
import { reconcilePayments } from '../../server/domain/billing/reconcile.ts';
import { retryPendingRefunds } from '../../server/domain/billing/refunds.ts';
import { CLAIM_LEASE_MS } from '../../server/domain/billing/weekly-charges.ts';
import type { PaymentProvider } from '../../server/payments/provider.ts';
import { confirmOffline, newCustomer, post } from './booking-helpers.ts';
import { call, describeApi, signInAs, TestClient, type TestContext } from './harness.ts';
import { demoAccounts } from '../../server/demo/seed.ts';
import { freeHour, HOUR, jumpClock, offeringOf, pinClock, tutorId } from './tutor-helpers.ts';
import { recordingProvider, settlingProvider } from './recording-provider.ts';

beforeEach(() => pinClock());
afterEach(() => pinClock());

/**
 * Money around a tutor's meeting, with a provider that records every call and can fail on demand:
 * refunds on cancel (and their retry), overtime for each attendee, provider errors, and a cancel
 * that lands while an overtime charge is in flight.
 */
describeApi('money around a tutor\'s meeting', (ctx) => {
  function world(base?: PaymentProvider) {
    const recorder = recordingProvider(base);
    const logged: string[] = [];
    const log = (line: string) => logged.push(line);
    const app = createApiApp({ database: ctx().database, config: { mode: 'demo', siteUrl: 'http://localhost:4321', logRequests: false }, payments: recorder.provider, log });
    const client = () => new TestClient(app);
    return { ...recorder, client, logged, log };
  }

  /** Maya, a supervisor, in this world's app: only she cancels a session that has started. */
  async function supervisor(c: TestContext, w: ReturnType<typeof world>) {
    const client = w.client();
    await signInAs(c, client, 'maya@beacontutoring.com');
    return client;
  }
  const cancelWithReason = (client: TestClient, meetingId: number) => post(client, `/api/meetings/${meetingId}/cancel`, { reason: 'The tutor was ill and the session did not happen' });

  /** A group-of-two meeting of Jordan's at `start`, paid by two new customers with cards on file. */
  async function groupMeeting(c: TestContext, w: ReturnType<typeof world>, start: number) {
    const tutor = w.client();
    const tutorId = await signInAs(c, tutor, 'jordan@beacontutoring.com');
    const meetingId = (await post(tutor, '/api/meetings', { occurrence_epoch: start, tutor: 'myself' })).body.data.id as number;
    const offering = await offeringOf(c, tutorId, 'CS 121');
    const intents: string[] = [];
    for (let i = 0; i < 2; i++) {
      const buyer = await newCustomer(c);
      const student = w.client();
      student.cookies = buyer.client.cookies;
      const intent = await post(student, '/api/payments', { meeting: meetingId, offering, capacity: 2, course_style: 'online' });
      await confirmOffline(student, intent.body.data.client_secret, '4242424242424242');
      const row = await c.database.db.selectFrom('payments').select('provider_intent_id').where('id', '=', intent.body.data.payment_id).executeTakeFirstOrThrow();
      intents.push(row.provider_intent_id!);
    }
    return { tutor, meetingId, intents };
  }

  /** A start at which Jordan (the tutor of groupMeeting) has nothing for `minutes`. */
  const jordansFreeHour = async (c: TestContext, minutes = 60) => freeHour(c, await tutorId(c, demoAccounts.tutor.email), { minutes });

  const paymentsOf = (c: TestContext, meetingId: number) =>
    c.database.db.selectFrom('payments').select(['id', 'customer_id', 'is_incremental', 'minutes_paid', 'amount_cents', 'payment_status', 'provider_intent_id', 'refund_pending']).where('meeting_id', '=', meetingId).orderBy('id').execute();

  it('bills each attendee\'s overtime once, and a cancel refunds every charge', async () => {
    const w = world();
    const start = await jordansFreeHour(ctx(), 100);
    const { tutor, meetingId, intents } = await groupMeeting(ctx(), w, start);
    await jumpClock(ctx(), new Date((start + 61 * 60) * 1000));
    expect((await post(tutor, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: 100 })).status).toBe(200);
    const overtime = (await paymentsOf(ctx(), meetingId)).filter((p) => p.is_incremental);
    // Group-of-two: 3500 cents an hour each; 100 minutes bills 90, so 30 extra minutes each.
    expect(overtime.map((p) => [p.minutes_paid, p.amount_cents, p.payment_status])).toEqual([
      [30, 1750, 'succeeded'],
      [30, 1750, 'succeeded'],
    ]);
    expect(new Set(overtime.map((p) => p.customer_id)).size).toBe(2);
    expect(w.calls.charges.map((c) => c.paymentId)).toEqual(overtime.map((p) => p.id));

    // The session has started: its tutor can no longer cancel it; a supervisor can, with a reason.
    expect((await call(tutor, `/api/meetings/${meetingId}/cancel`, { method: 'POST' })).body.error.type).toBe('MeetingStarted');
    expect(w.calls.refunds).toEqual([]);
    expect((await cancelWithReason(await supervisor(ctx(), w), meetingId)).status).toBe(200);
    expect(w.calls.refunds.sort()).toEqual([...intents, ...overtime.map((p) => p.provider_intent_id!)].sort());
    expect((await paymentsOf(ctx(), meetingId)).map((p) => [p.payment_status, p.refund_pending])).toEqual(Array.from({ length: 4 }, () => ['canceled', false]));
  });

  it('keeps a refund the provider did not confirm, and canceling again finishes it', async () => {
    const w = world();
    const { tutor, meetingId, intents } = await groupMeeting(ctx(), w, await jordansFreeHour(ctx()));
    w.faults.refund = 1;
    expect((await call(tutor, `/api/meetings/${meetingId}/cancel`, { method: 'POST' })).status).toBe(200);
    expect(w.calls.refunds).toHaveLength(1);
    expect((await paymentsOf(ctx(), meetingId)).filter((p) => p.refund_pending)).toHaveLength(1);
    // Both customers were told, whatever the provider said.
    await ctx().notifier.settle();
    const told = await ctx().database.db.selectFrom('outbox').select('to').where('subject', 'like', 'Canceled%').execute();
    expect(told.length).toBeGreaterThanOrEqual(2);

    expect((await call(tutor, `/api/meetings/${meetingId}/cancel`, { method: 'POST' })).status).toBe(200);
    expect(w.calls.refunds.sort()).toEqual([...intents].sort());
    expect((await paymentsOf(ctx(), meetingId)).filter((p) => p.refund_pending)).toEqual([]);
    expect((await call(tutor, `/api/meetings/${meetingId}/cancel`, { method: 'POST' })).body.error.type).toBe('MeetingNotFound');
  });

  it('sends an overtime charge again after a provider error, never twice', async () => {
    const w = world();
    const start = await jordansFreeHour(ctx(), 90);
    const { tutor, meetingId } = await groupMeeting(ctx(), w, start);
    await jumpClock(ctx(), new Date((start + 61 * 60) * 1000));
    w.faults.charge = 1;
    expect((await post(tutor, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: 90 })).status).toBe(200);
    let overtime = (await paymentsOf(ctx(), meetingId)).filter((p) => p.is_incremental);
    expect(overtime.map((p) => [p.payment_status, p.provider_intent_id === null])).toEqual([
      ['processing', true],
      ['succeeded', false],
    ]);
    // Entering the time again sends what is still queued and bills nothing new.
    expect((await post(tutor, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: 90 })).status).toBe(200);
    overtime = (await paymentsOf(ctx(), meetingId)).filter((p) => p.is_incremental);
    expect(overtime.map((p) => p.payment_status)).toEqual(['succeeded', 'succeeded']);
    expect(w.calls.charges.map((c) => c.paymentId).sort()).toEqual(overtime.map((p) => p.id).sort());
  });

  it('refunds an overtime charge that went through while the meeting was being canceled', async () => {
    const w = world();
    const start = await jordansFreeHour(ctx(), 90);
    const { tutor, meetingId } = await groupMeeting(ctx(), w, start);
    await jumpClock(ctx(), new Date((start + 61 * 60) * 1000));
    let release = () => {};
    w.holdCharges(new Promise<void>((resolve) => (release = resolve)));
    const raising = post(tutor, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: 90 });
    await expect.poll(async () => (await paymentsOf(ctx(), meetingId)).filter((p) => p.is_incremental).length).toBe(2);
    expect((await cancelWithReason(await supervisor(ctx(), w), meetingId)).status).toBe(200);
    release();
    await raising;
    const overtime = (await paymentsOf(ctx(), meetingId)).filter((p) => p.is_incremental);
    expect(overtime.map((p) => [p.payment_status, p.refund_pending])).toEqual([
      ['canceled', false],
      ['canceled', false],
    ]);
    // Whatever reached the card was given back.
    const charged = overtime.filter((p) => p.provider_intent_id).map((p) => p.provider_intent_id!);
    expect(charged.every((intent) => w.calls.refunds.includes(intent))).toBe(true);
  });

  it('asks the provider about overtime charges left settling whose webhook never came, after the lease: paid, or shown failed', async () => {
    const settling = settlingProvider();
    const w = world(settling.provider);
    const start = await jordansFreeHour(ctx(), 90);
    const { tutor, meetingId } = await groupMeeting(ctx(), w, start);
    await jumpClock(ctx(), new Date((start + 61 * 60) * 1000));
    expect((await post(tutor, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: 90 })).status).toBe(200);
    const overtime = (await paymentsOf(ctx(), meetingId)).filter((p) => p.is_incremental);
    expect(overtime.map((p) => p.payment_status)).toEqual(['processing', 'processing']);
    settling.statuses.set(overtime[0]!.provider_intent_id!, 'succeeded');
    settling.statuses.set(overtime[1]!.provider_intent_id!, 'requires_payment_method');
    // Within the lease its webhook may still come; after it, the provider is asked.
    await reconcilePayments(ctx().database.db, w.provider, w.log);
    expect((await paymentsOf(ctx(), meetingId)).filter((p) => p.is_incremental).map((p) => p.payment_status)).toEqual(['processing', 'processing']);
    await jumpClock(ctx(), new Date(nowMs() + CLAIM_LEASE_MS + 60_000));
    await reconcilePayments(ctx().database.db, w.provider, w.log);
    expect((await paymentsOf(ctx(), meetingId)).filter((p) => p.is_incremental).map((p) => p.payment_status)).toEqual(['succeeded', 'requires_payment_method']);
  });

  it('refuses overtime that runs into the next meeting, and moving an unstarted meeting into the past', async () => {
    const w = world();
    // Free until the next meeting's end: it alone can refuse the overtime.
    const start = await jordansFreeHour(ctx(), 3 * 60);
    const { tutor, meetingId } = await groupMeeting(ctx(), w, start);
    const next = await post(tutor, '/api/meetings', { occurrence_epoch: start + 2 * HOUR, tutor: 'myself' });
    const early = await post(tutor, `/api/meetings/${meetingId}/occurrence_epoch`, { occurrence_epoch: Math.floor(nowMs() / 1000) - HOUR });
    expect(early.body.error.type).toBe('EarlyAnchor');
    await jumpClock(ctx(), new Date((start + 61 * 60) * 1000));
    const long = await post(tutor, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: 150 });
    expect(long.status).toBe(409);
    expect(long.body.error).toMatchObject({ type: 'Overlap', meeting: { id: next.body.data.id } });
    expect((await paymentsOf(ctx(), meetingId)).filter((p) => p.is_incremental)).toEqual([]);
    expect((await post(tutor, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: 120 })).status).toBe(200);
  });

  it('sends a tutor cancel\'s refund the provider did not confirm at the retry pass, once', async () => {
    const w = world();
    const { tutor, meetingId, intents } = await groupMeeting(ctx(), w, await jordansFreeHour(ctx()));
    w.faults.refund = 2;
    expect((await call(tutor, `/api/meetings/${meetingId}/cancel`, { method: 'POST' })).status).toBe(200);
    expect((await paymentsOf(ctx(), meetingId)).filter((p) => p.refund_pending)).toHaveLength(2);
    expect(w.logged.filter((line) => line.startsWith('refund of payment'))).toHaveLength(2);
    await retryPendingRefunds(ctx().database.db, w.provider, w.log);
    expect(w.calls.refunds.sort()).toEqual([...intents].sort());
    expect((await paymentsOf(ctx(), meetingId)).filter((p) => p.refund_pending)).toEqual([]);
    await retryPendingRefunds(ctx().database.db, w.provider, w.log);
    expect(w.calls.refunds).toHaveLength(2);
  });
});
