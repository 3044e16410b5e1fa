import type { Transaction } from 'kysely';
import type { Meeting, OvertimePreview } from '../../../src/contract/entities.ts';
import { now, nowMs } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { cardDigits, recordPaymentSucceeded } from '../meetings/change-events.ts';
import type { SavedCardResult } from '../../payments/provider.ts';
import { lockTutorCalendar, refuseOverlap } from '../booking/availability.ts';
import { BOOKED_STATUSES } from '../booking/booked.ts';
import { type MeetingServices, meetingOwner, meetingView, refuseBy, sendRefunds, type Staff, staffMeeting } from '../meetings/meeting-changes.ts';
import { durationRefusal } from '../meetings/meeting-rules.ts';
import { chargeAnswerEvent, INITIAL_STATUS, movePayments, type PaymentStatus } from './payment-lifecycle.ts';
import { billableOvertimeMinutes, overtimeCents } from '../meetings/overtime.ts';
import { recordDurationChange } from '../pay/paid-time.ts';
import { Refusal } from '../refusal.ts';
import { HOURS_PROVIDER, hoursLeftOfSize, lotToDraw, recordUse, returnHoursOf } from '../credits/ledger.ts';

type Trx = Transaction<Database>;

/**
 * Overtime payments that count as billed: paid, settling, waiting for the customer (3-D Secure),
 * or refunded by a supervisor (entering the same time again must not charge it again).
 */
const BILLED_STATUSES: PaymentStatus[] = ['succeeded', 'processing', 'requires_action'];

/**
 * What a duration would charge one attendee: the minutes not billed yet, at their hourly price; for
 * a session booked with an hour of a package, in whole hours, as many as they have left of the
 * session's size taken from their packages (`hours`) and the rest charged to the card.
 */
export interface OvertimeCharge {
  customerId: number;
  minutes: number;
  /** Whole hours taken from the customer's packages (0 for a session paid by card). */
  hours: number;
  /** What the card is charged: the minutes not paid with hours. */
  amountCents: number;
  /** The session's size (the hours' size). */
  capacity: number;
  /** What an hour of the booking cost (hourlyCents). */
  hourlyCents: number;
}

/**
 * The charges a duration of `durationMins` adds, one per attendee holding a paid seat: the extra
 * time rounded as spec 2 §9 says (overtime.ts), minus what was billed already.
 */
async function chargesFor(trx: Trx, meetingId: number, durationMins: number): Promise<OvertimeCharge[]> {
  if (billableOvertimeMinutes(durationMins) === 0) return [];
  const { capacity } = await trx.selectFrom('meetings').select('capacity').where('id', '=', meetingId).executeTakeFirstOrThrow();
  const seats = await trx.selectFrom('reservations').select('customer_id').where('meeting_id', '=', meetingId).where('status', '=', 'confirmed').orderBy('customer_id').execute();
  const charges: OvertimeCharge[] = [];
  for (const { customer_id: customerId } of seats) {
    const previous = await trx
      .selectFrom('payments')
      .select(['id', 'is_incremental', 'minutes_paid', 'amount_cents', 'payment_status', 'refunded_by', 'provider'])
      .where('meeting_id', '=', meetingId)
      .where('customer_id', '=', customerId)
      .execute();
    const booking = previous.find((p) => !p.is_incremental && BOOKED_STATUSES.includes(p.payment_status));
    if (!booking) continue;
    const byHours = booking.provider === HOURS_PROVIDER;
    const billed = previous
      .filter((p) => p.is_incremental && (BILLED_STATUSES.includes(p.payment_status) || p.refunded_by !== null))
      .reduce((sum, p) => sum + p.minutes_paid, 0);
    const minutes = billableOvertimeMinutes(durationMins, byHours) - billed;
    if (minutes <= 0) continue;
    const hours = byHours ? Math.min(Math.floor(minutes / 60), await hoursLeftOfSize(trx, customerId, capacity)) : 0;
    const hourly = await hourlyCents(trx, booking);
    charges.push({ customerId, minutes, hours, capacity, hourlyCents: hourly, amountCents: overtimeCents(hourly, minutes - hours * 60) });
  }
  return charges;
}

/**
 * Overtime of a session booked with an hour of a package, paid with the customer's hours: one
 * incremental payment per hour (60 minutes, paid as written, no provider) with its use in the
 * ledger, oldest purchase first, the customer's row locked after the meeting (ledger.ts). Returns
 * the hours taken: fewer than planned when they were spent since the preview.
 */
async function drawOvertimeHours(trx: Trx, staff: Staff, meetingId: number, charge: OvertimeCharge): Promise<number> {
  for (let drawn = 0; drawn < charge.hours; drawn++) {
    const lotId = await lotToDraw(trx, charge.customerId, charge.capacity).catch((error: unknown) => {
      if (error instanceof Refusal && error.type === 'NoCredits') return null;
      throw error;
    });
    if (lotId === null) return drawn;
    const payment = await trx
      .insertInto('payments')
      .values({
        customer_id: charge.customerId,
        meeting_id: meetingId,
        is_incremental: true,
        minutes_paid: 60,
        amount_cents: 0,
        payment_status: INITIAL_STATUS.paidWithHours,
        provider: HOURS_PROVIDER,
        entered_by: staff.tutorId,
        inserted_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordUse(trx, { customerId: charge.customerId, lotId, meetingId, paymentId: payment.id });
  }
  return charge.hours;
}

/**
 * What an hour of the booking cost: its payment's amount, or for a session booked with an hour of a
 * package (its payment is 0 cents: the money was the package's), the package's price per paid hour,
 * so that its overtime is never free once the customer's hours of its size have run out.
 */
async function hourlyCents(trx: Trx, booking: { id: number; amount_cents: number; provider: string }): Promise<number> {
  if (booking.provider !== HOURS_PROVIDER) return booking.amount_cents;
  const lot = await trx
    .selectFrom('credit_entries as u')
    .innerJoin('credit_lots as l', 'l.id', 'u.lot_id')
    .select(['l.price_cents', 'l.paid_hours'])
    .where('u.payment_id', '=', booking.id)
    .where('u.kind', '=', 'use')
    .executeTakeFirstOrThrow();
  return Math.round(lot.price_cents / Math.max(lot.paid_hours, 1));
}

/** Checks a duration against the rules and the tutor's next meeting, in a transaction holding the meeting. */
async function checkDuration(trx: Trx, staff: Staff, tutorId: number, meetingId: number, durationMins: number) {
  await lockTutorCalendar(trx, tutorId);
  const meeting = await staffMeeting(trx, staff, meetingId);
  refuseBy(durationRefusal({ startMs: new Date(meeting.occurrence).getTime(), durationMins: meeting.duration_mins }, durationMins, nowMs()));
  await refuseOverlap(trx, tutorId, [{ start: new Date(meeting.occurrence), minutes: durationMins }], meetingId);
}

/**
 * The charges entering this duration would make, with each customer's name and card, so the edit
 * dialog can ask 'Charge … ?' before anything is charged. Refused exactly as the entry would be.
 */
export async function previewDuration(services: MeetingServices, staff: Staff, meetingId: number, durationMins: number): Promise<OvertimePreview> {
  const { db } = services;
  const tutorId = await meetingOwner(db, staff, meetingId);
  const charges = await db.transaction().execute(async (trx) => {
    await checkDuration(trx, staff, tutorId, meetingId, durationMins);
    return chargesFor(trx, meetingId, durationMins);
  });
  const ids = charges.map((charge) => charge.customerId);
  const customers = ids.length === 0 ? [] : await db.selectFrom('customers').select(['id', 'firstname', 'lastname', 'payment_method_label']).where('id', 'in', ids).execute();
  return {
    duration_mins: durationMins,
    charges: charges.map((charge) => {
      const customer = customers.find((c) => c.id === charge.customerId)!;
      return {
        customer: { id: customer.id, firstname: customer.firstname, lastname: customer.lastname },
        minutes: charge.minutes,
        hours: charge.hours,
        amount_cents: charge.amountCents,
        card_last_four: cardDigits(customer.payment_method_label),
      };
    }),
  };
}

/**
 * Sets how long a meeting really lasted, within the rules of meeting-rules.ts (from its start; a
 * length that bills overtime once the booked hour has ended; until 48 hours after; at most 180
 * minutes). It must not run into the tutor's next meeting. The tutor is paid the new duration once a
 * supervisor approves it (paid-time.ts; a supervisor's change of another tutor's session is approved
 * as entered). Above 75 minutes each attendee is charged
 * the extra time not billed yet (chargesFor), to their card on file, as one incremental payment
 * naming who entered it; a declined charge does not count, so entering the time again tries again.
 * A decrease refunds nothing.
 *
 * The payments are written first (status processing, no intent yet) and the cards charged after the
 * commit by `sendOvertimeCharges`, so no transaction waits on the card network.
 */
export async function setDuration(services: MeetingServices, staff: Staff, meetingId: number, durationMins: number): Promise<Meeting> {
  const { db, payments } = services;
  const tutorId = await meetingOwner(db, staff, meetingId);
  await db.transaction().execute(async (trx) => {
    await checkDuration(trx, staff, tutorId, meetingId, durationMins);
    // The new duration, and what it does to the tutor's paid time (awaiting approval: paid-time.ts).
    await recordDurationChange(trx, staff, meetingId, durationMins);
    for (const charge of await chargesFor(trx, meetingId, durationMins)) {
      const drawn = await drawOvertimeHours(trx, staff, meetingId, charge);
      // The rest on the card (hours spent between the preview and now go there too).
      const cardMinutes = charge.minutes - drawn * 60;
      if (cardMinutes === 0) continue;
      await trx
        .insertInto('payments')
        .values({
          customer_id: charge.customerId,
          meeting_id: meetingId,
          is_incremental: true,
          minutes_paid: cardMinutes,
          amount_cents: overtimeCents(charge.hourlyCents, cardMinutes),
          payment_status: INITIAL_STATUS.overtime,
          provider: payments.name,
          entered_by: staff.tutorId,
          inserted_at: now(),
        })
        .execute();
    }
  });
  await sendOvertimeCharges(services, meetingId);
  return meetingView(db, meetingId);
}

/**
 * Charges the meeting's overtime payments that have not reached the provider yet (processing, no
 * intent). Each call carries the payment's id as its idempotency key, so sending one again after a
 * crash or a provider error never charges twice; an error leaves the row for the next attempt and
 * does not stop the others. The outcome is written only while the payment is still processing: if
 * the meeting was canceled meanwhile, a charge that went through is refunded at once.
 */
export async function sendOvertimeCharges(services: Pick<MeetingServices, 'db' | 'payments' | 'log'>, meetingId: number): Promise<void> {
  const { db, payments } = services;
  const log = services.log ?? console.log;
  const queued = await db
    .selectFrom('payments as p')
    .innerJoin('customers as cu', 'cu.id', 'p.customer_id')
    .select(['p.id', 'p.amount_cents', 'p.minutes_paid', 'cu.id as customer_id', 'cu.email', 'cu.firstname', 'cu.lastname', 'cu.provider_customer_id', 'cu.payment_method_id'])
    .where('p.meeting_id', '=', meetingId)
    .where('p.is_incremental', '=', true)
    .where('p.payment_status', '=', 'processing')
    .where('p.provider_intent_id', 'is', null)
    .orderBy('p.id')
    .execute();
  for (const row of queued) {
    let result: SavedCardResult;
    try {
      result = await payments.chargeSavedCard({
        paymentId: row.id,
        amountCents: row.amount_cents,
        customer: { id: row.customer_id, email: row.email, name: `${row.firstname} ${row.lastname}`, providerCustomerId: row.provider_customer_id },
        paymentMethodId: row.payment_method_id,
        description: `${row.minutes_paid} min overtime`,
      });
    } catch (error) {
      log(`overtime charge of payment ${row.id} not sent: ${(error as Error).message}`);
      continue;
    }
    // The outcome and, for a charge that went through, its receipt's event commit together.
    const written = await db.transaction().execute(async (trx) => {
      const answered = await movePayments(trx, chargeAnswerEvent(result.status), 'processing')
        .set({ provider_intent_id: result.intentId, client_secret: result.status === 'requires_action' ? result.clientSecret : null })
        .where('id', '=', row.id)
        .where('provider_intent_id', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (answered && result.status === 'succeeded') await recordPaymentSucceeded(trx, row.id);
      return answered;
    });
    if (!written && result.status === 'succeeded') {
      // Only a payment canceled meanwhile is refunded. One written meanwhile by another sender of
      // the same charge (a second entry of the time, the reconciliation pass: the same key, so the
      // same charge) is the charge itself, and stays.
      const canceled = await db
        .updateTable('payments')
        .set({ provider_intent_id: result.intentId, refund_pending: true })
        .where('id', '=', row.id)
        .where('payment_status', '=', 'canceled')
        .where('provider_intent_id', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (canceled) await sendRefunds(services, meetingId);
    }
  }
}

/**
 * A supervisor refunds an overtime charge that went through (a customer disputed it, say): the
 * payment is canceled and marked for a refund with who refunded it and why, in one transaction, and
 * the refund sent after the commit (refunds.ts, the one way a refund is sent; its receipt follows).
 * The minutes stay counted as billed, so entering the same time again does not charge them again.
 * An hour of a package taken for overtime goes back to the package instead (no money moved).
 */
export async function refundOvertime(services: MeetingServices, staff: Staff, paymentId: number, reason: string): Promise<void> {
  const { db } = services;
  if (staff.role !== 'Supervisor') throw new Refusal('NotAuthorized');
  const meetingId = await db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments')
      .select(['id', 'meeting_id', 'is_incremental', 'payment_status', 'provider', 'provider_intent_id', 'refund_pending', 'refunded_at'])
      .where('id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) throw new Refusal('PaymentNotFound');
    if (payment.is_incremental && payment.payment_status === 'succeeded' && payment.provider === HOURS_PROVIDER) {
      // An hour of a package taken for overtime: it goes back to the package, with who and why.
      await movePayments(trx, 'canceled', payment.payment_status).set({ refunded_by: staff.tutorId, refund_reason: reason.trim() }).where('id', '=', paymentId).execute();
      await returnHoursOf(trx, { paymentIds: [paymentId] });
      return null;
    }
    const refundable = payment.is_incremental && payment.payment_status === 'succeeded' && payment.provider_intent_id !== null && !payment.refund_pending && payment.refunded_at === null;
    if (!refundable || payment.meeting_id === null) throw new Refusal('NotRefundable');
    // Locked above: still succeeded.
    await movePayments(trx, 'refunded', payment.payment_status)
      .set({ refund_pending: true, refunded_by: staff.tutorId, refund_reason: reason.trim() })
      .where('id', '=', paymentId)
      .execute();
    return payment.meeting_id;
  });
  if (meetingId !== null) await sendRefunds(services, meetingId);
}
