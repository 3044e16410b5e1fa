import { expect, it } from 'vitest';
import { billingReport } from '../../server/domain/reports/billing-report.ts';
import type { PaymentStatus } from '../../server/domain/billing/payment-lifecycle.ts';
import { describeApi } from './harness.ts';
import { newCustomer } from './booking-helpers.ts';

describeApi('the billing report', (ctx) => {
  it('sums charged, refunded (whatever status the payment ended in), pending refunds, scheduled and failed (declined charges, not open checkouts) per tutor and customer for meetings in the period', async () => {
    const { db } = ctx().database;
    const tutor = await db.selectFrom('tutors').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    const at = (day: number) => new Date(Date.UTC(2031, 0, day, 18));
    const meetings = await db
      .insertInto('meetings')
      .values([1, 2, 3, 4, 5, 6, 7, 20].map((day) => ({ tutor_id: tutor.id, occurrence: at(day), capacity: 1 })))
      .returning(['id', 'occurrence'])
      .execute();
    const { id: customerId } = await newCustomer(ctx());
    const refunded = at(2);
    const pay = (
      i: number,
      status: PaymentStatus,
      amount: number,
      extra: { provider_intent_id?: string | null; refund_pending?: boolean; refunded_at?: Date; checkout?: 'card_entry' | 'saved_card' } = {},
    ) => ({
      customer_id: customerId,
      meeting_id: meetings[i]!.id,
      subscription_id: null,
      minutes_paid: 60,
      amount_cents: amount,
      payment_status: status,
      provider: 'offline',
      provider_intent_id: extra.provider_intent_id === undefined ? `pi_report_${i}_${amount}_${customerId}` : extra.provider_intent_id,
      client_secret: null,
      refund_pending: extra.refund_pending ?? false,
      refunded_at: extra.refunded_at ?? null,
      checkout: extra.checkout ?? null,
    });
    await db
      .insertInto('payments')
      .values([
        pay(0, 'succeeded', 5000),
        pay(1, 'canceled', 4000, { refunded_at: refunded }),
        // A charge that came after its hold ran out, refunded: the payment stays abandoned.
        pay(1, 'abandoned', 2500, { refunded_at: refunded }),
        // Canceled before its charge settled (no refund was made): no money moved either way.
        pay(2, 'canceled', 800),
        pay(2, 'canceled', 3000, { refund_pending: true }),
        pay(3, 'subscription_pending', 2000, { provider_intent_id: null }),
        pay(4, 'requires_payment_method', 1500),
        // A typed-card checkout still open (its hold lasts): not a failed charge.
        pay(4, 'requires_payment_method', 1200, { checkout: 'card_entry' }),
        // A checkout that never reached a card, and one outside the period: not in the report.
        pay(5, 'abandoned', 999, { provider_intent_id: null }),
        pay(7, 'succeeded', 7777),
      ])
      .execute();

    const report = await billingReport(db, new Date(Date.UTC(2031, 0, 1)), new Date(Date.UTC(2031, 0, 8)));
    const expected = { chargedCents: 5000, refundedCents: 9500, refundPendingCents: 3000, scheduledCents: 2000, failedCents: 1500 };
    expect(report.byCustomer).toEqual([{ id: customerId, name: expect.stringContaining('Student'), ...expected }]);
    expect(report.byTutor).toEqual([{ id: tutor.id, name: tutor.name, ...expected }]);
    expect(report.totals).toEqual(expected);
  });
});
