import { afterEach, expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import { advanceClock, now } from '../../server/clock.ts';
import { reconcilePayments } from '../../server/domain/billing/reconcile.ts';
import { offlineProvider } from '../../server/payments/offline.ts';
import type { PaymentProvider } from '../../server/payments/provider.ts';
import { post } from './booking-helpers.ts';
import { describeApi, signInAs, TestClient } from './harness.ts';
import { bookedMeeting, freeHour, HOUR, jordan, jumpClock, pinClock } from './tutor-helpers.ts';

afterEach(() => pinClock());

/** Overtime charges sent twice, or not at all, because of a crash or two entries at once. */
describeApi('overtime charges after a crash or a second entry', (ctx) => {
  const overtimeOf = async (meetingId: number) =>
    ctx().database.db.selectFrom('payments').select(['id', 'payment_status', 'provider_intent_id', 'refund_pending', 'refunded_at']).where('meeting_id', '=', meetingId).where('is_incremental', '=', true).execute();

  it('is sent by the reconciliation pass when the process died between the entry and the charge (found by npm run test:chaos)', async () => {
    const tutor = await jordan(ctx());
    const start = await freeHour(ctx(), tutor);
    const { meetingId, customer } = await bookedMeeting(ctx(), tutor, start);
    await jumpClock(ctx(), new Date((start + HOUR + 600) * 1000));
    // What the entry commits before it charges the card: the payment, processing, with no intent yet.
    await ctx().database.db
      .insertInto('payments')
      .values({ customer_id: customer.id, meeting_id: meetingId, is_incremental: true, minutes_paid: 60, amount_cents: 5500, payment_status: 'processing', provider: 'offline', inserted_at: now() })
      .execute();
    await ctx().database.db.updateTable('meetings').set({ duration_mins: 120 }).where('id', '=', meetingId).execute();
    advanceClock(3 * 60_000);
    await reconcilePayments(ctx().database.db, offlineProvider(), () => {});
    const [charge] = await overtimeOf(meetingId);
    expect(charge).toMatchObject({ payment_status: 'succeeded', refund_pending: false, refunded_at: null });
    expect(charge!.provider_intent_id).toMatch(/^pi_offline_saved_/);
  });

  it('is charged once and kept when the time is entered twice at once (the second sender does not refund it)', async () => {
    // A provider whose charges take a moment, as a card network's do: both entries send the charge.
    const offline = offlineProvider();
    const slow: PaymentProvider = {
      ...offline,
      chargeSavedCard: async (charge) => {
        await new Promise((resolve) => setTimeout(resolve, 150));
        return offline.chargeSavedCard(charge);
      },
    };
    const app = createApiApp({ database: ctx().database, config: { mode: 'demo', siteUrl: 'http://localhost:4321', logRequests: false, trustProxy: 1 }, log: () => {}, payments: slow });
    const tutor = await jordan(ctx());
    const start = await freeHour(ctx(), tutor);
    const { meetingId } = await bookedMeeting(ctx(), tutor, start);
    await jumpClock(ctx(), new Date((start + HOUR + 600) * 1000));
    const [first, second] = [new TestClient(app), new TestClient(app)];
    await signInAs(ctx(), first, 'jordan@beacontutoring.com');
    await signInAs(ctx(), second, 'maya@beacontutoring.com');
    const answers = await Promise.all([first, second].map((client) => post(client, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: 120 })));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const charges = await overtimeOf(meetingId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ payment_status: 'succeeded', refund_pending: false, refunded_at: null });
  });
});
