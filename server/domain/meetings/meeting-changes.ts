import { returnHoursOf } from '../credits/ledger.ts';
import type { Transaction } from 'kysely';
import type { Attendance, Meeting, TutorRole } from '../../../src/contract/entities.ts';
import type { ErrorType } from '../../../src/contract/errors.ts';
import { nowMs } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import { recordMeetingCanceled, recordMoved } from './change-events.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { lockTutorCalendar, refuseOverlap } from '../booking/availability.ts';
import { refuseOnDayOff } from '../calendar/days-off.ts';
import { meetingsById } from './meetings-view.ts';
import { cancelRefusal, moveRefusal, summaryRefusal } from './meeting-rules.ts';
import { movePayments } from '../billing/payment-lifecycle.ts';
import { notAuthorized, Refusal } from '../refusal.ts';
import { sendPendingRefunds } from '../billing/refunds.ts';

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

/**
 * Reads a meeting (locked for this transaction) that this staff member may change. The lock is FOR
 * NO KEY UPDATE (a change never touches the meeting's id): it still keeps out every other change of
 * the meeting and every booking of it, but not the foreign-key checks of writes to the payments and
 * seats that name it. A FOR UPDATE lock blocked those too: a customer ending a subscription (its
 * weeks' payments rewritten) or paying one (its weeks' payments written) while the tutor canceled
 * one of its weeks then waited on the tutor, who waited on that customer's rows (a deadlock, 500).
 */
export async function staffMeeting(trx: Trx, staff: Staff, meetingId: number) {
  const meeting = await trx
    .selectFrom('meetings')
    .select(['id', 'tutor_id', 'occurrence', 'duration_mins', 'canceled', 'capacity', 'notes'])
    .where('id', '=', meetingId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!meeting || meeting.canceled) throw new Refusal('MeetingNotFound');
  if (meeting.tutor_id !== staff.tutorId && staff.role !== 'Supervisor') throw notAuthorized();
  return meeting;
}

/** Checks access without locking, for callers that lock the tutor's calendar first. */
export async function meetingOwner(db: Db, staff: Staff, meetingId: number): Promise<number> {
  const meeting = await db.selectFrom('meetings').select(['tutor_id', 'canceled']).where('id', '=', meetingId).executeTakeFirst();
  if (!meeting || meeting.canceled) throw new Refusal('MeetingNotFound');
  if (meeting.tutor_id !== staff.tutorId && staff.role !== 'Supervisor') throw notAuthorized();
  return meeting.tutor_id;
}

/** The meeting as staff read it (the answer to a staff change): the report's staff-only fields included. */
export async function meetingView(db: Db, meetingId: number): Promise<Meeting> {
  return (await meetingsById(db, [meetingId], 'staff')).get(meetingId)!;
}

/** The lesson report's fields beside the summary; an absent one stays as it is. */
export interface LessonReport {
  attendance?: Attendance;
  homework?: string;
  private_note?: string;
}

/**
 * The one-line summary a tutor writes after a meeting (a summary is needed to be paid for it), and
 * the lesson report beside it, in one write (meeting-rules.ts summaryRefusal: a submitted summary is
 * not cleared, the report waits for the start).
 */
export async function setNotes(db: Db, staff: Staff, meetingId: number, notes: string, report: LessonReport = {}): Promise<Meeting> {
  const given = Object.fromEntries(Object.entries(report).filter(([, value]) => value !== undefined)) as LessonReport;
  await db.transaction().execute(async (trx) => {
    const meeting = await staffMeeting(trx, staff, meetingId);
    refuseBy(summaryRefusal({ startMs: new Date(meeting.occurrence).getTime(), notes: meeting.notes }, { notes, report: Object.keys(given).length > 0 }, nowMs()));
    await trx
      .updateTable('meetings')
      .set({ notes, ...given })
      .where('id', '=', meetingId)
      .execute();
  });
  return meetingView(db, meetingId);
}

/** Whether anyone holds a seat in the meeting: paid, paying, or in a checkout (a move is told to them). */
async function isBooked(trx: Trx, meetingId: number): Promise<boolean> {
  const seat = await trx.selectFrom('reservations').select('id').where('meeting_id', '=', meetingId).where('status', '!=', 'released').executeTakeFirst();
  return seat !== undefined;
}

/** Throws the rule's refusal (meeting-rules.ts), if any. */
export function refuseBy(type: ErrorType | null): void {
  if (type) throw new Refusal(type);
}

/**
 * Moves a meeting to another start time, within the rules of meeting-rules.ts (it has not started,
 * the new time is in the future, a booked meeting keeps its customers' notice). It must not overlap
 * the tutor's other meetings. The attendees are told of the new time.
 */
export async function reschedule(services: MeetingServices, staff: Staff, meetingId: number, start: Date): Promise<Meeting> {
  const { db } = services;
  const tutorId = await meetingOwner(db, staff, meetingId);
  await db.transaction().execute(async (trx) => {
    await lockTutorCalendar(trx, tutorId);
    const meeting = await staffMeeting(trx, staff, meetingId);
    const facts = { startMs: new Date(meeting.occurrence).getTime(), durationMins: meeting.duration_mins, booked: await isBooked(trx, meetingId) };
    refuseBy(moveRefusal(facts, start.getTime(), nowMs()));
    await refuseOverlap(trx, tutorId, [{ start, minutes: meeting.duration_mins }], meetingId);
    if (facts.startMs === start.getTime()) return;
    // Nothing moves onto the tutor's days off (days-off.ts).
    await refuseOnDayOff(trx, tutorId, [start]);
    // A higher SEQUENCE, told with the move itself: everyone on the meeting gets the updated invite.
    await trx
      .updateTable('meetings')
      .set((eb) => ({ occurrence: start, moved_from: new Date(meeting.occurrence), calendar_sequence: eb('calendar_sequence', '+', 1), notified_sequence: eb('calendar_sequence', '+', 1) }))
      .where('id', '=', meetingId)
      .execute();
    await recordMoved(trx, meetingId, new Date(meeting.occurrence));
  });
  return meetingView(db, meetingId);
}

/** Sends the meeting's pending refunds (refunds.ts: the one way a refund is sent). */
export async function sendRefunds(services: Pick<MeetingServices, 'db' | 'payments' | 'log'>, meetingId: number): Promise<number> {
  return sendPendingRefunds(services.db, services.payments, services.log ?? console.log, { meetingId });
}

/**
 * Staff cancel a meeting: before its start a tutor or a supervisor; after it only a supervisor,
 * with a reason that is kept with who canceled (meeting-rules.ts). Every payment made for it is canceled, every seat freed, the meeting
 * leaves the calendar and the attendees' messages are queued (their invites canceled), in one transaction. Charged
 * payments are marked for a refund in that transaction and refunded after the commit; a refund the
 * provider did not confirm stays pending, and the periodic retry pass (or canceling the meeting
 * again) sends it. A charge still settling is canceled without a refund call: the provider's
 * webhook refunds it when it settles.
 */
export async function cancelMeeting(services: MeetingServices, staff: Staff, meetingId: number, reason = ''): Promise<Meeting> {
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
    const meeting = await staffMeeting(trx, staff, meetingId);
    refuseBy(cancelRefusal({ startMs: new Date(meeting.occurrence).getTime() }, staff.role === 'Supervisor', reason, nowMs()));
    // Recorded with the cancel, while the meeting still names its course and place.
    await recordMeetingCanceled(trx, meetingId);
    // Charged: refunded. Then every other live payment (never charged, or still settling: a charge
    // that lands later is refunded, fulfilment.ts) is canceled, and a declined overtime charge stays.
    await movePayments(trx, 'refunded', 'succeeded').set({ refund_pending: true }).where('meeting_id', '=', meetingId).where('provider_intent_id', 'is not', null).execute();
    await movePayments(trx, 'canceled', ['succeeded', 'processing', 'requires_action', 'subscription_pending']).where('meeting_id', '=', meetingId).execute();
    // Booked with hours of packages: each hour goes back to its package.
    await returnHoursOf(trx, { meetingId });
    // A checkout still in progress for this meeting ends too.
    await movePayments(trx, 'abandoned', 'requires_payment_method').where('meeting_id', '=', meetingId).where('is_incremental', '=', false).execute();
    await trx.updateTable('reservations').set({ status: 'released', expires_at: null }).where('meeting_id', '=', meetingId).where('status', '!=', 'released').execute();
    await trx
      .updateTable('meetings')
      .set({ canceled: true, reservations_taken: 0, capacity: 0, offering_id: null, course_style: null, canceled_by: staff.tutorId, cancel_reason: reason.trim() || null })
      .where('id', '=', meetingId)
      .execute();
  });
  await sendRefunds(services, meetingId);
  return meetingView(db, meetingId);
}
