import type { Db } from '../../db/db.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { now } from '../../clock.ts';
import { recordRefunded } from '../meetings/change-events.ts';
import { recordPackageRefunded } from '../credits/package-charges.ts';

/** Which pending refunds to send: all of them (the periodic pass), or those of one change. */
export type RefundScope = { all: true } | { meetingId: number } | { paymentIds: number[] };

/**
 * The one way a refund reaches the provider. A payment to refund is first marked `refund_pending`
 * in the transaction that cancels it (so the duty to refund commits with the cancel); this then
 * asks the provider for each pending refund and clears the mark once the provider confirms it.
 * A refund is keyed by its intent (the adapter's idempotency key), so asking again after a crash
 * or from two server instances at once never refunds twice. One that fails stays pending for the
 * next pass, is logged, and does not stop the others. Returns how many are still pending.
 */
export async function sendPendingRefunds(db: Db, provider: PaymentProvider, log: (line: string) => void, scope: RefundScope): Promise<number> {
  let query = db.selectFrom('payments').select(['id', 'provider_intent_id', 'package_id']).where('refund_pending', '=', true);
  if ('meetingId' in scope) query = query.where('meeting_id', '=', scope.meetingId);
  if ('paymentIds' in scope) {
    if (scope.paymentIds.length === 0) return 0;
    query = query.where('id', 'in', scope.paymentIds);
  }
  const pending = await query.orderBy('id').execute();
  let left = 0;
  for (const payment of pending) {
    try {
      // No intent: nothing reached the card, so there is nothing to give back.
      if (!payment.provider_intent_id) {
        await db.updateTable('payments').set({ refund_pending: false }).where('id', '=', payment.id).execute();
        continue;
      }
      await provider.refund(payment.provider_intent_id);
      // The refund's record (the billing report counts refunds by it, whatever the payment's status),
      // and its receipt's event with it, once: a second sender of the same refund finds it recorded.
      await db.transaction().execute(async (trx) => {
        const recorded = await trx.updateTable('payments').set({ refund_pending: false, refunded_at: now() }).where('id', '=', payment.id).where('refunded_at', 'is', null).returning('id').executeTakeFirst();
        if (recorded) await (payment.package_id === null ? recordRefunded(trx, payment.id) : recordPackageRefunded(trx, payment.id));
        else await trx.updateTable('payments').set({ refund_pending: false }).where('id', '=', payment.id).execute();
      });
    } catch (error) {
      left += 1;
      log(`refund of payment ${payment.id} not confirmed (left pending for the next pass): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return left;
}

/** The retry pass over every pending refund (the reconciliation pass runs it: reconcile.ts). */
export async function retryPendingRefunds(db: Db, provider: PaymentProvider, log: (line: string) => void): Promise<number> {
  return sendPendingRefunds(db, provider, log, { all: true });
}
