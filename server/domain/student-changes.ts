import type { Db } from '../db/connection.ts';
import { Refusal } from './refusal.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { releaseSeat } from './seats.ts';
import { fromNow } from '../clock.ts';

/** Customers must cancel at least 12 hours ahead (the terms, spec 2 §9). */
export const CANCEL_NOTICE_HOURS = 12;
const noticeDeadline = () => fromNow(CANCEL_NOTICE_HOURS * 3600_000);

/**
 * A student skips one meeting: the seat is freed and nothing is charged for it (a charge already
 * made is refunded). Refused less than 12 hours before the start.
 */
export async function skipPayment(db: Db, provider: PaymentProvider, customerId: number, paymentId: number): Promise<void> {
  const refund = await db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments as p')
      .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
      .select(['p.id', 'p.customer_id', 'p.meeting_id', 'p.payment_status', 'p.is_incremental', 'p.provider_intent_id', 'm.occurrence'])
      .where('p.id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) throw new Refusal('PaymentNotFound');
    if (payment.customer_id !== customerId) throw new Refusal('NotAuthorized');
    if (payment.is_incremental || !['succeeded', 'subscription_pending'].includes(payment.payment_status)) throw new Refusal('PaymentNotFound');
    if (new Date(payment.occurrence) <= noticeDeadline()) throw new Refusal('TooLate');
    await trx.updateTable('payments').set({ payment_status: 'canceled' }).where('id', '=', payment.id).execute();
    await releaseSeat(trx, payment.meeting_id, customerId);
    return payment.payment_status === 'succeeded' ? payment.provider_intent_id : null;
  });
  if (refund) await provider.refund(refund);
}

/**
 * A student ends a weekly subscription: every meeting more than 12 hours away is released and its
 * charge canceled (or refunded, if it was already charged). Nearer meetings stay as booked.
 */
export async function cancelSubscription(db: Db, provider: PaymentProvider, customerId: number, subscriptionId: number): Promise<void> {
  const refunds = await db.transaction().execute(async (trx) => {
    const subscription = await trx.selectFrom('subscriptions').select(['id', 'customer_id', 'status']).where('id', '=', subscriptionId).forUpdate().executeTakeFirst();
    if (!subscription) throw new Refusal('SubscriptionNotFound');
    if (subscription.customer_id !== customerId) throw new Refusal('NotAuthorized');
    await trx.updateTable('subscriptions').set({ status: 'canceled' }).where('id', '=', subscription.id).execute();
    const future = await trx
      .selectFrom('payments as p')
      .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
      .select(['p.id', 'p.meeting_id', 'p.payment_status', 'p.provider_intent_id'])
      .where('p.subscription_id', '=', subscription.id)
      .where('p.payment_status', 'in', ['succeeded', 'subscription_pending'])
      .where('p.is_incremental', '=', false)
      .where('m.occurrence', '>', noticeDeadline())
      .execute();
    for (const payment of future) {
      await trx.updateTable('payments').set({ payment_status: 'canceled' }).where('id', '=', payment.id).execute();
      await releaseSeat(trx, payment.meeting_id, customerId);
    }
    return future.filter((p) => p.payment_status === 'succeeded' && p.provider_intent_id).map((p) => p.provider_intent_id!);
  });
  for (const intentId of refunds) await provider.refund(intentId);
}
