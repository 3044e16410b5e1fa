import { sql } from 'kysely';
import type { Db } from '../../db/db.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { fromNow, now } from '../../clock.ts';
import { sendCheckout, settleAbandonedCharge } from '../booking/checkout.ts';
import { fulfilCharge } from './fulfilment.ts';
import { sendOvertimeCharges } from './overtime-charges.ts';
import { releaseExpiredHolds } from '../booking/holds.ts';
import { abandonStalePurchases } from '../credits/purchases.ts';
import { Refusal } from '../refusal.ts';
import { retryPendingRefunds, sendPendingRefunds } from './refunds.ts';
import { sendCreditRefunds } from '../credits/lot-refunds.ts';
import { CLAIM_LEASE_MS } from './weekly-charges.ts';

/**
 * Crash recovery: a booking checkout is three steps (seats and payment committed, the provider
 * asked, its answer stored: checkout.ts), then a confirmation that arrives by the provider's
 * webhook. A crash or an outage between steps leaves a checkout half-done; this pass finds each kind
 * and finishes or undoes it. Every step is idempotent (the provider is asked under the payment's id
 * as idempotency key, fulfilment lands once, refunds are keyed by intent), so the pass can run at
 * any time, again, and on several server instances at once.
 *
 * 1. Seats held past their expiry go back (their open payments are abandoned), and hour packages
 *    left unpaid for an hour are given up (credits/purchases.ts).
 * 2. Checkouts without an intent, older than any request still running: an open one is sent again
 *    (or abandoned, its seats released, if the provider still fails); an abandoned saved-card one is
 *    asked again to learn whether the card was charged, and a charge is refunded.
 * 3. Intents whose webhook never came: the provider is asked for the intent's status; a succeeded
 *    one is fulfilled (its seats confirmed), or refunded if its seats are gone.
 * 4. The same for off-session charges (a weekly meeting's, overtime): one left settling or waiting
 *    for the customer (3-D Secure) after the lease, or canceled while it settled, is asked about;
 *    a charge is recorded as paid, or refunded if canceled, and a decline shows as failed.
 * 5. Overtime charges written but never sent (a crash between the entry's commit and its charge)
 *    are sent, under the payment's id as key as the entry would have.
 * 6. Refunds marked but not confirmed by the provider are sent again.
 */
export const RECONCILE_MS = 2 * 60_000;

/** Longer than a provider call can take (payments/stripe.ts: 3 tries of 30 s at most): no request is still sending it. */
export const UNSENT_AFTER_MS = 2 * 60_000;

/** Longer than a webhook takes to arrive: after this the provider is asked instead. */
export const SILENT_AFTER_MS = 5 * 60_000;

/** At most this many payments per kind per pass, so one pass stays short; the next takes the rest. */
const BATCH = 100;

export interface ReconcileReport {
  /** Checkouts sent again or settled after being given up. */
  resent: number;
  /** Intents (of checkouts and off-session charges) found succeeded at the provider and fulfilled or refunded here. */
  settled: number;
  /** Refunds still not confirmed by the provider. */
  refundsLeft: number;
}

export async function reconcilePayments(db: Db, provider: PaymentProvider, log: (line: string) => void): Promise<ReconcileReport> {
  await releaseExpiredHolds(db, 'all');
  await abandonStalePurchases(db);
  const checkouts = await resendUnsentCheckouts(db, provider, log);
  const settledCheckouts = await settleSilentCheckouts(db, provider, log);
  const settledCharges = await settleOffSessionCharges(db, provider, log);
  const overtime = await sendUnsentOvertime(db, provider, log);
  // Refunds of packages' unused hours are sent again too (credits/lot-refunds.ts).
  const refundsLeft = (await retryPendingRefunds(db, provider, log)) + (await sendCreditRefunds(db, provider, log));
  return { resent: checkouts + overtime, settled: settledCheckouts + settledCharges, refundsLeft };
}

/** Step 2: checkouts without an intent, older than any request still running. Returns how many were sent again or settled. */
async function resendUnsentCheckouts(db: Db, provider: PaymentProvider, log: (line: string) => void): Promise<number> {
  let resent = 0;
  const unsent = await db
    .selectFrom('payments')
    .select(['id', 'payment_status', 'checkout'])
    .where('checkout', 'is not', null)
    .where('reconciled', '=', false)
    .where('provider_intent_id', 'is', null)
    .where('payment_status', 'in', ['requires_payment_method', 'abandoned'])
    .where('inserted_at', '<', fromNow(-UNSENT_AFTER_MS))
    .orderBy('id')
    .limit(BATCH)
    .execute();
  for (const payment of unsent) {
    try {
      if (payment.payment_status === 'requires_payment_method') {
        await sendCheckout(db, provider, payment.id, { abandonOnFailure: true, log });
        resent += 1;
        continue;
      }
      // Abandoned with nothing sent to a card (a typed-card intent is harmless unconfirmed).
      if (payment.checkout === 'saved_card' && !(await settleAbandonedCharge(db, provider, payment.id, log))) continue;
      await markReconciled(db, payment.id);
      resent += 1;
    } catch (error) {
      // A declined card on file is an answer (the checkout waits for another card), not a failure.
      if (!(error instanceof Refusal)) log(`reconcile: checkout payment ${payment.id} not sent: ${describe(error)}`);
    }
  }
  return resent;
}

/** Step 3: checkouts' intents whose webhook never came. Returns how many were found succeeded. */
async function settleSilentCheckouts(db: Db, provider: PaymentProvider, log: (line: string) => void): Promise<number> {
  let settled = 0;
  const silent = await db
    .selectFrom('payments')
    .select(['id', 'payment_status', 'provider_intent_id'])
    .where('checkout', 'is not', null)
    .where('reconciled', '=', false)
    .where('provider_intent_id', 'is not', null)
    .where((eb) => eb.or([eb('payment_status', '=', 'abandoned'), eb.and([eb('payment_status', '=', 'requires_payment_method'), eb('inserted_at', '<', fromNow(-SILENT_AFTER_MS))])]))
    .orderBy('id')
    .limit(BATCH)
    .execute();
  for (const payment of silent) {
    try {
      const status = await provider.retrieveIntent(payment.provider_intent_id!);
      if (status === 'succeeded') {
        const fulfilment = await fulfilCharge(db, { intentId: payment.provider_intent_id!, succeeded: true });
        if (fulfilment?.result === 'expired') {
          // Charged after its seats went back: the money goes back too.
          await db.updateTable('payments').set({ refund_pending: true, reconciled: true }).where('id', '=', payment.id).where('payment_status', '=', 'abandoned').execute();
          await sendPendingRefunds(db, provider, log, { paymentIds: [payment.id] });
        }
        settled += 1;
      } else if (status !== 'processing' && payment.payment_status === 'abandoned') {
        // Ended and never charged: a confirmation after this still lands by webhook, and is refunded.
        await markReconciled(db, payment.id);
      }
    } catch (error) {
      log(`reconcile: intent of payment ${payment.id} not checked: ${describe(error)}`);
    }
  }
  return settled;
}

/**
 * Step 4: off-session charges with an intent but no final outcome: asked once the weekly claim's
 * lease has passed since they were sent (claimed; overtime: written), then a lease after each
 * answer that is not final yet. Returns how many were found succeeded.
 */
async function settleOffSessionCharges(db: Db, provider: PaymentProvider, log: (line: string) => void): Promise<number> {
  let settled = 0;
  const sent = sql<Date>`coalesce(charge_claimed_at, inserted_at)`;
  const offSession = await db
    .selectFrom('payments')
    .select(['id', 'provider_intent_id'])
    .where('checkout', 'is', null)
    .where('reconciled', '=', false)
    .where('provider_intent_id', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('payment_status', 'in', ['processing', 'requires_action']),
        // Canceled while its charge was settling (a tutor's cancel, a cancel during a crash): a
        // charge that lands goes back.
        eb.and([eb('payment_status', '=', 'canceled'), eb('refund_pending', '=', false), eb('refunded_at', 'is', null)]),
      ]),
    )
    .where(sent, '<', fromNow(-CLAIM_LEASE_MS))
    .orderBy(sent)
    .limit(BATCH)
    .execute();
  for (const payment of offSession) {
    try {
      const status = await provider.retrieveIntent(payment.provider_intent_id!);
      if (status === 'processing' || status === 'requires_action') {
        await db.updateTable('payments').set({ charge_claimed_at: now() }).where('id', '=', payment.id).execute();
        continue;
      }
      const succeeded = status === 'succeeded';
      // Paid (or failed) as its webhook would have recorded it; a canceled one comes back expired.
      const fulfilment = await fulfilCharge(db, { intentId: payment.provider_intent_id!, succeeded });
      if (fulfilment?.result === 'expired' && succeeded) {
        await db.updateTable('payments').set({ refund_pending: true }).where('id', '=', payment.id).where('refunded_at', 'is', null).execute();
        await sendPendingRefunds(db, provider, log, { paymentIds: [payment.id] });
      } else if (fulfilment?.result === 'expired') {
        // Canceled and never charged: nothing to give back, nothing more to ask.
        await markReconciled(db, payment.id);
      }
      if (succeeded) settled += 1;
    } catch (error) {
      log(`reconcile: off-session charge of payment ${payment.id} not checked: ${describe(error)}`);
    }
  }
  return settled;
}

/**
 * Step 5: overtime entered, its payment committed, and the process gone before the charge was
 * sent: no one would send it but a second entry of the same time (sendOvertimeCharges, as the
 * entry does). Returns how many meetings' charges were sent.
 */
async function sendUnsentOvertime(db: Db, provider: PaymentProvider, log: (line: string) => void): Promise<number> {
  let resent = 0;
  const unsentOvertime = await db
    .selectFrom('payments')
    .select('meeting_id')
    .distinct()
    .where('is_incremental', '=', true)
    .where('meeting_id', 'is not', null)
    .$narrowType<{ meeting_id: number }>()
    .where('payment_status', '=', 'processing')
    .where('provider_intent_id', 'is', null)
    .where('inserted_at', '<', fromNow(-UNSENT_AFTER_MS))
    .limit(BATCH)
    .execute();
  for (const { meeting_id: meetingId } of unsentOvertime) {
    try {
      await sendOvertimeCharges({ db, payments: provider, log }, meetingId);
      resent += 1;
    } catch (error) {
      log(`reconcile: overtime charges of meeting ${meetingId} not sent: ${describe(error)}`);
    }
  }
  return resent;
}

async function markReconciled(db: Db, paymentId: number): Promise<void> {
  await db.updateTable('payments').set({ reconciled: true }).where('id', '=', paymentId).execute();
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
