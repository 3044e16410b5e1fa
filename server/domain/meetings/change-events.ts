/**
 * The events of changes someone must be told of (server/events/kinds.ts), each read and recorded
 * inside the change's own transaction, so it commits with the change or not at all, and carries the
 * facts as they were then: a canceled meeting's course and place are read before the cancel clears
 * them, a re-assigned meeting's old tutor before it moves. The messages come from the events
 * (server/notify), never from here.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { BookingCanceled, CustomerFacts, MeetingFacts } from '../../events/kinds.ts';
import { recordEvent } from '../../events/record.ts';
import { BOOKED_STATUSES } from '../booking/booked.ts';
import { HOURS_PROVIDER } from '../credits/ledger.ts';
import { inOrder, meetingFacts } from './meeting-facts.ts';

type Trx = Kysely<Database>;

/** The last four digits of a card label such as 'Visa ending in 4242' (null when it has none). */
export function cardDigits(label: string | null): string | null {
  return label?.match(/(\d{4})\s*$/)?.[1] ?? null;
}

export async function customerFacts(trx: Trx, ids: number[]): Promise<Map<number, CustomerFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom('customers')
    .select(['id', 'firstname', 'lastname', 'email', 'phone', 'payment_method_label'])
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id')
    .execute();
  return new Map(rows.map(({ payment_method_label, ...row }) => [row.id, { ...row, card: cardDigits(payment_method_label) }]));
}

const paymentRow = (trx: Trx, paymentId: number) =>
  trx
    .selectFrom('payments')
    .select(['id', 'customer_id', 'meeting_id', 'subscription_id', 'amount_cents', 'checkout', 'is_incremental', 'entered_by'])
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow();

/** A payment of a meeting (a package's payment has none, and its events are its own: credits/). */
async function meetingPaymentRow(trx: Trx, paymentId: number) {
  const payment = await paymentRow(trx, paymentId);
  return payment.meeting_id === null ? null : { ...payment, meeting_id: payment.meeting_id };
}

/** A charge went through (a checkout, a week, overtime): its receipt. Read after the card on file was kept. */
export async function recordPaymentSucceeded(trx: Trx, paymentId: number): Promise<void> {
  const payment = await meetingPaymentRow(trx, paymentId);
  if (!payment) return;
  const meeting = (await meetingFacts(trx, [payment.meeting_id])).get(payment.meeting_id);
  if (!meeting) return;
  const customer = (await customerFacts(trx, [payment.customer_id])).get(payment.customer_id)!;
  const enteredBy = payment.entered_by === null ? null : ((await trx.selectFrom('tutors').select('name').where('id', '=', payment.entered_by).executeTakeFirst())?.name ?? null);
  await recordEvent(trx, {
    kind: 'PaymentSucceeded',
    paymentId,
    customer,
    meeting,
    amountCents: payment.amount_cents,
    charge: payment.is_incremental ? 'overtime' : payment.checkout !== null ? 'booking' : 'weekly',
    enteredBy,
  });
}

/** A checkout was paid: the booking, with every week a weekly checkout booked (in start order). */
export async function recordBooked(trx: Trx, paymentId: number): Promise<void> {
  const payment = await meetingPaymentRow(trx, paymentId);
  if (!payment) return;
  const ids =
    payment.subscription_id === null
      ? [payment.meeting_id]
      : (
          await trx
            .selectFrom('payments')
            .select('meeting_id')
            .where('subscription_id', '=', payment.subscription_id)
            .where('customer_id', '=', payment.customer_id)
            .where('is_incremental', '=', false)
            .where('payment_status', 'in', BOOKED_STATUSES)
            .$narrowType<{ meeting_id: number }>()
            .execute()
        ).map((week) => week.meeting_id);
  const meetings = inOrder(await meetingFacts(trx, ids), ids);
  if (meetings.length === 0) return;
  const customer = (await customerFacts(trx, [payment.customer_id])).get(payment.customer_id)!;
  await recordEvent(trx, { kind: 'MeetingBooked', paymentId, customer, weekly: payment.subscription_id !== null, meetings });
}

/** The provider confirmed a refund: its receipt. */
export async function recordRefunded(trx: Trx, paymentId: number): Promise<void> {
  const payment = await meetingPaymentRow(trx, paymentId);
  if (!payment) return;
  const meeting = (await meetingFacts(trx, [payment.meeting_id])).get(payment.meeting_id);
  if (!meeting) return;
  const customer = (await customerFacts(trx, [payment.customer_id])).get(payment.customer_id)!;
  await recordEvent(trx, { kind: 'PaymentRefunded', paymentId, customer, meeting, amountCents: payment.amount_cents });
}

/**
 * A student skipped a meeting or ended a subscription: recorded after the payments are canceled and
 * before the seats are released (a freed meeting loses its course and place, which the messages
 * name). One event for all the weeks of a subscription.
 */
export async function recordStudentCancel(trx: Trx, paymentIds: number[], cause: BookingCanceled['cause']): Promise<void> {
  if (paymentIds.length === 0) return;
  const payments = await trx.selectFrom('payments').select(['id', 'customer_id', 'meeting_id', 'refund_pending', 'refunded_at']).where('id', 'in', paymentIds).$narrowType<{ meeting_id: number }>().execute();
  const ids = payments.map((p) => p.meeting_id);
  const meetings = inOrder(await meetingFacts(trx, ids), ids);
  if (meetings.length === 0) return;
  const customerId = payments[0]!.customer_id;
  // The tutor's entry goes only when nobody else is still booked on the meeting.
  const stillBooked = await trx
    .selectFrom('payments')
    .select('meeting_id')
    .where('meeting_id', 'in', ids)
    .where('is_incremental', '=', false)
    .where('payment_status', 'in', BOOKED_STATUSES)
    .execute();
  await recordEvent(trx, {
    kind: 'BookingCanceled',
    cause,
    paymentIds: payments.map((p) => p.id).sort((a, b) => a - b),
    customer: (await customerFacts(trx, [customerId])).get(customerId)!,
    meetings,
    refunded: payments.some((p) => p.refund_pending || p.refunded_at !== null),
    // Paid with hours: their return is written before this (ledger.ts returnHoursOf).
    hoursBack: (await trx.selectFrom('credit_entries').select('id').where('payment_id', 'in', paymentIds).where('kind', '=', 'return').executeTakeFirst()) !== undefined,
    emptied: meetings.filter((m) => !stillBooked.some((b) => b.meeting_id === m.id)).map((m) => m.id),
  });
}

/**
 * Staff cancel a meeting: recorded before its payments change and it loses its course and place,
 * naming each customer booked on it (a week of a subscription whose charge waits for another try
 * too: its booking was told) and whether their charge is refunded.
 */
export async function recordMeetingCanceled(trx: Trx, meetingId: number): Promise<void> {
  const booked = await trx
    .selectFrom('payments')
    .select(['id', 'customer_id', 'payment_status', 'provider_intent_id', 'provider'])
    .where('meeting_id', '=', meetingId)
    .where('is_incremental', '=', false)
    .where((eb) =>
      eb.or([
        eb('payment_status', 'in', BOOKED_STATUSES),
        eb.and([eb('checkout', 'is', null), eb('subscription_id', 'is not', null), eb('payment_status', 'in', ['requires_action', 'requires_payment_method'])]),
      ]),
    )
    .orderBy('id')
    .execute();
  if (booked.length === 0) return;
  const meeting = (await meetingFacts(trx, [meetingId])).get(meetingId)!;
  const customers = await customerFacts(trx, booked.map((p) => p.customer_id));
  await recordEvent(trx, {
    kind: 'MeetingCanceled',
    meeting,
    bookings: booked.map((p) => ({
      paymentId: p.id,
      customer: customers.get(p.customer_id)!,
      refunded: p.payment_status === 'succeeded' && p.provider_intent_id !== null,
      // Paid with an hour of a package: the cancel gives it back (ledger.ts returnHoursOf).
      hoursBack: p.payment_status === 'succeeded' && p.provider === HOURS_PROVIDER,
    })),
  });
}

/** Customers booked on meetings (live, non-overtime payments), by meeting. */
async function bookedOn(trx: Trx, meetingIds: number[]) {
  return trx
    .selectFrom('payments')
    .select(['customer_id', 'meeting_id'])
    .distinct()
    .where('meeting_id', 'in', meetingIds)
    .where('is_incremental', '=', false)
    .where('payment_status', 'in', BOOKED_STATUSES)
    .orderBy('customer_id')
    .$narrowType<{ meeting_id: number }>()
    .execute();
}

/** A meeting moved (after the move is written): the updated entry to everyone booked on it. */
export async function recordMoved(trx: Trx, meetingId: number, previousStart: Date): Promise<void> {
  const booked = await bookedOn(trx, [meetingId]);
  if (booked.length === 0) return;
  const meeting = (await meetingFacts(trx, [meetingId])).get(meetingId)!;
  const customers = await customerFacts(trx, booked.map((b) => b.customer_id));
  await recordEvent(trx, { kind: 'MeetingMoved', meeting, previousStart, customers: [...customers.values()] });
}

export interface ReassignChange {
  meetingIds: number[];
  /** The meetings as they were (read before the change). */
  before: Map<number, MeetingFacts>;
  /** Where a meeting was before this change, for those it moved. */
  previousStarts: Map<number, Date>;
  previousTutor: string;
  series: boolean;
}

/** Meetings went to another tutor (after the change is written): the booked ones' customers and both tutors. */
export async function recordReassigned(trx: Trx, change: ReassignChange): Promise<void> {
  const booked = await bookedOn(trx, change.meetingIds);
  if (booked.length === 0) return;
  const bookedIds = [...new Set(booked.map((b) => b.meeting_id))];
  const customers = await customerFacts(trx, booked.map((b) => b.customer_id));
  await recordEvent(trx, {
    kind: 'Reassigned',
    meetings: inOrder(await meetingFacts(trx, change.meetingIds), bookedIds),
    before: inOrder(change.before, bookedIds),
    previousTutor: change.previousTutor,
    previousStarts: [...change.previousStarts].map(([meetingId, start]) => ({ meetingId, start })),
    series: change.series,
    bookings: [...customers.values()].map((customer) => ({ customer, meetingIds: booked.filter((b) => b.customer_id === customer.id).map((b) => b.meeting_id) })),
  });
}
