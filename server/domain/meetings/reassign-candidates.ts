import { sql } from 'kysely';
import type { ReassignCandidates } from '../../../src/contract/entities.ts';
import { fromNow, nowMs } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { toEpoch } from '../../epoch.ts';
import { notOnDayOff } from '../calendar/days-off.ts';
import { refuseBy } from './meeting-changes.ts';
import { moveRefusal } from './meeting-rules.ts';
import { qualifiedTutors, readTarget, seriesToMove, type MeetingTime, targetRefusal, toRemovedHour, tutorAtTimes } from './reassign-meetings.ts';

/** How far ahead the dialog looks for other tutors' published hours. */
export const OTHER_TIMES_DAYS = 14;
/** At most this many other times are offered. */
export const OTHER_TIMES_MAX = 40;

/**
 * GET /api/meetings/{id}/reassign-candidates: who can take the booked meeting (or a weekly series'
 * booked weeks from `fromDay` on). Read without locks, with the rules of the change itself
 * (reassign-meetings.ts), so a tutor listed free is refused only if their calendar changed since.
 */
export async function reassignCandidates(db: Db, meetingId: number, fromDay?: string): Promise<ReassignCandidates> {
  const target = await readTarget(db, meetingId, false);
  refuseBy(targetRefusal(target, nowMs()));
  const meetings: MeetingTime[] = fromDay !== undefined ? await seriesToMove(db, target, fromDay, false) : [target];
  const qualified = (await qualifiedTutors(db, target.course_id!)).filter((q) => q.tutor_id !== target.tutor_id);
  const free: ReassignCandidates['free'] = [];
  const unavailable: ReassignCandidates['unavailable'] = [];
  for (const candidate of qualified) {
    const tutor = { id: candidate.tutor_id, name: candidate.tutor_name };
    const calendar = await tutorAtTimes(db, candidate.tutor_id, meetings, false);
    if (calendar.dayOff) unavailable.push({ tutor, reason: 'day_off', day_off: calendar.dayOff });
    else if (calendar.busy) unavailable.push({ tutor, reason: 'busy', meeting: calendar.busy });
    else free.push({ tutor, hours_used: calendar.hours.map(toRemovedHour) });
  }
  return {
    meeting: {
      id: target.id,
      occurrence_epoch: toEpoch(target.occurrence),
      duration_mins: target.duration_mins,
      course: { id: target.course_id!, course_number: target.course_number!, course_name: target.course_name! },
      tutor: { id: target.tutor_id, name: target.tutor_name },
      slot: target.slot_id === null ? null : { id: target.slot_id },
    },
    from_date: fromDay ?? null,
    sessions: meetings.map(toRemovedHour),
    free,
    unavailable,
    other_times: fromDay !== undefined ? [] : await otherTimes(db, target, qualified.map((q) => q.tutor_id)),
  };
}

/**
 * Unbooked hours the other qualified tutors published in the next two weeks that the meeting may
 * move to: one hour long (a booked meeting is), off their days off, within the move rules
 * (meeting-rules.ts), and at no time its customers have another meeting booked.
 */
async function otherTimes(db: Db, target: MeetingTime & { id: number }, tutorIds: number[]): Promise<ReassignCandidates['other_times']> {
  if (tutorIds.length === 0) return [];
  const hours = await db
    .selectFrom('meetings as m')
    .innerJoin('tutors as t', 't.id', 'm.tutor_id')
    .select(['m.id', 'm.occurrence', 'm.duration_mins', 't.id as tutor_id', 't.name as tutor_name'])
    .where('m.tutor_id', 'in', tutorIds)
    .where('m.canceled', '=', false)
    .where('m.reservations_taken', '=', 0)
    .where('m.duration_mins', '=', target.duration_mins)
    .where('m.occurrence', '>', fromNow(0))
    .where('m.occurrence', '<', fromNow(OTHER_TIMES_DAYS * 24 * 3600_000))
    .where('m.occurrence', '!=', target.occurrence)
    .where(notOnDayOff)
    // The meeting's customers have nothing else booked then.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reservations as mine')
            .innerJoin('reservations as other', 'other.customer_id', 'mine.customer_id')
            .innerJoin('meetings as o', 'o.id', 'other.meeting_id')
            .select('o.id')
            .where('mine.meeting_id', '=', target.id)
            .where('mine.status', '=', 'confirmed')
            .where('other.status', '!=', 'released')
            .whereRef('o.id', '!=', 'mine.meeting_id')
            .where('o.canceled', '=', false)
            .where(sql<boolean>`o.occurrence < m.occurrence + m.duration_mins * interval '1 minute' and o.occurrence + o.duration_mins * interval '1 minute' > m.occurrence`),
        ),
      ),
    )
    .orderBy('m.occurrence')
    .orderBy('t.name')
    .execute();
  const booked = { startMs: target.occurrence.getTime(), durationMins: target.duration_mins, booked: true };
  return hours
    .filter((hour) => moveRefusal(booked, new Date(hour.occurrence).getTime(), nowMs()) === null)
    .slice(0, OTHER_TIMES_MAX)
    .map((hour) => ({ tutor: { id: hour.tutor_id, name: hour.tutor_name }, hour: toRemovedHour({ id: hour.id, occurrence: new Date(hour.occurrence), duration_mins: hour.duration_mins }) }));
}
