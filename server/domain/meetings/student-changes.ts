import { returnHoursOf } from '../credits/ledger.ts';
import type { Db } from '../../db/db.ts';
import { Refusal } from '../refusal.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { sendPendingRefunds } from '../billing/refunds.ts';
import { movePayments } from '../billing/payment-lifecycle.ts';
import { releaseSeat } from '../booking/seats.ts';
import { recordStudentCancel } from './change-events.ts';
import { fromNow } from '../../clock.ts';

/** Customers must cancel at least 12 hours ahead (the terms, spec 2 §9). */
export const CANCEL_NOTICE_HOURS = 12;
/**
 * The one instant both rules read: a meeting starting at or before it can no longer be skipped,
 * and its weekly charge is due (weekly-charges.ts). So a skipped week is never charged and a
 * charged week is never skippable.
 */
export const noticeDeadline = () => fromNow(CANCEL_NOTICE_HOURS * 3600_000);

/** What a student's change needs: the database, the card network, and where failures are logged. */
export interface StudentServices {
  db: Db;
  provider: PaymentProvider;
  log: (line: string) => void;
}

/**
 * A student skips one meeting: the seat is freed and nothing is charged for it (a charge already
 * made is refunded). Refused less than 12 hours before the start.
 *
 * The refund is recorded (refund_pending) in the transaction that frees the seat and sent after the
 * commit; if the provider does not confirm it, the skip still stands and the retry pass sends it.
 */
export async function skipPayment({ db, provider, log }: StudentServices, customerId: number, paymentId: number): Promise<void> {
  const refund = await db.transaction().execute(async (trx) => {
    // The meeting first, then its payment: the order a staff cancel takes them in (meeting-changes.ts).
    // A skip that took the payment first waited on the meeting while the cancel, holding the
    // meeting, waited on the payment: a deadlock, and one of the two answered 500.
    const booked = await trx.selectFrom('payments').select('meeting_id').where('id', '=', paymentId).executeTakeFirst();
    if (booked) await trx.selectFrom('meetings').select('id').where('id', '=', booked.meeting_id).forUpdate().execute();
    const payment = await trx
      .selectFrom('payments as p')
      .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
      .select(['p.id', 'p.customer_id', 'p.meeting_id', 'p.payment_status', 'p.is_incremental', 'p.provider_intent_id', 'm.occurrence'])
      .$narrowType<{ meeting_id: number }>()
      .where('p.id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) throw new Refusal('PaymentNotFound');
    if (payment.customer_id !== customerId) throw new Refusal('NotAuthorized');
    if (payment.is_incremental || !['succeeded', 'subscription_pending'].includes(payment.payment_status)) throw new Refusal('PaymentNotFound');
    if (new Date(payment.occurrence) <= noticeDeadline()) throw new Refusal('TooLate');
    const charged = payment.payment_status === 'succeeded' && payment.provider_intent_id !== null;
    await movePayments(trx, charged ? 'refunded' : 'canceled', payment.payment_status).set({ refund_pending: charged }).where('id', '=', payment.id).execute();
    // Booked with an hour of a package: the hour goes back to it.
    await returnHoursOf(trx, { paymentIds: [payment.id] });
    // Told before the seat is freed: a freed meeting no longer names its course and place.
    await recordStudentCancel(trx, [payment.id], 'skipped');
    await releaseSeat(trx, payment.meeting_id, customerId);
    return charged;
  });
  if (refund) await sendPendingRefunds(db, provider, log, { paymentIds: [paymentId] });
}

/**
 * A student ends a weekly subscription: every meeting more than 12 hours away is released and its
 * charge canceled (or refunded, if it was already charged). Nearer meetings stay as booked.
 * Refunds are recorded with the cancel and sent after the commit, as for a skip. A subscription
 * whose first week is not paid yet ends whole: its checkout is abandoned and every seat held for it
 * goes back, so paying it afterwards is refused, or refunded like a late charge (fulfilment.ts),
 * and never starts the weeks.
 */
export async function cancelSubscription({ db, provider, log }: StudentServices, customerId: number, subscriptionId: number): Promise<void> {
  const refunds = await db.transaction().execute(async (trx) => {
    // FOR NO KEY UPDATE, as for the meetings below: it keeps out another change of the subscription
    // but not the foreign-key checks of a tutor's cancel rewriting one of its weeks' payments.
    const subscription = await trx.selectFrom('subscriptions').select(['id', 'customer_id', 'status']).where('id', '=', subscriptionId).forNoKeyUpdate().executeTakeFirst();
    if (!subscription) throw new Refusal('SubscriptionNotFound');
    if (subscription.customer_id !== customerId) throw new Refusal('NotAuthorized');
    // The meetings of its seats first, in id order, then their payments, as a booking and a tutor's
    // change of a meeting take them: a tutor canceling one of the weeks meanwhile is waited for
    // here (or waits), instead of each holding what the other needs (a deadlock, answered 500).
    await trx
      .selectFrom('meetings')
      .select('id')
      .where('id', 'in', (eb) => eb.selectFrom('reservations').select('meeting_id').where('subscription_id', '=', subscription.id).where('status', '!=', 'released'))
      .orderBy('id')
      .forNoKeyUpdate()
      .execute();
    await trx.updateTable('subscriptions').set({ status: 'canceled' }).where('id', '=', subscription.id).execute();
    await movePayments(trx, 'abandoned', 'requires_payment_method').where('subscription_id', '=', subscription.id).where('checkout', 'is not', null).execute();
    const held = await trx.selectFrom('reservations').select('meeting_id').where('subscription_id', '=', subscription.id).where('status', '=', 'held').orderBy('meeting_id').execute();
    for (const seat of held) await releaseSeat(trx, seat.meeting_id, customerId);
    const future = await trx
      .selectFrom('payments as p')
      .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
      .select(['p.id', 'p.meeting_id', 'p.payment_status', 'p.provider_intent_id'])
      .$narrowType<{ meeting_id: number }>()
      .where('p.subscription_id', '=', subscription.id)
      .where('p.payment_status', 'in', ['succeeded', 'subscription_pending'])
      .where('p.is_incremental', '=', false)
      .where('m.occurrence', '>', noticeDeadline())
      // In meeting order, as their seats are freed below one meeting row after the other: two
      // customers of one group-of-two slot ending their subscriptions at once then take the
      // meetings in the same order, rather than each waiting on a row the other holds (a deadlock).
      .orderBy('p.meeting_id')
      // Locked, so a skip of one of them that commits first is seen and not canceled twice.
      .forUpdate('p')
      .execute();
    const charged: number[] = [];
    for (const payment of future) {
      const refund = payment.payment_status === 'succeeded' && payment.provider_intent_id !== null;
      if (refund) charged.push(payment.id);
      await movePayments(trx, refund ? 'refunded' : 'canceled', payment.payment_status).set({ refund_pending: refund }).where('id', '=', payment.id).execute();
    }
    // Weeks paid with hours (the first, taken at booking): each hour goes back to its package.
    await returnHoursOf(trx, { paymentIds: future.map((p) => p.id) });
    // One message for all the weeks, before their seats are freed (as for a skip).
    await recordStudentCancel(trx, future.map((p) => p.id), 'subscription-canceled');
    for (const payment of future) await releaseSeat(trx, payment.meeting_id, customerId);
    return charged;
  });
  await sendPendingRefunds(db, provider, log, { paymentIds: refunds });
}
