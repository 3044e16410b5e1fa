import type { Transaction } from 'kysely';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import type { ChargeOutcome, PaymentProvider } from '../../payments/provider.ts';
import { holdsSettledForFulfilment } from '../booking/holds.ts';
import { recordBooked, recordPaymentSucceeded } from '../meetings/change-events.ts';
import { INITIAL_STATUS, movePayments } from './payment-lifecycle.ts';
import { fulfilPackageCharge } from '../credits/package-charges.ts';
import { openGradebook } from '../gradebooks/gradebooks.ts';
import { sendPendingRefunds } from './refunds.ts';
import { now } from '../../clock.ts';

/**
 * The one place a charge's outcome lands, whichever provider reported it (Stripe's webhook or
 * the offline confirmation). Safe to call twice for the same outcome.
 *
 * On success: the payment is succeeded, its seats are confirmed, a weekly subscription's checkout
 * gives its later meetings their scheduled (subscription_pending) payments, the card is kept on file, and
 * the customer gets a gradebook for the course if they had none. A failure leaves the payment
 * waiting for another card while its hold lasts.
 */
export type Fulfilment = { paymentId: number; result: 'paid' | 'declined' | 'expired' } | undefined;

/**
 * A payment whose hold ran out (abandoned) has no seat any more: it is never marked paid. The
 * caller then refuses the charge (offline) or refunds it (Stripe), and the customer books again.
 */
export async function fulfilCharge(db: Db, outcome: ChargeOutcome): Promise<Fulfilment> {
  return db.transaction().execute((trx) => fulfilChargeIn(trx, outcome));
}

/** An event for one of our payments that arrived before the payment's intent id was stored. */
export class IntentNotStoredYet extends Error {
  constructor(paymentId: number) {
    super(`payment ${paymentId}: the provider's event came before its intent id was stored; the provider will retry`);
  }
}

/** A provider's event as the webhook reads it: its id (to handle it once) and the outcome, if any. */
export interface ProviderEvent {
  eventId: string;
  outcome: ChargeOutcome | null;
}

/**
 * A provider's event as the webhook receives it: handled once (fulfilProviderEvent), then, when it
 * charged a payment whose hold had run out, that payment's refund is sent. A refund the provider
 * does not confirm now stays pending for the retry pass; the event is handled all the same (the
 * refund is recorded, so nothing needs the provider's retry).
 */
export async function receiveProviderEvent(db: Db, provider: PaymentProvider, log: (line: string) => void, event: ProviderEvent): Promise<void> {
  const fulfilment = await fulfilProviderEvent(db, event);
  if (fulfilment && fulfilment !== 'duplicate' && fulfilment.result === 'expired') {
    await sendPendingRefunds(db, provider, log, { paymentIds: [fulfilment.paymentId] });
  }
}

/**
 * Handles a provider's event exactly once: the event's "handled" row and the fulfilment commit in
 * one transaction, so a crash anywhere leaves neither and the provider's retry does the work, while
 * a delivery that finds the row (a duplicate, or a concurrent one that committed first) does
 * nothing. A charge that succeeded after its hold ran out is marked for a refund in that same
 * transaction; the caller sends it (sendPendingRefunds) after the commit.
 */
export async function fulfilProviderEvent(db: Db, event: ProviderEvent): Promise<Fulfilment | 'duplicate'> {
  return db.transaction().execute(async (trx) => {
    const fresh = await trx.insertInto('webhook_events').values({ id: event.eventId, received_at: now() }).onConflict((oc) => oc.column('id').doNothing()).returning('id').executeTakeFirst();
    if (!fresh) return 'duplicate';
    if (!event.outcome) return undefined;
    const fulfilment = await fulfilChargeIn(trx, event.outcome);
    if (!fulfilment && event.outcome.paymentId !== undefined) {
      // Our payment, whose intent id is not stored yet (the event overtook the call that made it):
      // roll back, so the event is not marked handled and the provider's retry lands it.
      const ours = await trx
        .selectFrom('payments')
        .select(['id', 'payment_status', 'charge_claimed_at'])
        .where('id', '=', event.outcome.paymentId)
        .where('provider_intent_id', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      // Unless it was canceled after a weekly charge was sent whose answer never got stored (a
      // crash, then the tutor's cancel): no call will ever store that intent, so the event records
      // it here and, if it charged the card, the money goes back.
      if (ours && ours.payment_status === 'canceled' && ours.charge_claimed_at !== null) {
        await trx
          .updateTable('payments')
          .set({ provider_intent_id: event.outcome.intentId, refund_pending: event.outcome.succeeded })
          .where('id', '=', ours.id)
          .execute();
        return { paymentId: ours.id, result: 'expired' };
      }
      if (ours) throw new IntentNotStoredYet(event.outcome.paymentId);
    }
    // Charged after the seat was given up: the money goes back.
    if (fulfilment?.result === 'expired' && event.outcome.succeeded) {
      await trx.updateTable('payments').set({ refund_pending: true }).where('id', '=', fulfilment.paymentId).execute();
    }
    return fulfilment;
  });
}

/** Lands a charge's outcome inside the caller's transaction, after releasing holds that ran out. */
async function fulfilChargeIn(trx: Transaction<Database>, outcome: ChargeOutcome): Promise<Fulfilment> {
  await holdsSettledForFulfilment(trx);
  const target = await trx.selectFrom('payments').select(['id', 'meeting_id', 'package_id', 'customer_id', 'subscription_id', 'checkout']).where('provider_intent_id', '=', outcome.intentId).executeTakeFirst();
  if (!target) return undefined;
  // An hour package's payment has no meeting: its hours go to the ledger (credits/package-charges.ts).
  if (target.package_id !== null) return fulfilPackageCharge(trx, target.id, outcome);
  // The meetings first, in id order, then the payment, as a booking and a tutor's change take them:
  // the payment's meeting and, for a subscription's checkout, every week it holds a seat in (their
  // payments are written below). A tutor canceling one of them meanwhile either finishes first (the
  // seat is gone, and no payment is written for it) or waits for this to commit (and cancels that
  // week's payment with the rest). Taken the other way round, a week's payment written while the
  // tutor's cancel waited was left on the canceled meeting, to be charged, or the two deadlocked.
  const weekly = target.subscription_id !== null && target.checkout !== null;
  await trx
    .selectFrom('meetings')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('id', '=', target.meeting_id),
        ...(weekly
          ? [eb('id', 'in', eb.selectFrom('reservations').select('meeting_id').where('subscription_id', '=', target.subscription_id).where('customer_id', '=', target.customer_id).where('status', '!=', 'released'))]
          : []),
      ]),
    )
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  const payment = await trx
    .selectFrom('payments')
    .innerJoin('meetings', 'meetings.id', 'payments.meeting_id')
    .select(['payments.id', 'payments.customer_id', 'payments.meeting_id', 'payments.subscription_id', 'payments.checkout', 'payments.payment_status', 'payments.amount_cents', 'payments.provider', 'meetings.offering_id'])
    .$narrowType<{ meeting_id: number }>()
    .where('payments.provider_intent_id', '=', outcome.intentId)
    .forUpdate('payments')
    .executeTakeFirst();
  if (!payment) return undefined;
  // A canceled subscription never starts: its checkout, if still open, ends now (the cancel ends it
  // too: student-changes.ts), so the charge is refused or refunded like a late one.
  if (payment.checkout !== null && payment.subscription_id !== null && payment.payment_status === 'requires_payment_method') {
    const subscription = await trx.selectFrom('subscriptions').select('status').where('id', '=', payment.subscription_id).executeTakeFirstOrThrow();
    if (subscription.status === 'canceled') {
      await movePayments(trx, 'abandoned', payment.payment_status).where('id', '=', payment.id).execute();
      return { paymentId: payment.id, result: 'expired' };
    }
  }
  if (payment.payment_status === 'abandoned' || payment.payment_status === 'canceled') return { paymentId: payment.id, result: 'expired' };
  if (!outcome.succeeded) {
    // A charge made without the customer (overtime) that later fails is shown as failed.
    if (payment.payment_status === 'processing' || payment.payment_status === 'requires_action') {
      await movePayments(trx, 'declined', payment.payment_status).where('id', '=', payment.id).execute();
    }
    return { paymentId: payment.id, result: 'declined' };
  }
  if (payment.payment_status === 'succeeded') return { paymentId: payment.id, result: 'paid' };

  // Locked above: the status read is the one the update finds.
  await movePayments(trx, 'paid', payment.payment_status).where('id', '=', payment.id).execute();

  let confirm = trx
    .updateTable('reservations')
    .set({ status: 'confirmed', expires_at: null })
    .where('customer_id', '=', payment.customer_id)
    .where('status', '=', 'held');
  confirm = payment.subscription_id !== null ? confirm.where('subscription_id', '=', payment.subscription_id) : confirm.where('meeting_id', '=', payment.meeting_id);
  await confirm.execute();

  // Only the subscription's checkout (its first week) schedules the later weeks: a later week's own
  // charge that succeeds (a webhook after `processing`, a confirmed 3-D Secure) must add nothing.
  if (payment.subscription_id !== null && payment.checkout !== null) {
    await scheduleLaterWeeks(trx, { ...payment, subscription_id: payment.subscription_id });
  }

  if (outcome.card) {
    await trx
      .updateTable('customers')
      .set({ payment_method_id: outcome.card.paymentMethodId, payment_method_label: outcome.card.label })
      .where('id', '=', payment.customer_id)
      .execute();
  }

  if (payment.offering_id !== null) await openGradebook(trx, payment.customer_id, payment.offering_id);
  // Told with the outcome, once the card on file the receipt names is kept: a checkout's booking, then its receipt.
  if (payment.checkout !== null) await recordBooked(trx, payment.id);
  await recordPaymentSucceeded(trx, payment.id);
  return { paymentId: payment.id, result: 'paid' };
}

/**
 * Writes a `subscription_pending` payment for each other confirmed week of the subscription that
 * has no live payment yet (one canceled or abandoned does not count), so landing the checkout's
 * outcome twice, or after a week got its own payment, never makes a second charge for a week.
 */
export async function scheduleLaterWeeks(
  trx: Transaction<Database>,
  payment: { customer_id: number; meeting_id: number; subscription_id: number; amount_cents: number; provider: string },
): Promise<void> {
  const later = await trx
    .selectFrom('reservations as r')
    .select('r.meeting_id')
    .where('r.subscription_id', '=', payment.subscription_id)
    .where('r.status', '=', 'confirmed')
    .where('r.meeting_id', '!=', payment.meeting_id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payments as p')
            .select('p.id')
            .whereRef('p.meeting_id', '=', 'r.meeting_id')
            .where('p.customer_id', '=', payment.customer_id)
            .where('p.is_incremental', '=', false)
            .where('p.payment_status', 'not in', ['canceled', 'abandoned']),
        ),
      ),
    )
    .execute();
  if (later.length === 0) return;
  await trx
    .insertInto('payments')
    .values(
      later.map((r) => ({
        customer_id: payment.customer_id,
        meeting_id: r.meeting_id,
        subscription_id: payment.subscription_id,
        minutes_paid: 60,
        amount_cents: payment.amount_cents,
        payment_status: INITIAL_STATUS.scheduledWeek,
        provider: payment.provider,
        inserted_at: now(),
      })),
    )
    .execute();
}
