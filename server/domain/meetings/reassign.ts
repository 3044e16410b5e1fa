import type { Transaction } from 'kysely';
import type { Reassigned } from '../../../src/contract/entities.ts';
import { nowMs } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { recordReassigned } from './change-events.ts';
import { meetingFacts } from './meeting-facts.ts';
import { lockTutorCalendar } from '../booking/availability.ts';
import { releaseExpiredHolds } from '../booking/holds.ts';
import { type MeetingServices, refuseBy, type Staff } from './meeting-changes.ts';
import { moveRefusal } from './meeting-rules.ts';
import { meetingsById } from './meetings-view.ts';
import { qualifiedTutors, readTarget, type ReassignTarget, seriesToMove, type MeetingTime, targetRefusal, toRemovedHour, tutorAtTimes } from './reassign-meetings.ts';
import { Refusal } from '../refusal.ts';

/**
 * A supervisor re-assigns a booked meeting to another tutor qualified for its course (docs/decisions/
 * 016-reassigning-sessions.md): the same meeting (its id, seats and payments: nothing is refunded
 * or charged, its price stays) now with the new tutor's offering of the course; at its own time, or
 * at another one (a single meeting, under the move rules of meeting-rules.ts); or a weekly
 * series' booked weeks from a day on, each at its own time (the subscription's later weekly
 * charges follow its weeks, so they continue under the new tutor).
 *
 * The new tutor must be free: no meeting of theirs with a seat taken overlaps, and no day off. An
 * unbooked hour of theirs there is used: taken back (canceled, `taken_back = 'deleted'`) as the
 * meeting takes its place. Published availability is not required: a supervisor may give a
 * meeting to any free qualified tutor (decision 016).
 *
 * **Never a double booking.** Both tutors' calendars are locked (availability.ts, in id order),
 * then the meeting, then the new tutor's meetings at those times (FOR UPDATE, the lock a booking
 * takes before it holds a seat) and their seats read after that lock: a checkout of the new
 * tutor's hour that committed first makes them busy (TutorBusy); one that comes later finds the
 * hour canceled. A second re-assign of the same meeting, or to the same tutor, waits for the
 * first and then sees its result.
 *
 * Its event (`Reassigned`, change-events.ts) is recorded in the change's transaction with the
 * meetings as they were, because the change removes what the messages name: the old tutor.
 */

type Trx = Transaction<Database>;

export interface ReassignRequest {
  /** The tutor who takes the meeting. */
  tutorId: number;
  /** Another start (a single meeting only). */
  start?: Date;
  /** A weekly series: its booked weeks from this day (YYYY-MM-DD, the site's zone) on move. */
  fromDay?: string;
}

/** The meeting moved to another tutor between our first read and our lock: read again. */
class OwnerChanged extends Error {}

export async function reassignMeeting(services: MeetingServices, staff: Staff, meetingId: number, request: ReassignRequest): Promise<Reassigned> {
  const { db } = services;
  // Holds that ran out are released first, so a lapsed checkout never keeps a tutor busy.
  await releaseExpiredHolds(db);
  for (let attempt = 1; ; attempt++) {
    const owner = await db.selectFrom('meetings').select('tutor_id').where('id', '=', meetingId).executeTakeFirst();
    if (!owner) throw new Refusal('MeetingNotFound');
    try {
      const moved = await db.transaction().execute((trx) => reassignIn(trx, services, staff, meetingId, owner.tutor_id, request));
      const meetings = await meetingsById(db, moved.ids, 'staff');
      return { tutor: moved.tutor, meetings: moved.ids.map((id) => meetings.get(id)!), hours_used: moved.hoursUsed };
    } catch (error) {
      // Another supervisor's re-assign of it committed while this one waited: its new tutor's
      // calendar is the one to lock. A meeting that keeps moving is refused rather than chased.
      if (!(error instanceof OwnerChanged) || attempt >= 3) throw error instanceof OwnerChanged ? new Refusal('MeetingNotFound') : error;
    }
  }
}

async function reassignIn(trx: Trx, services: MeetingServices, staff: Staff, meetingId: number, ownerId: number, request: ReassignRequest) {
  for (const tutorId of [...new Set([ownerId, request.tutorId])].sort((a, b) => a - b)) await lockTutorCalendar(trx, tutorId);
  const target = await readTarget(trx, meetingId, true);
  if (target.tutor_id !== ownerId) throw new OwnerChanged();
  refuseBy(targetRefusal(target, nowMs()));
  if (request.tutorId === target.tutor_id) throw new Refusal('SameTutor');
  const tutor = await trx.selectFrom('tutors').select(['id', 'name', 'role']).where('id', '=', request.tutorId).executeTakeFirstOrThrow();
  if (tutor.role === 'Archived') throw new Refusal('TutorArchived');
  const offering = (await qualifiedTutors(trx, target.course_id!)).find((q) => q.tutor_id === tutor.id);
  if (!offering) throw new Refusal('NotQualified');

  const meetings: MeetingTime[] = request.fromDay !== undefined ? await seriesToMove(trx, target, request.fromDay, true) : [target];
  const start = request.start && request.start.getTime() !== target.occurrence.getTime() ? request.start : undefined;
  // A new time follows the rules of any move of a booked meeting (its customers keep their notice).
  if (start) refuseBy(moveRefusal({ startMs: target.occurrence.getTime(), durationMins: target.duration_mins, booked: true }, start.getTime(), nowMs()));
  const times = start ? [{ id: target.id, occurrence: start, duration_mins: target.duration_mins }] : meetings;

  const calendar = await tutorAtTimes(trx, tutor.id, times, true);
  if (calendar.dayOff) throw new Refusal('OnDayOff', { day_off: calendar.dayOff });
  if (calendar.busy) throw new Refusal('TutorBusy', { meeting: calendar.busy });

  const ids = meetings.map((m) => m.id);
  // The customers' bookings, locked so a confirmation being written right now is waited for: the
  // messages below then know who was told of the booking (and the old tutor's name is never sent
  // to a customer after this commits).
  await trx.selectFrom('payments').select('id').where('meeting_id', 'in', ids).orderBy('id').forNoKeyUpdate().execute();
  const before = await meetingFacts(trx, ids);
  const previousStarts = await previousStartsOf(trx, ids, start ? target.occurrence : undefined);

  if (calendar.hours.length > 0) {
    await trx
      .updateTable('meetings')
      .set({ canceled: true, taken_back: 'deleted', canceled_by: staff.tutorId })
      .where('id', 'in', calendar.hours.map((h) => h.id))
      .execute();
  }
  await moveMeetings(trx, target, meetings, { tutorId: tutor.id, offeringId: offering.offering_id, start, series: request.fromDay !== undefined });
  await recordReassigned(trx, { meetingIds: ids, before, previousStarts, previousTutor: target.tutor_name, series: request.fromDay !== undefined });
  return { ids, tutor: { id: tutor.id, name: tutor.name }, hoursUsed: calendar.hours.map(toRemovedHour) };
}

/**
 * Where each meeting was when its customers were last told: this change's old start when it moves
 * the meeting, or the start before a move not told yet (a reschedule a moment ago, whose own
 * message this change's replaces).
 */
async function previousStartsOf(trx: Trx, ids: number[], movedFrom: Date | undefined): Promise<Map<number, Date>> {
  const pending = await trx.selectFrom('meetings').select(['id', 'moved_from']).where('id', 'in', ids).whereRef('calendar_sequence', '>', 'notified_sequence').where('moved_from', 'is not', null).execute();
  const starts = new Map(pending.map((row) => [row.id, new Date(row.moved_from!)]));
  if (movedFrom && ids.length === 1 && !starts.has(ids[0]!)) starts.set(ids[0]!, movedFrom);
  return starts;
}

/**
 * The meetings become the new tutor's: their offering of the course, a higher calendar SEQUENCE
 * (the invites sent are updates of the same entries) marked told, as the change's own messages
 * tell of it. A single meeting leaves its series (it is a one-off of the new tutor's now); a
 * series' weeks become a series of the new tutor's, whose subscriptions follow them.
 */
async function moveMeetings(trx: Trx, target: ReassignTarget, meetings: MeetingTime[], to: { tutorId: number; offeringId: number; start: Date | undefined; series: boolean }) {
  let slotId: number | null = null;
  if (to.series && target.slot_id !== null) {
    const old = await trx.selectFrom('slots').select(['last_day', 'duration_mins']).where('id', '=', target.slot_id).executeTakeFirstOrThrow();
    const slot = await trx
      .insertInto('slots')
      .values({ tutor_id: to.tutorId, anchor: meetings[0]!.occurrence, duration_mins: old.duration_mins, last_day: old.last_day })
      .returning('id')
      .executeTakeFirstOrThrow();
    slotId = slot.id;
  }
  const ids = meetings.map((m) => m.id);
  await trx
    .updateTable('meetings')
    .set((eb) => ({
      tutor_id: to.tutorId,
      offering_id: to.offeringId,
      slot_id: slotId,
      calendar_sequence: eb('calendar_sequence', '+', 1),
      notified_sequence: eb('calendar_sequence', '+', 1),
      ...(to.start ? { occurrence: to.start, moved_from: target.occurrence } : {}),
    }))
    .where('id', 'in', ids)
    .execute();
  if (slotId !== null) {
    await trx
      .updateTable('subscriptions')
      .set({ slot_id: slotId, offering_id: to.offeringId })
      .where('id', 'in', (eb) => eb.selectFrom('reservations').select('subscription_id').where('meeting_id', 'in', ids).where('status', '=', 'confirmed').where('subscription_id', 'is not', null))
      .execute();
  }
}
