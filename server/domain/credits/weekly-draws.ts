import type { Db } from '../../db/db.ts';
import { fromNow, now } from '../../clock.ts';
import { recordEvent } from '../../events/record.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { movePayments } from '../billing/payment-lifecycle.ts';
import { releaseSeat } from '../booking/seats.ts';
import { customerFacts, recordStudentCancel } from '../meetings/change-events.ts';
import { noticeDeadline } from '../meetings/student-changes.ts';
import { Refusal } from '../refusal.ts';
import { HOURS_PROVIDER, hoursLeftOfSize, lotToDraw, recordUse } from './ledger.ts';

/**
 * Weekly subscriptions paid with hours (POST /api/subscriptions pay_with=credits: booking.ts
 * bookWeeklyWithHours). Each later week waits as a `subscription_pending` payment whose provider is
 * `credits`, at the weekly price. When its skip window closes (`noticeDeadline`, the instant a card
 * subscription's week is charged: weekly-charges.ts) it takes an hour of its size, oldest purchase
 * first. Without one:
 * - with a card on file, the week goes to the card: its provider becomes the card's, and the
 *   due-charges job charges it in the same pass, once the customer was told the hours ran out
 *   (`CARD_AFTER_NOTICE_MS` after the notice, when this is the first they hear of it);
 * - with none, the week is not booked: its payment is canceled, its seat freed, and the customer
 *   and the tutor are told.
 *
 * The customer is told the hours ran out when a week (or the booking) takes the last hour of its
 * size, a week before that card charge; the subscription keeps when (`hours_out_told_at`) until a
 * week takes an hour again.
 *
 * Each week is settled in its own transaction, the meeting locked first, then the payment, then the
 * customer (ledger.ts), the order of a skip and a booking: a skip, a cancel or another runner
 * meanwhile is waited for and seen (the payment is no longer waiting), never settled twice.
 */

export interface WeeklyDrawServices {
  db: Db;
  /** The card's provider: a week that falls back to the card is charged through it. */
  provider: PaymentProvider;
}

/** A week that falls to the card with the customer not told yet is charged this long after the notice. */
export const CARD_AFTER_NOTICE_MS = 3600_000;
/** Weeks settled per pass at most; the next pass (a minute later) takes the rest. */
const BATCH = 50;

export interface DrawTally {
  drawn: number;
  toCard: number;
  notBooked: number;
}

/** Settles every week of a subscription paid with hours whose skip window has closed. */
export async function drawDueWeeks(services: WeeklyDrawServices): Promise<DrawTally> {
  const tally: DrawTally = { drawn: 0, toCard: 0, notBooked: 0 };
  const due = await services.db
    .selectFrom('payments as p')
    .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
    .innerJoin('subscriptions as s', 's.id', 'p.subscription_id')
    .select('p.id')
    .where('p.provider', '=', HOURS_PROVIDER)
    .where('p.payment_status', '=', 'subscription_pending')
    .where('p.is_incremental', '=', false)
    .where('m.canceled', '=', false)
    .where('m.occurrence', '<=', noticeDeadline())
    .orderBy('p.id')
    .limit(BATCH)
    .execute();
  for (const { id } of due) {
    const outcome = await settleWeek(services, id);
    if (outcome) tally[outcome] += 1;
  }
  return tally;
}

async function settleWeek({ db, provider }: WeeklyDrawServices, paymentId: number): Promise<keyof DrawTally | null> {
  return db.transaction().execute(async (trx) => {
    const booked = await trx.selectFrom('payments').select('meeting_id').where('id', '=', paymentId).$narrowType<{ meeting_id: number }>().executeTakeFirstOrThrow();
    await trx.selectFrom('meetings').select('id').where('id', '=', booked.meeting_id).forUpdate().execute();
    const week = await trx
      .selectFrom('payments as p')
      .innerJoin('subscriptions as s', 's.id', 'p.subscription_id')
      .select(['p.id', 'p.customer_id', 'p.meeting_id', 'p.subscription_id', 's.capacity', 's.hours_out_told_at'])
      .$narrowType<{ meeting_id: number; subscription_id: number }>()
      .where('p.id', '=', paymentId)
      .where('p.provider', '=', HOURS_PROVIDER)
      .where('p.payment_status', '=', 'subscription_pending')
      .forUpdate('p')
      .executeTakeFirst();
    // Skipped, canceled or settled by another runner while this one waited.
    if (!week) return null;
    const lotId = await lotToDraw(trx, week.customer_id, week.capacity).catch((error: unknown) => {
      if (error instanceof Refusal && error.type === 'NoCredits') return null;
      throw error;
    });
    if (lotId !== null) {
      await movePayments(trx, 'paid', 'subscription_pending').set({ amount_cents: 0 }).where('id', '=', week.id).execute();
      await recordUse(trx, { customerId: week.customer_id, lotId, meetingId: week.meeting_id, paymentId: week.id });
      await trx.updateTable('subscriptions').set({ hours_out_told_at: null }).where('id', '=', week.subscription_id).execute();
      await tellWhenHoursRanOut(trx, { customerId: week.customer_id, subscriptionId: week.subscription_id, capacity: week.capacity });
      return 'drawn';
    }
    const card = await trx.selectFrom('customers').select('payment_method_id').where('id', '=', week.customer_id).executeTakeFirstOrThrow();
    if (card.payment_method_id !== null) {
      // Told now if not before (the hours went another way: a one-time booking, an expiry), and the
      // charge waits for the notice to go first.
      const toldBefore = week.hours_out_told_at !== null;
      if (!toldBefore) await tellHoursRanOut(trx, week.subscription_id, week.meeting_id);
      await trx
        .updateTable('payments')
        .set({ provider: provider.name, charge_retry_at: toldBefore ? null : fromNow(CARD_AFTER_NOTICE_MS) })
        .where('id', '=', week.id)
        .execute();
      return 'toCard';
    }
    await movePayments(trx, 'canceled', 'subscription_pending').where('id', '=', week.id).execute();
    // Told before the seat is freed: a freed meeting no longer names its course and place.
    await recordStudentCancel(trx, [week.id], 'unpaid-week');
    await releaseSeat(trx, week.meeting_id, week.customer_id);
    return 'notBooked';
  });
}

/**
 * After a week of a subscription paid with hours took one (or the booking took the first): when it
 * was the last of its size and a week still waits for one, the customer is told what happens next.
 */
export async function tellWhenHoursRanOut(trx: Db, after: { customerId: number; subscriptionId: number; capacity: number }): Promise<void> {
  if ((await hoursLeftOfSize(trx, after.customerId, after.capacity)) > 0) return;
  const next = await trx
    .selectFrom('payments as p')
    .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
    .select('p.meeting_id')
    .$narrowType<{ meeting_id: number }>()
    .where('p.subscription_id', '=', after.subscriptionId)
    .where('p.provider', '=', HOURS_PROVIDER)
    .where('p.payment_status', '=', 'subscription_pending')
    .orderBy('m.occurrence')
    .limit(1)
    .executeTakeFirst();
  if (next) await tellHoursRanOut(trx, after.subscriptionId, next.meeting_id);
}

/** Records the notice that a subscription's hours ran out, naming the next week to pay. */
async function tellHoursRanOut(trx: Db, subscriptionId: number, nextMeetingId: number): Promise<void> {
  const facts = await trx
    .selectFrom('subscriptions as s')
    .innerJoin('payments as p', (join) => join.onRef('p.subscription_id', '=', 's.id').on('p.meeting_id', '=', nextMeetingId).on('p.is_incremental', '=', false))
    .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
    .innerJoin('tutors as t', 't.id', 'm.tutor_id')
    .select(['s.customer_id', 's.capacity', 'm.occurrence', 'p.amount_cents', 't.name as tutor'])
    .where('s.id', '=', subscriptionId)
    .where('p.payment_status', '=', 'subscription_pending')
    .executeTakeFirstOrThrow();
  await trx.updateTable('subscriptions').set({ hours_out_told_at: now() }).where('id', '=', subscriptionId).execute();
  await recordEvent(trx, {
    kind: 'WeeklyHoursRanOut',
    subscriptionId,
    customer: (await customerFacts(trx, [facts.customer_id])).get(facts.customer_id)!,
    capacity: facts.capacity === 2 ? 2 : 1,
    tutorName: facts.tutor,
    start: new Date(facts.occurrence),
    amountCents: facts.amount_cents,
  });
}
