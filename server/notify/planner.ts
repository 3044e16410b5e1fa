/**
 * The message planner: reads what happened from the tables and queues the messages it owes, so
 * every path that books, charges, refunds, skips, cancels or moves (a request, Stripe's webhook, the
 * weekly charges, the reconciliation pass) is told of the same way without each one sending mail.
 *
 * - bookings: a paid checkout → the customer's confirmation with the invite, the tutor's email
 *   (invite too) and text;
 * - receipts: every succeeded charge (booking, weekly, overtime), and every recorded refund;
 * - cancellations: a told booking that is now canceled → METHOD:CANCEL to the customer and, for a
 *   skip or a canceled subscription, the tutor is told (the skip dialog's promise);
 * - moves: a meeting whose calendar SEQUENCE is above the last one told → the updated invite;
 * - reminders 24 hours and 1 hour before, and the tutors' daily digest of missing summaries.
 *
 * Each step takes its rows FOR UPDATE SKIP LOCKED and, in the same transaction, queues the
 * messages and marks the rows told (payments.notified_*, meetings.notified_sequence), so two
 * instances never plan one event twice and a crash plans it again from scratch. Reminders and
 * digests have no row to mark: their dedupe key (meeting, start, person) makes them once each.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { TZDate } from '@date-fns/tz';
import { site } from '../../src/config/site.ts';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { fromNow, now, nowMs } from '../clock.ts';
import { BOOKED_STATUSES } from '../domain/booked.ts';
import { keyedHash } from '../domain/keyed-hash.ts';
import { invite } from './calendar.ts';
import { inOrder, meetingFacts } from './meeting-details.ts';
import { enqueue, type QueuedMessage } from './queue.ts';
import {
  bookingConfirmation,
  type CancelCause,
  cardDigits,
  chargeReceipt,
  overtimeReceipt,
  customerCancellation,
  customerReminder,
  customerReminderText,
  type Links,
  linksFor,
  type MeetingFacts,
  meetingMoved,
  refundReceipt,
  type ReminderLead,
  summaryDigest,
  tutorBookingNotice,
  tutorCancellationNotice,
  tutorReminder,
} from './templates.ts';

type Trx = Transaction<Database>;
const BATCH = 50;
const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

/** Gives each message of one event its dedupe key: the event's key and the message's place in it. */
function withKeys(eventKey: string, messages: (QueuedMessage | Omit<QueuedMessage, 'key'>)[]): QueuedMessage[] {
  return messages.map((message, index) => ({ ...message, key: `${eventKey}:${index}` }));
}

interface CustomerFacts {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  payment_method_label: string | null;
  text_reminders: boolean;
}

export async function customersById(trx: Kysely<Database>, ids: number[]): Promise<Map<number, CustomerFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom('customers')
    .select(['id', 'firstname', 'lastname', 'email', 'phone', 'payment_method_label', 'text_reminders'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export const fullName = (c: { firstname: string; lastname: string }) => `${c.firstname} ${c.lastname}`.trim();
/** A customer as an attendee of a calendar invite. */
export const attendee = (c: { firstname: string; lastname: string; email: string }) => ({ name: fullName(c), email: c.email });

/** Paid checkouts not yet confirmed: the customer's confirmation and the tutor's notice, with invites. */
async function planBookings(trx: Trx, links: Links): Promise<number> {
  const paid = await trx
    .selectFrom('payments')
    .select(['id', 'customer_id', 'meeting_id', 'subscription_id'])
    .where('notified_booking', '=', false)
    .where('checkout', 'is not', null)
    .where('is_incremental', '=', false)
    .where('payment_status', '=', 'succeeded')
    .orderBy('id')
    .limit(BATCH)
    .forUpdate()
    .skipLocked()
    .execute();
  if (paid.length === 0) return 0;
  const customers = await customersById(trx, paid.map((p) => p.customer_id));
  let queued = 0;
  for (const payment of paid) {
    // A weekly booking's weeks are marked with it. Its subscription row is taken first, as a
    // subscription's cancel takes it before the weeks: a cancel under way holds it, and this
    // booking waits for the next run instead of the two waiting on each other's rows.
    if (payment.subscription_id !== null) {
      const free = await trx.selectFrom('subscriptions').select('id').where('id', '=', payment.subscription_id).forUpdate().skipLocked().executeTakeFirst();
      if (!free) continue;
    }
    // A weekly booking is told once, for every week its checkout booked.
    const weeks =
      payment.subscription_id === null
        ? [{ id: payment.id, meeting_id: payment.meeting_id }]
        : await trx
            .selectFrom('payments')
            .select(['id', 'meeting_id'])
            .where('subscription_id', '=', payment.subscription_id)
            .where('customer_id', '=', payment.customer_id)
            .where('is_incremental', '=', false)
            .where('payment_status', 'in', BOOKED_STATUSES)
            // A week a skip holds right now is being canceled: left out, never waited for.
            .forUpdate()
            .skipLocked()
            .execute();
    const facts = await meetingFacts(trx, weeks.map((w) => w.meeting_id));
    const meetings = inOrder(facts, weeks.map((w) => w.meeting_id));
    const customer = customers.get(payment.customer_id)!;
    if (meetings.length > 0) {
      const weekly = payment.subscription_id !== null;
      const entries = meetings.map((meeting) => ({ meeting, attendees: [attendee(customer)] }));
      queued += await enqueue(
        trx,
        withKeys(`booked:${payment.id}`, [
          bookingConfirmation(links, customer, meetings, weekly, invite(entries, 'REQUEST', links.siteUrl)),
          ...tutorBookingNotice(links, fullName(customer), meetings, weekly, invite(entries, 'REQUEST', links.siteUrl)),
        ]),
      );
    }
    await trx.updateTable('payments').set({ notified_booking: true }).where('id', 'in', [payment.id, ...weeks.map((w) => w.id)]).execute();
  }
  return queued;
}

/** Every succeeded charge gets a receipt: a checkout, a week of a subscription, overtime. */
async function planReceipts(trx: Trx, links: Links): Promise<number> {
  const charged = await trx
    .selectFrom('payments')
    .select(['id', 'customer_id', 'meeting_id', 'amount_cents', 'checkout', 'is_incremental', 'entered_by'])
    .where('notified_receipt', '=', false)
    .where('payment_status', '=', 'succeeded')
    .orderBy('id')
    .limit(BATCH)
    .forUpdate()
    .skipLocked()
    .execute();
  // Overtime receipts name who entered the extra time.
  const enteredBy = charged.flatMap((p) => (p.entered_by === null ? [] : [p.entered_by]));
  const staff = enteredBy.length === 0 ? [] : await trx.selectFrom('tutors').select(['id', 'name']).where('id', 'in', enteredBy).execute();
  return tellPayments(trx, charged, 'notified_receipt', async (payment, customer, meeting) => {
    if (payment.amount_cents <= 0) return [];
    const card = cardDigits(customer.payment_method_label);
    const receipt = payment.is_incremental
      ? overtimeReceipt(links, customer, meeting, payment.amount_cents, card, payment.id, staff.find((t) => t.id === payment.entered_by)?.name ?? meeting.tutor.name)
      : chargeReceipt(links, customer, meeting, payment.checkout !== null ? 'booking' : 'weekly', payment.amount_cents, card, payment.id);
    return [{ ...receipt, key: `receipt:${payment.id}` }];
  });
}

/** Every refund the provider confirmed (payments.refunded_at) gets a receipt. */
async function planRefunds(trx: Trx, links: Links): Promise<number> {
  const refunded = await trx
    .selectFrom('payments')
    .select(['id', 'customer_id', 'meeting_id', 'amount_cents'])
    .where('notified_refund', '=', false)
    .where('refunded_at', 'is not', null)
    .orderBy('id')
    .limit(BATCH)
    .forUpdate()
    .skipLocked()
    .execute();
  return tellPayments(trx, refunded, 'notified_refund', async (payment, customer, meeting) => [
    { ...refundReceipt(links, customer, meeting, payment.amount_cents, cardDigits(customer.payment_method_label), payment.id), key: `refund:${payment.id}` },
  ]);
}

/** Queues one event's messages per payment, then marks the payments told. */
async function tellPayments<P extends { id: number; customer_id: number; meeting_id: number }>(
  trx: Trx,
  payments: P[],
  flag: 'notified_receipt' | 'notified_refund',
  messages: (payment: P, customer: CustomerFacts, meeting: MeetingFacts) => Promise<QueuedMessage[]>,
): Promise<number> {
  if (payments.length === 0) return 0;
  const customers = await customersById(trx, payments.map((p) => p.customer_id));
  const facts = await meetingFacts(trx, payments.map((p) => p.meeting_id));
  let queued = 0;
  for (const payment of payments) {
    const meeting = facts.get(payment.meeting_id);
    if (meeting) queued += await enqueue(trx, await messages(payment, customers.get(payment.customer_id)!, meeting));
  }
  await trx.updateTable('payments').set({ [flag]: true }).where('id', 'in', payments.map((p) => p.id)).execute();
  return queued;
}

/**
 * Bookings that are canceled now: the customer's calendar entries are removed (CANCEL) and,
 * when the student skipped or ended the subscription, the tutor is told; when the tutor canceled,
 * only the students are told. One message per customer and cause, however many weeks it covers.
 */
function canceledPayments(trx: Trx) {
  return trx
    .selectFrom('payments as p')
    .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
    .leftJoin('subscriptions as s', 's.id', 'p.subscription_id')
    .select(['p.id', 'p.customer_id', 'p.meeting_id', 'p.subscription_id', 'p.refund_pending', 'p.refunded_at', 'm.canceled as meeting_canceled', 's.status as subscription_status'])
    .where('p.notified_cancel', '=', false)
    // A booking canceled before its confirmation went out is still told: the customer paid.
    .where('p.is_incremental', '=', false)
    .where('p.payment_status', '=', 'canceled')
    .orderBy('p.id');
}

async function planCancellations(trx: Trx, links: Links): Promise<number> {
  return tellCancellations(trx, links, await canceledPayments(trx).limit(BATCH).forUpdate('p').skipLocked().execute());
}

/**
 * A student's skip or canceled subscription, queued by the change itself after its payments are
 * canceled and before their seats are released (a freed meeting loses its course and place, which
 * the messages name). The planner's scan is the fallback for any other path.
 */
export async function queueCancelNotices(trx: Trx, paymentIds: number[], siteUrl: string): Promise<number> {
  if (paymentIds.length === 0) return 0;
  return tellCancellations(trx, linksFor(siteUrl), await canceledPayments(trx).where('p.id', 'in', paymentIds).execute());
}

async function tellCancellations(trx: Trx, links: Links, canceled: Awaited<ReturnType<ReturnType<typeof canceledPayments>['execute']>>): Promise<number> {
  if (canceled.length === 0) return 0;
  const causeOf = (p: (typeof canceled)[number]): CancelCause =>
    p.meeting_canceled ? 'tutor-canceled' : p.subscription_id !== null && p.subscription_status === 'canceled' ? 'subscription-canceled' : 'skipped';
  const groups = new Map<string, typeof canceled>();
  for (const payment of canceled) {
    const cause = causeOf(payment);
    // A skip or a tutor's cancel is one meeting; a canceled subscription is all its weeks at once.
    const key = cause === 'subscription-canceled' ? `${cause}:${payment.customer_id}:${payment.subscription_id}` : `${cause}:${payment.id}`;
    groups.set(key, [...(groups.get(key) ?? []), payment]);
  }
  const customers = await customersById(trx, canceled.map((p) => p.customer_id));
  const facts = await meetingFacts(trx, canceled.map((p) => p.meeting_id));
  let queued = 0;
  for (const [groupKey, payments] of groups) {
    const cause = causeOf(payments[0]!);
    const customer = customers.get(payments[0]!.customer_id)!;
    const meetings = inOrder(facts, payments.map((p) => p.meeting_id));
    if (meetings.length === 0) continue;
    const refunded = payments.some((p) => p.refund_pending || p.refunded_at !== null);
    const entries = meetings.map((meeting) => ({ meeting, attendees: [attendee(customer)] }));
    const messages: Omit<QueuedMessage, 'key'>[] = [customerCancellation(links, customer, meetings, cause, refunded, invite(entries, 'CANCEL', links.siteUrl))];
    if (cause !== 'tutor-canceled') {
      // The tutor's entry goes only when nobody else is still booked on the meeting.
      const stillBooked = await trx
        .selectFrom('payments')
        .select('meeting_id')
        .where('meeting_id', 'in', meetings.map((m) => m.id))
        .where('is_incremental', '=', false)
        .where('payment_status', 'in', BOOKED_STATUSES)
        .execute();
      const emptied = entries.filter((e) => !stillBooked.some((b) => b.meeting_id === e.meeting.id));
      messages.push(...tutorCancellationNotice(links, fullName(customer), meetings, cause, emptied.length > 0 ? invite(emptied, 'CANCEL', links.siteUrl) : undefined));
    }
    queued += await enqueue(trx, withKeys(`canceled:${groupKey}:${payments.map((p) => p.id).join('-')}`, messages));
  }
  // Told of the cancel, it is never confirmed afterwards.
  await trx.updateTable('payments').set({ notified_cancel: true, notified_booking: true }).where('id', 'in', canceled.map((p) => p.id)).execute();
  return queued;
}

/**
 * A tutor cancels a meeting: queued inside the cancel's own transaction, before the meeting loses
 * its course and place, to each customer told of the booking; their payments are marked told, so
 * planCancellations leaves them alone. A charged booking is refunded by the cancel.
 */
export async function queueTutorCancelNotices(trx: Trx, meetingId: number, siteUrl: string): Promise<number> {
  const links = linksFor(siteUrl);
  const booked = await trx
    .selectFrom('payments')
    .select(['id', 'customer_id', 'payment_status', 'provider_intent_id'])
    .where('meeting_id', '=', meetingId)
    .where('is_incremental', '=', false)
    .where('notified_cancel', '=', false)
    // A paid booking whose confirmation had not gone out yet is told too (and never confirmed later).
    .where((eb) => eb.or([eb('payment_status', 'in', BOOKED_STATUSES), eb.and([eb('notified_booking', '=', true), eb('payment_status', 'in', ['requires_action', 'requires_payment_method'])])]))
    .execute();
  if (booked.length === 0) return 0;
  const meeting = (await meetingFacts(trx, [meetingId])).get(meetingId)!;
  const customers = await customersById(trx, booked.map((p) => p.customer_id));
  const messages = booked.map((payment) => {
    const customer = customers.get(payment.customer_id)!;
    const refunded = payment.payment_status === 'succeeded' && payment.provider_intent_id !== null;
    const calendar = invite([{ meeting, attendees: [attendee(customer)] }], 'CANCEL', links.siteUrl);
    return { ...customerCancellation(links, customer, [meeting], 'tutor-canceled', refunded, calendar), key: `canceled:tutor-canceled:${payment.id}:0` };
  });
  await trx.updateTable('payments').set({ notified_cancel: true, notified_booking: true }).where('id', 'in', booked.map((p) => p.id)).execute();
  return enqueue(trx, messages);
}

/** Meetings moved since their last invite: the updated entry (same UID, higher SEQUENCE) to everyone on it. */
async function planMoves(trx: Trx, links: Links): Promise<number> {
  const moved = await trx
    .selectFrom('meetings')
    .select(['id', 'calendar_sequence', 'moved_from'])
    .whereRef('calendar_sequence', '>', 'notified_sequence')
    .where('canceled', '=', false)
    .orderBy('id')
    .limit(BATCH)
    .forUpdate()
    .skipLocked()
    .execute();
  if (moved.length === 0) return 0;
  const facts = await meetingFacts(trx, moved.map((m) => m.id));
  let queued = 0;
  for (const row of moved) {
    const meeting = facts.get(row.id)!;
    const booked = await trx
      .selectFrom('payments')
      .select('customer_id')
      .distinct()
      .where('meeting_id', '=', row.id)
      .where('is_incremental', '=', false)
      .where('notified_booking', '=', true)
      .where('payment_status', 'in', BOOKED_STATUSES)
      .execute();
    if (booked.length > 0) {
      const customers = [...(await customersById(trx, booked.map((b) => b.customer_id))).values()];
      const attendees = customers.map(attendee);
      const previous = row.moved_from ? new Date(row.moved_from) : null;
      const messages = [
        ...customers.map((c) => meetingMoved(links, c, meeting, previous, invite([{ meeting, attendees: [attendee(c)] }], 'REQUEST', links.siteUrl))),
        meetingMoved(links, { firstname: meeting.tutor.name, email: meeting.tutor.email }, meeting, previous, invite([{ meeting, attendees }], 'REQUEST', links.siteUrl), true),
      ];
      queued += await enqueue(trx, withKeys(`moved:${row.id}:${row.calendar_sequence}`, messages));
    }
    await trx.updateTable('meetings').set({ notified_sequence: row.calendar_sequence }).where('id', '=', row.id).execute();
  }
  return queued;
}

/** Plans everything a change can owe; returns how many messages it queued. */
export async function planChangeMessages(db: Db, siteUrl: string): Promise<number> {
  const links = linksFor(siteUrl);
  let queued = 0;
  for (const step of [planBookings, planReceipts, planRefunds, planCancellations, planMoves]) {
    queued += await db.transaction().execute((trx) => step(trx, links));
  }
  return queued;
}

// ---- reminders and digests ---------------------------------------------------------------------

const LEADS: { lead: ReminderLead; ms: number; until: number }[] = [
  // Sent from 24 hours before until 2 hours before (after that, the 1-hour one comes instead).
  { lead: '24h', ms: 24 * 3600_000, until: 2 * 3600_000 },
  { lead: '1h', ms: 3600_000, until: 0 },
];

/** The one-click link in each reminder text that turns them off (notify routes check its signature). */
export async function textOptOutUrl(db: Db, siteUrl: string, customerId: number): Promise<string> {
  return `${siteUrl}/texts/stop?c=${customerId}&s=${await textOptOutSignature(db, customerId)}`;
}

export async function textOptOutSignature(db: Db, customerId: number): Promise<string> {
  return (await keyedHash(db, `text-reminders:${customerId}`)).slice(0, 24);
}

/**
 * Reminders due now: for each booked meeting starting within a lead (and not past its `until`),
 * to each customer booked before the reminder's time (email; text when they kept texts on) and
 * its tutor (email and text). The key holds the meeting's start, so a moved meeting is reminded
 * at its new time and a skipped or canceled one (no booked payment) is not.
 */
export async function planReminders(db: Db, siteUrl: string): Promise<number> {
  const links = linksFor(siteUrl);
  let queued = 0;
  for (const { lead, ms, until } of LEADS) {
    const due = await db
      .selectFrom('payments as p')
      .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
      .select(['p.customer_id', 'm.id as meeting_id', 'm.occurrence'])
      .distinct()
      .where('m.canceled', '=', false)
      .where('m.occurrence', '>', fromNow(until))
      .where('m.occurrence', '<=', fromNow(ms))
      .where('p.is_incremental', '=', false)
      .where('p.payment_status', 'in', BOOKED_STATUSES)
      // Booked after the reminder's time: the confirmation just said it all.
      .where(sql<boolean>`p.inserted_at <= m.occurrence - ${sql.lit(`${ms / 1000} seconds`)}::interval`)
      .execute();
    if (due.length === 0) continue;
    const facts = await meetingFacts(db, due.map((d) => d.meeting_id));
    const customers = await customersById(db, due.map((d) => d.customer_id));
    const messages: QueuedMessage[] = [];
    const studentsOf = new Map<number, string[]>();
    for (const row of due) {
      const meeting = facts.get(row.meeting_id)!;
      const customer = customers.get(row.customer_id)!;
      const key = `reminder:${lead}:${row.meeting_id}:${epoch(meeting.start)}:c${row.customer_id}`;
      messages.push({ ...customerReminder(links, customer, meeting, lead), key: `${key}:email` });
      if (customer.text_reminders) messages.push({ ...customerReminderText(customer, meeting, lead, await textOptOutUrl(db, siteUrl, customer.id)), key: `${key}:text` });
      studentsOf.set(row.meeting_id, [...(studentsOf.get(row.meeting_id) ?? []), customer.firstname]);
    }
    for (const [meetingId, students] of studentsOf) {
      const meeting = facts.get(meetingId)!;
      messages.push(...withKeys(`reminder:${lead}:${meetingId}:${epoch(meeting.start)}:t${meeting.tutor.id}`, tutorReminder(links, meeting, students, lead)));
    }
    queued += await enqueue(db, messages);
  }
  return queued;
}

/** The local hour from which the day's digest goes out (site's zone): after the day's meetings. */
export const DIGEST_HOUR = 18;
/** How far back a meeting without a summary is still listed. */
const DIGEST_DAYS = 14;

/**
 * Once a day (from DIGEST_HOUR in the site's zone), each tutor with booked meetings of the last two
 * weeks that ended without a summary gets one email listing them (key: tutor and local date).
 */
export async function planSummaryDigests(db: Db, siteUrl: string): Promise<number> {
  const local = new TZDate(nowMs(), site.timeZone);
  if (local.getHours() < DIGEST_HOUR) return 0;
  const date = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
  const missing = await db
    .selectFrom('meetings as m')
    .select(['m.id', 'm.tutor_id'])
    .where('m.canceled', '=', false)
    .where('m.notes', '=', '')
    .where('m.occurrence', '>', fromNow(-DIGEST_DAYS * 24 * 3600_000))
    .where(sql<boolean>`m.occurrence + m.duration_mins * interval '1 minute' <= ${now()}`)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('payments as p').select('p.id').whereRef('p.meeting_id', '=', 'm.id').where('p.is_incremental', '=', false).where('p.payment_status', 'in', BOOKED_STATUSES)),
    )
    .orderBy('m.occurrence')
    .execute();
  if (missing.length === 0) return 0;
  const facts = await meetingFacts(db, missing.map((m) => m.id));
  const byTutor = new Map<number, number[]>();
  for (const row of missing) byTutor.set(row.tutor_id, [...(byTutor.get(row.tutor_id) ?? []), row.id]);
  const links = linksFor(siteUrl);
  const messages: QueuedMessage[] = [];
  for (const [tutorId, ids] of byTutor) {
    const meetings = inOrder(facts, ids);
    messages.push({ ...summaryDigest(links, meetings[0]!.tutor, meetings), key: `digest:${tutorId}:${date}` });
  }
  return enqueue(db, messages);
}

