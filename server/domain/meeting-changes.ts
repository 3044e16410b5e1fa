import type { Transaction } from 'kysely';
import type { Meeting, TutorRole } from '../../src/contract/entities.ts';
import { nowMs } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { type Attendee, type NoticeMeeting, noticeCanceled, noticeRescheduled } from '../notify/meeting-notices.ts';
import type { Sender } from '../notify/sender.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { lockTutorCalendar, refuseOverlap } from './availability.ts';
import { meetingsById } from './meetings-view.ts';
import { BOOKED_MINUTES, billableOvertimeMinutes, overtimeCents } from './overtime.ts';
import { notAuthorized, Refusal } from './refusal.ts';

type Trx = Transaction<Database>;

/** The staff member making a change: a tutor changes their own meetings, a supervisor anyone's. */
export interface Staff {
  tutorId: number;
  role: TutorRole;
}

export interface MeetingServices {
  db: Db;
  payments: PaymentProvider;
  sender: Sender;
  log?: (line: string) => void;
}

/** Reads a meeting (locked for this transaction) that this staff member may change. */
async function staffMeeting(trx: Trx, staff: Staff, meetingId: number) {
  const meeting = await trx
    .selectFrom('meetings')
    .select(['id', 'tutor_id', 'occurrence', 'duration_mins', 'canceled', 'capacity'])
    .where('id', '=', meetingId)
    .forUpdate()
    .executeTakeFirst();
  if (!meeting || meeting.canceled) throw new Refusal('MeetingNotFound');
  if (meeting.tutor_id !== staff.tutorId && staff.role !== 'Supervisor') throw notAuthorized();
  return meeting;
}

/** Checks access without locking, for callers that lock the tutor's calendar first. */
async function meetingOwner(db: Db, staff: Staff, meetingId: number): Promise<number> {
  const meeting = await db.selectFrom('meetings').select(['tutor_id', 'canceled']).where('id', '=', meetingId).executeTakeFirst();
  if (!meeting || meeting.canceled) throw new Refusal('MeetingNotFound');
  if (meeting.tutor_id !== staff.tutorId && staff.role !== 'Supervisor') throw notAuthorized();
  return meeting.tutor_id;
}

async function attendeesOf(trx: Trx | Db, meetingId: number): Promise<(Attendee & { customerId: number })[]> {
  const rows = await trx
    .selectFrom('reservations as r')
    .innerJoin('customers as cu', 'cu.id', 'r.customer_id')
    .select(['cu.id', 'cu.email', 'cu.firstname'])
    .where('r.meeting_id', '=', meetingId)
    .where('r.status', '=', 'confirmed')
    .orderBy('cu.id')
    .execute();
  return rows.map((row) => ({ customerId: row.id, email: row.email, firstname: row.firstname }));
}

async function noticeMeeting(db: Trx | Db, meetingId: number): Promise<NoticeMeeting> {
  const row = await db
    .selectFrom('meetings as m')
    .innerJoin('tutors as t', 't.id', 'm.tutor_id')
    .leftJoin('offerings as o', 'o.id', 'm.offering_id')
    .leftJoin('courses as c', 'c.id', 'o.course_id')
    .select(['m.occurrence', 't.name', 'c.course_name'])
    .where('m.id', '=', meetingId)
    .executeTakeFirstOrThrow();
  return { tutorName: row.name, courseName: row.course_name, start: new Date(row.occurrence) };
}

async function meetingView(db: Db, meetingId: number): Promise<Meeting> {
  return (await meetingsById(db, [meetingId])).get(meetingId)!;
}

/** The one-line summary a tutor writes after a meeting; a summary is needed to be paid for it. */
export async function setNotes(db: Db, staff: Staff, meetingId: number, notes: string): Promise<Meeting> {
  await db.transaction().execute(async (trx) => {
    await staffMeeting(trx, staff, meetingId);
    await trx.updateTable('meetings').set({ notes }).where('id', '=', meetingId).execute();
  });
  return meetingView(db, meetingId);
}

/**
 * Moves a meeting to another start time. It must not overlap the tutor's other meetings, and a
 * meeting whose duration was changed (overtime was billed for it) cannot move into the future.
 * The attendees are told of the new time.
 */
export async function reschedule(services: MeetingServices, staff: Staff, meetingId: number, start: Date): Promise<Meeting> {
  const { db } = services;
  const tutorId = await meetingOwner(db, staff, meetingId);
  const previous = await db.transaction().execute(async (trx) => {
    await lockTutorCalendar(trx, tutorId);
    const meeting = await staffMeeting(trx, staff, meetingId);
    if (meeting.duration_mins !== BOOKED_MINUTES && start.getTime() > nowMs()) throw new Refusal('DurationChanged');
    await refuseOverlap(trx, tutorId, [{ start, minutes: meeting.duration_mins }], meetingId);
    await trx.updateTable('meetings').set({ occurrence: start }).where('id', '=', meetingId).execute();
    return new Date(meeting.occurrence);
  });
  if (previous.getTime() !== start.getTime()) {
    await noticeRescheduled(services.sender, await noticeMeeting(db, meetingId), previous, await attendeesOf(db, meetingId), services.log);
  }
  return meetingView(db, meetingId);
}

interface OvertimeCharge {
  paymentId: number;
  amountCents: number;
  minutes: number;
  customer: { id: number; email: string; name: string; providerCustomerId: string | null; paymentMethodId: string | null };
}

/**
 * Sets how long a meeting that has started really lasted. Above 75 minutes each attendee is charged
 * the extra time rounded to the nearest 30 minutes, at their hourly price, to their card on file:
 * one incremental payment per attendee for the minutes not billed yet (so raising it twice never
 * bills twice). A decrease refunds nothing.
 *
 * The payments are written first (status processing) and the cards charged after the commit, each
 * with the payment's id as its idempotency key: no transaction waits on the card network, and a
 * declined card is recorded as a failed payment ('Failed'), never lost.
 */
export async function setDuration(services: MeetingServices, staff: Staff, meetingId: number, durationMins: number): Promise<Meeting> {
  const { db, payments } = services;
  const charges = await db.transaction().execute(async (trx) => {
    const meeting = await staffMeeting(trx, staff, meetingId);
    if (new Date(meeting.occurrence).getTime() > nowMs()) throw new Refusal('MeetingNotStarted');
    await trx.updateTable('meetings').set({ duration_mins: durationMins }).where('id', '=', meetingId).execute();

    const owed = billableOvertimeMinutes(durationMins);
    if (owed === 0) return [];
    const billed: OvertimeCharge[] = [];
    for (const attendee of await attendeesOf(trx, meetingId)) {
      const previous = await trx
        .selectFrom('payments')
        .select(['is_incremental', 'minutes_paid', 'amount_cents', 'payment_status'])
        .where('meeting_id', '=', meetingId)
        .where('customer_id', '=', attendee.customerId)
        .where('payment_status', 'not in', ['canceled', 'abandoned'])
        .execute();
      const booking = previous.find((p) => !p.is_incremental);
      if (!booking) continue;
      const minutes = owed - previous.filter((p) => p.is_incremental).reduce((sum, p) => sum + p.minutes_paid, 0);
      if (minutes <= 0) continue;
      const amountCents = overtimeCents(booking.amount_cents, minutes);
      const payment = await trx
        .insertInto('payments')
        .values({ customer_id: attendee.customerId, meeting_id: meetingId, is_incremental: true, minutes_paid: minutes, amount_cents: amountCents, payment_status: 'processing', provider: payments.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      const customer = await trx
        .selectFrom('customers')
        .select(['id', 'email', 'firstname', 'lastname', 'provider_customer_id', 'payment_method_id'])
        .where('id', '=', attendee.customerId)
        .executeTakeFirstOrThrow();
      billed.push({
        paymentId: payment.id,
        amountCents,
        minutes,
        customer: { id: customer.id, email: customer.email, name: `${customer.firstname} ${customer.lastname}`, providerCustomerId: customer.provider_customer_id, paymentMethodId: customer.payment_method_id },
      });
    }
    return billed;
  });

  for (const charge of charges) {
    const result = await payments.chargeSavedCard({
      paymentId: charge.paymentId,
      amountCents: charge.amountCents,
      customer: charge.customer,
      paymentMethodId: charge.customer.paymentMethodId,
      description: `${charge.minutes} min overtime`,
    });
    const status = result.status === 'succeeded' ? 'succeeded' : result.status === 'processing' ? 'processing' : 'requires_payment_method';
    await db
      .updateTable('payments')
      .set({ payment_status: status, provider_intent_id: result.intentId, client_secret: result.status === 'requires_action' ? result.clientSecret : null })
      .where('id', '=', charge.paymentId)
      .execute();
  }
  return meetingView(db, meetingId);
}

/**
 * A tutor cancels a meeting: every payment made for it is canceled and refunded, every seat
 * freed, the meeting leaves the calendar, and the attendees are told. Refunds go to the provider
 * after the commit, each keyed by its intent, so no transaction waits on the card network.
 */
export async function cancelMeeting(services: MeetingServices, staff: Staff, meetingId: number): Promise<Meeting> {
  const { db } = services;
  const { refunds, attendees, notice } = await db.transaction().execute(async (trx) => {
    await staffMeeting(trx, staff, meetingId);
    const attendees = await attendeesOf(trx, meetingId);
    const notice = await noticeMeeting(trx, meetingId);
    const paid = await trx
      .selectFrom('payments')
      .select(['id', 'payment_status', 'provider_intent_id'])
      .where('meeting_id', '=', meetingId)
      .where('payment_status', 'in', ['succeeded', 'processing', 'subscription_pending'])
      .execute();
    if (paid.length > 0) {
      await trx.updateTable('payments').set({ payment_status: 'canceled' }).where('id', 'in', paid.map((p) => p.id)).execute();
    }
    // A checkout still in progress for this meeting ends too.
    await trx.updateTable('payments').set({ payment_status: 'abandoned' }).where('meeting_id', '=', meetingId).where('payment_status', '=', 'requires_payment_method').execute();
    await trx.updateTable('reservations').set({ status: 'released', expires_at: null }).where('meeting_id', '=', meetingId).where('status', '!=', 'released').execute();
    await trx.updateTable('meetings').set({ canceled: true, reservations_taken: 0, capacity: 0, offering_id: null, course_style: null }).where('id', '=', meetingId).execute();
    const refunds = paid.filter((p) => p.payment_status !== 'subscription_pending' && p.provider_intent_id).map((p) => p.provider_intent_id!);
    return { refunds, attendees, notice };
  });
  for (const intentId of refunds) await services.payments.refund(intentId);
  await noticeCanceled(services.sender, notice, attendees, services.log);
  return meetingView(db, meetingId);
}
