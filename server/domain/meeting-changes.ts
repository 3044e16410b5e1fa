import type { Transaction } from 'kysely';
import type { Meeting, TutorRole } from '../../src/contract/entities.ts';
import { now, nowMs } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { queueTutorCancelNotices } from '../notify/planner.ts';
import type { PaymentProvider, SavedCardResult } from '../payments/provider.ts';
import { lockTutorCalendar, refuseOverlap } from './availability.ts';
import { BOOKED_STATUSES } from './booked.ts';
import { meetingsById } from './meetings-view.ts';
import { BOOKED_MINUTES, billableOvertimeMinutes, overtimeCents } from './overtime.ts';
import { notAuthorized, Refusal } from './refusal.ts';
import { sendPendingRefunds } from './refunds.ts';

type Trx = Transaction<Database>;

/** The staff member making a change: a tutor changes their own meetings, a supervisor anyone's. */
export interface Staff {
  tutorId: number;
  role: TutorRole;
}

export interface MeetingServices {
  db: Db;
  payments: PaymentProvider;
  /** The site's address, for the links in the messages a change queues. */
  siteUrl: string;
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

/** The customers holding a confirmed seat in the meeting (the ones overtime bills). */
async function attendeesOf(trx: Trx | Db, meetingId: number): Promise<{ customerId: number }[]> {
  const rows = await trx
    .selectFrom('reservations as r')
    .select('r.customer_id')
    .where('r.meeting_id', '=', meetingId)
    .where('r.status', '=', 'confirmed')
    .orderBy('r.customer_id')
    .execute();
  return rows.map((row) => ({ customerId: row.customer_id }));
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
 * Moves a meeting to another start time. It must not overlap the tutor's other meetings; a meeting
 * whose duration was changed (overtime may have been billed) cannot move into the future; and only
 * a meeting that has started may move into the past (to correct when it really began), so no
 * session that never happened can be made to look worked. The attendees are told of the new time.
 */
export async function reschedule(services: MeetingServices, staff: Staff, meetingId: number, start: Date): Promise<Meeting> {
  const { db } = services;
  const tutorId = await meetingOwner(db, staff, meetingId);
  await db.transaction().execute(async (trx) => {
    await lockTutorCalendar(trx, tutorId);
    const meeting = await staffMeeting(trx, staff, meetingId);
    const started = new Date(meeting.occurrence).getTime() <= nowMs();
    const intoFuture = start.getTime() > nowMs();
    if (!intoFuture && !started) throw new Refusal('EarlyAnchor');
    if (intoFuture && meeting.duration_mins !== BOOKED_MINUTES) throw new Refusal('DurationChanged');
    await refuseOverlap(trx, tutorId, [{ start, minutes: meeting.duration_mins }], meetingId);
    if (new Date(meeting.occurrence).getTime() === start.getTime()) return;
    // A higher SEQUENCE: the message planner sends everyone on the meeting the updated invite.
    await trx
      .updateTable('meetings')
      .set((eb) => ({ occurrence: start, moved_from: new Date(meeting.occurrence), calendar_sequence: eb('calendar_sequence', '+', 1) }))
      .where('id', '=', meetingId)
      .execute();
  });
  return meetingView(db, meetingId);
}

/** Overtime payments that count as billed: paid, settling, or waiting for the customer (3-D Secure). */
const BILLED_STATUSES = ['succeeded', 'processing', 'requires_action'];

/**
 * Sets how long a meeting that has started really lasted. It must not run into the tutor's next
 * meeting. Above 75 minutes each attendee is charged the extra time rounded to the nearest 30
 * minutes, at their hourly price, to their card on file: one incremental payment per attendee for
 * the minutes not billed yet (so raising it twice never bills twice; a declined charge does not
 * count, so entering the time again tries again). A decrease refunds nothing.
 *
 * The payments are written first (status processing, no intent yet) and the cards charged after the
 * commit by `sendOvertimeCharges`, so no transaction waits on the card network.
 */
export async function setDuration(services: MeetingServices, staff: Staff, meetingId: number, durationMins: number): Promise<Meeting> {
  const { db, payments } = services;
  const tutorId = await meetingOwner(db, staff, meetingId);
  await db.transaction().execute(async (trx) => {
    await lockTutorCalendar(trx, tutorId);
    const meeting = await staffMeeting(trx, staff, meetingId);
    if (new Date(meeting.occurrence).getTime() > nowMs()) throw new Refusal('MeetingNotStarted');
    await refuseOverlap(trx, tutorId, [{ start: new Date(meeting.occurrence), minutes: durationMins }], meetingId);
    await trx.updateTable('meetings').set({ duration_mins: durationMins }).where('id', '=', meetingId).execute();

    const owed = billableOvertimeMinutes(durationMins);
    if (owed === 0) return;
    for (const attendee of await attendeesOf(trx, meetingId)) {
      const previous = await trx
        .selectFrom('payments')
        .select(['is_incremental', 'minutes_paid', 'amount_cents', 'payment_status'])
        .where('meeting_id', '=', meetingId)
        .where('customer_id', '=', attendee.customerId)
        .execute();
      const booking = previous.find((p) => !p.is_incremental && BOOKED_STATUSES.includes(p.payment_status));
      if (!booking) continue;
      const billed = previous.filter((p) => p.is_incremental && BILLED_STATUSES.includes(p.payment_status)).reduce((sum, p) => sum + p.minutes_paid, 0);
      const minutes = owed - billed;
      if (minutes <= 0) continue;
      await trx
        .insertInto('payments')
        .values({
          customer_id: attendee.customerId,
          meeting_id: meetingId,
          is_incremental: true,
          minutes_paid: minutes,
          amount_cents: overtimeCents(booking.amount_cents, minutes),
          payment_status: 'processing',
          provider: payments.name,
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
export async function sendOvertimeCharges(services: MeetingServices, meetingId: number): Promise<void> {
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
    const status = { succeeded: 'succeeded', processing: 'processing', requires_action: 'requires_action', failed: 'requires_payment_method' }[result.status];
    const written = await db
      .updateTable('payments')
      .set({ payment_status: status, provider_intent_id: result.intentId, client_secret: result.status === 'requires_action' ? result.clientSecret : null })
      .where('id', '=', row.id)
      .where('payment_status', '=', 'processing')
      .where('provider_intent_id', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!written && result.status === 'succeeded') {
      await db.updateTable('payments').set({ provider_intent_id: result.intentId, refund_pending: true }).where('id', '=', row.id).execute();
      await sendRefunds(services, meetingId);
    }
  }
}

/** Sends the meeting's pending refunds (refunds.ts: the one way a refund is sent). */
async function sendRefunds(services: MeetingServices, meetingId: number): Promise<number> {
  return sendPendingRefunds(services.db, services.payments, services.log ?? console.log, { meetingId });
}

/**
 * A tutor cancels a meeting: every payment made for it is canceled, every seat freed, the meeting
 * leaves the calendar and the attendees' messages are queued (their invites canceled), in one transaction. Charged
 * payments are marked for a refund in that transaction and refunded after the commit; a refund the
 * provider did not confirm stays pending, and the periodic retry pass (or canceling the meeting
 * again) sends it. A charge still settling is canceled without a refund call: the provider's
 * webhook refunds it when it settles.
 */
export async function cancelMeeting(services: MeetingServices, staff: Staff, meetingId: number): Promise<Meeting> {
  const { db } = services;
  const canceled = await db.selectFrom('meetings').select(['tutor_id', 'canceled']).where('id', '=', meetingId).executeTakeFirst();
  if (canceled?.canceled) {
    // Canceled before: only refunds left pending may remain to be done.
    if (canceled.tutor_id !== staff.tutorId && staff.role !== 'Supervisor') throw notAuthorized();
    const pending = await db.selectFrom('payments').select('id').where('meeting_id', '=', meetingId).where('refund_pending', '=', true).executeTakeFirst();
    if (!pending) throw new Refusal('MeetingNotFound');
    await sendRefunds(services, meetingId);
    return meetingView(db, meetingId);
  }
  await db.transaction().execute(async (trx) => {
    await staffMeeting(trx, staff, meetingId);
    // Queued with the cancel, while the meeting still names its course and place.
    await queueTutorCancelNotices(trx, meetingId, services.siteUrl);
    await trx
      .updateTable('payments')
      .set({ payment_status: 'canceled', refund_pending: true })
      .where('meeting_id', '=', meetingId)
      .where('payment_status', '=', 'succeeded')
      .where('provider_intent_id', 'is not', null)
      .execute();
    await trx
      .updateTable('payments')
      .set({ payment_status: 'canceled' })
      .where('meeting_id', '=', meetingId)
      .where('payment_status', 'in', ['succeeded', 'processing', 'requires_action', 'subscription_pending'])
      .execute();
    // A checkout still in progress for this meeting ends too.
    await trx.updateTable('payments').set({ payment_status: 'abandoned' }).where('meeting_id', '=', meetingId).where('payment_status', '=', 'requires_payment_method').where('is_incremental', '=', false).execute();
    await trx.updateTable('reservations').set({ status: 'released', expires_at: null }).where('meeting_id', '=', meetingId).where('status', '!=', 'released').execute();
    await trx.updateTable('meetings').set({ canceled: true, reservations_taken: 0, capacity: 0, offering_id: null, course_style: null }).where('id', '=', meetingId).execute();
  });
  await sendRefunds(services, meetingId);
  return meetingView(db, meetingId);
}
