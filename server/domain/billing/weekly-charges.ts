/**
 * Weekly subscriptions: the first meeting is paid at checkout; each later one is a
 * `subscription_pending` payment (fulfilment.ts) charged to the card on file when its skip window
 * closes (`noticeDeadline`, the same instant the skip rule reads), so a skipped week is never
 * charged and a charged week can no longer be skipped.
 *
 * Each charge: claim the payment in a short transaction (status `processing`, so a second runner
 * or instance cannot take it), call the provider outside any transaction with the payment's id as
 * the idempotency key, then store the outcome. A claim older than `CLAIM_LEASE_MS` without an
 * outcome is what a crash between the call and the store leaves: it is claimed again and sent with
 * the same key, which the provider answers with the first charge instead of a second one.
 *
 * A decline shows as 'Failed', the customer is emailed a link to the dashboard (its event is recorded with the
 * outcome, ChargeDeclined, so it is sent once and retried like every message), and it is tried
 * once more `RETRY_AFTER_MS` later if the meeting has not started by then. Every payment is
 * independent: one customer's decline or error never stops another's charge.
 */
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import type { ChargeDeclined } from '../../events/kinds.ts';
import { recordEvent } from '../../events/record.ts';
import { recordPaymentSucceeded } from '../meetings/change-events.ts';
import { formatMeetingTime } from '../meetings/meeting-facts.ts';
import type { PaymentProvider, SavedCardCharge, SavedCardResult } from '../../payments/provider.ts';
import { fromNow, now } from '../../clock.ts';
import { noticeDeadline } from '../meetings/student-changes.ts';
import { sendPendingRefunds } from './refunds.ts';
import { chargeAnswerEvent, movePayments } from './payment-lifecycle.ts';
import { HOURS_PROVIDER } from '../credits/ledger.ts';
import { drawDueWeeks } from '../credits/weekly-draws.ts';

export interface WeeklyChargeServices {
  db: Db;
  provider: PaymentProvider;
  log: (line: string) => void;
}

/** A declined weekly charge is tried once more, this long after the decline. */
export const RETRY_AFTER_MS = 6 * 3600_000;
/** Charges tried per weekly payment: the first, and one retry. */
export const MAX_CHARGE_ATTEMPTS = 2;
/** A claim with no outcome after this long was left by a crash and is sent again (same key). */
export const CLAIM_LEASE_MS = 10 * 60_000;
/** Payments claimed per transaction, so one pass never holds many row locks. */
const BATCH = 20;
/** How often the due-charges job runs (server/main.ts): a charge lands within minutes of its window closing. */
export const WEEKLY_CHARGES_EVERY_MS = 60_000;

export interface ChargeTally {
  succeeded: number;
  failed: number;
  requiresAction: number;
  errors: number;
}

/** A weekly payment as it is charged: its request (as kept at its claim) and whom to tell. */
function selectCharges(db: Db | Transaction<Database>) {
  return db
    .selectFrom('payments as p')
    .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
    .innerJoin('tutors as t', 't.id', 'm.tutor_id')
    .innerJoin('customers as cu', 'cu.id', 'p.customer_id')
    .select([
      'p.id',
      'p.amount_cents',
      'p.charge_attempts',
      'p.checkout_card_id',
      'p.checkout_description',
      'm.occurrence',
      'cu.id as customer_id',
      'cu.email',
      'cu.firstname',
      'cu.lastname',
      'cu.provider_customer_id',
      'cu.payment_method_id',
      't.name as tutor',
    ]);
}

type ClaimedCharge = Awaited<ReturnType<ReturnType<typeof selectCharges>['executeTakeFirstOrThrow']>>;

/** Charges every weekly payment that is due now; returns what happened, for logs and tests. */
export async function chargeDueWeeklyPayments(services: WeeklyChargeServices): Promise<ChargeTally> {
  const tally: ChargeTally = { succeeded: 0, failed: 0, requiresAction: 0, errors: 0 };
  await settleCanceledInFlight(services);
  // Weeks paid with hours first: those without one fall to the card, charged below in this pass.
  const draws = await drawDueWeeks(services);
  if (draws.drawn + draws.toCard + draws.notBooked > 0) services.log(`weekly hours: ${draws.drawn} drawn, ${draws.toCard} to the card, ${draws.notBooked} not booked`);
  for (;;) {
    const batch = await claimDue(services.db);
    for (const charge of batch) {
      try {
        const outcome = await chargeOne(services, charge);
        if (outcome === 'succeeded') tally.succeeded += 1;
        else if (outcome === 'failed') tally.failed += 1;
        else if (outcome === 'requires_action') tally.requiresAction += 1;
      } catch (error) {
        // Left claimed: the lease runs out and the next pass sends it again with the same key.
        tally.errors += 1;
        services.log(`weekly charge of payment ${charge.id} not finished (sent again after the lease): ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (batch.length < BATCH) break;
  }
  return tally;
}

/** Claims due payments: their window closed, a declined one's retry came, or a crash left one claimed. */
async function claimDue(db: Db): Promise<ClaimedCharge[]> {
  return db.transaction().execute(async (trx) => {
    const current = now();
    const due = await trx
      .selectFrom('payments as p')
      .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
      .innerJoin('subscriptions as s', 's.id', 'p.subscription_id')
      .select(['p.id', 'p.payment_status'])
      .where('p.is_incremental', '=', false)
      // A week paid with hours is never charged; it becomes the card's when it has none (credits/weekly-draws.ts).
      .where('p.provider', '!=', HOURS_PROVIDER)
      // A week that no longer exists (canceled by the tutor, taken back: take-back.ts) is never
      // charged; their live payments were canceled with them, this holds whatever happens.
      .where('m.canceled', '=', false)
      // A canceled subscription's weeks were canceled with it, all but those less than 12 hours
      // away, which stay booked (cancelSubscription): only a week whose seat is still the
      // customer's is charged.
      .where((eb) =>
        eb.or([
          eb('s.status', '=', 'active'),
          eb.exists(eb.selectFrom('reservations as r').select('r.id').whereRef('r.meeting_id', '=', 'p.meeting_id').whereRef('r.customer_id', '=', 'p.customer_id').where('r.status', '=', 'confirmed')),
        ]),
      )
      .where((eb) =>
        eb.or([
          // A week of a subscription paid with hours that fell to the card waits, if it must, for
          // the customer to be told first (credits/weekly-draws.ts).
          eb.and([eb('p.payment_status', '=', 'subscription_pending'), eb('m.occurrence', '<=', noticeDeadline()), eb.or([eb('p.charge_retry_at', 'is', null), eb('p.charge_retry_at', '<=', current)])]),
          eb.and([eb('p.payment_status', '=', 'requires_payment_method'), eb('p.charge_retry_at', '<=', current)]),
          eb.and([eb('p.payment_status', '=', 'processing'), eb('p.provider_intent_id', 'is', null), eb('p.charge_claimed_at', '<=', fromNow(-CLAIM_LEASE_MS))]),
        ]),
      )
      .orderBy('p.id')
      .limit(BATCH)
      // Another runner's claim in progress is skipped, never waited for; it sees the new status once committed.
      .forUpdate('p')
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    // A crash's leftover is the same try again (same key); anything else is a new try, whose intent
    // is not known yet: the declined try's intent and secret go, so the lease rule (no intent) can
    // take the new try back after a crash, and the new try's webhook finds its payment waiting.
    const fresh = due.filter((p) => p.payment_status !== 'processing').map((p) => p.id);
    if (fresh.length > 0) {
      await trx
        .updateTable('payments')
        .set({ charge_attempts: sql`charge_attempts + 1`, provider_intent_id: null, client_secret: null })
        .where('id', 'in', fresh)
        .execute();
    }
    await movePayments(trx, 'claimed')
      .set({ charge_claimed_at: current, charge_retry_at: null })
      .where('id', 'in', due.map((p) => p.id))
      .execute();
    const claimed = await selectCharges(trx)
      .where('p.id', 'in', due.map((p) => p.id))
      .orderBy('p.id')
      .execute();
    // A new try fixes its request now (the card on file, the meeting's time in the description) and
    // keeps it on the payment: a crash's leftover is sent again with exactly that, whatever changed
    // since (a new card, a moved meeting), as the provider refuses a key sent again with other
    // details (Stripe's idempotency_error), which would leave the payment processing for good.
    for (const charge of claimed.filter((c) => fresh.includes(c.id))) {
      charge.checkout_card_id = charge.payment_method_id;
      charge.checkout_description = weeklyDescription(charge);
      await trx.updateTable('payments').set({ checkout_card_id: charge.checkout_card_id, checkout_description: charge.checkout_description }).where('id', '=', charge.id).execute();
    }
    return claimed;
  });
}

const weeklyDescription = (charge: ClaimedCharge) => `Weekly session with ${charge.tutor}, ${formatMeetingTime(new Date(charge.occurrence))}`;

/**
 * The provider call of a claimed weekly payment: the same request and key every time it is sent.
 * (A claim left from before its request was kept is rebuilt from the customer and the meeting.)
 */
function savedCardRequest(charge: ClaimedCharge): SavedCardCharge {
  return {
    paymentId: charge.id,
    attempt: charge.charge_attempts,
    amountCents: charge.amount_cents,
    customer: { id: charge.customer_id, email: charge.email, name: `${charge.firstname} ${charge.lastname}`, providerCustomerId: charge.provider_customer_id },
    paymentMethodId: charge.checkout_card_id ?? charge.payment_method_id,
    description: charge.checkout_description ?? weeklyDescription(charge),
  };
}

type Outcome = 'succeeded' | 'failed' | 'requires_action' | 'processing';

async function chargeOne(services: WeeklyChargeServices, charge: ClaimedCharge): Promise<Outcome> {
  const { db, provider } = services;
  const result: SavedCardResult = await provider.chargeSavedCard(savedCardRequest(charge));
  const retryAt = new Date(now().getTime() + RETRY_AFTER_MS);
  const retry = result.status === 'failed' && charge.charge_attempts < MAX_CHARGE_ATTEMPTS && retryAt < new Date(charge.occurrence) ? retryAt : null;
  const notice = result.status === 'failed' ? problemNotice(charge, 'declined', retry) : result.status === 'requires_action' ? problemNotice(charge, 'requires_action', null) : null;
  // The outcome and its event commit together: the customer is told exactly when the outcome was stored.
  const written = await db.transaction().execute(async (trx) => {
    // Only while still claimed (processing): a tutor's cancel may have canceled it meanwhile (skips cannot).
    const row = await movePayments(trx, chargeAnswerEvent(result.status), 'processing')
      .set({
        provider_intent_id: result.intentId,
        client_secret: result.status === 'requires_action' ? result.clientSecret : null,
        charge_retry_at: retry,
      })
      .where('id', '=', charge.id)
      .returning('id')
      .executeTakeFirst();
    if (row && notice) await recordEvent(trx, notice);
    if (row && result.status === 'succeeded') await recordPaymentSucceeded(trx, charge.id);
    return row;
  });
  if (!written) await recordCanceledCharge(services, charge.id, result);
  return result.status;
}

/**
 * The answer to a charge of a meeting canceled while it was in flight: its intent is kept on the
 * payment, so a charge that went through goes back at once, and one still settling is found by its
 * webhook or the reconciliation pass when it lands, and refunded then (fulfilment: it is canceled).
 */
async function recordCanceledCharge(services: WeeklyChargeServices, paymentId: number, result: SavedCardResult) {
  if (!result.intentId) return;
  const marked = await services.db
    .updateTable('payments')
    .set({ provider_intent_id: result.intentId, refund_pending: result.status === 'succeeded' })
    .where('id', '=', paymentId)
    .where('payment_status', '=', 'canceled')
    .where('provider_intent_id', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (marked && result.status === 'succeeded') await sendPendingRefunds(services.db, services.provider, services.log, { paymentIds: [paymentId] });
}

/**
 * A charge sent, then a crash before its answer was stored, then the tutor canceled the meeting:
 * the payment is canceled with no intent, so neither the lease (it takes back `processing` rows)
 * nor the cancel's refund can see the money. After the lease the provider is asked again with the
 * same key, which answers the charge it made (or makes it now); its intent is kept, and a charge
 * goes back at once (one still settling when it lands). The claim time is cleared once answered, so
 * each such payment is asked about once.
 */
async function settleCanceledInFlight(services: WeeklyChargeServices): Promise<void> {
  const { db, provider } = services;
  const stranded = await selectCharges(db)
    .where('p.subscription_id', 'is not', null)
    .where('p.is_incremental', '=', false)
    .where('p.payment_status', '=', 'canceled')
    .where('p.provider_intent_id', 'is', null)
    .where('p.charge_claimed_at', '<=', fromNow(-CLAIM_LEASE_MS))
    .orderBy('p.id')
    .limit(BATCH)
    .execute();
  for (const charge of stranded) {
    try {
      const result = await provider.chargeSavedCard(savedCardRequest(charge));
      await recordCanceledCharge(services, charge.id, result);
      await db.updateTable('payments').set({ charge_claimed_at: null }).where('id', '=', charge.id).where('payment_status', '=', 'canceled').execute();
    } catch (error) {
      services.log(`canceled weekly payment ${charge.id}: its in-flight charge not settled (asked again next pass): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The customer's notice of a declined try, or of one their bank wants confirmed (one per try). */
function problemNotice(charge: ClaimedCharge, reason: 'declined' | 'requires_action', retry: Date | null): ChargeDeclined {
  return {
    kind: 'ChargeDeclined',
    paymentId: charge.id,
    attempt: charge.charge_attempts,
    reason,
    customer: { firstname: charge.firstname, email: charge.email },
    tutorName: charge.tutor,
    start: new Date(charge.occurrence),
    retryAt: retry,
  };
}
