import type { Kysely } from 'kysely';
import type { DayOff, OverlapMeeting, RemovedHour } from '../../../src/contract/entities.ts';
import type { ErrorType } from '../../../src/contract/errors.ts';
import { site } from '../../../src/config/site.ts';
import { now } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { toEpoch } from '../../epoch.ts';
import { meetingsNear, overlapsAny } from '../booking/availability.ts';
import { dayOffAt, daysOffBetween, toDayOff } from '../calendar/days-off.ts';
import { bookableOfferings } from '../catalog/offerings.ts';
import { Refusal } from '../refusal.ts';
import { daysSpan } from '../calendar/zone-days.ts';

/**
 * What re-assigning a meeting reads (reassign.ts changes it, reassign-candidates.ts lists who can
 * take it): the meeting, the weeks of a weekly series that move with it, the tutors qualified for
 * its course, and a tutor's calendar at those times. The change reads them with locks, in its
 * transaction; the list reads the same without, so both apply one rule.
 */

type Reader = Kysely<Database>;
const MINUTE_MS = 60_000;

/** The meeting a re-assign starts from, with its course (null when nobody is booked). */
export interface ReassignTarget {
  id: number;
  tutor_id: number;
  tutor_name: string;
  slot_id: number | null;
  occurrence: Date;
  duration_mins: number;
  canceled: boolean;
  course_id: number | null;
  course_number: string | null;
  course_name: string | null;
  /** Someone holds a confirmed seat (a paying or paid customer). */
  booked: boolean;
}

/**
 * Reads the meeting; `lock` takes its row FOR NO KEY UPDATE, as every staff change of a meeting
 * does (meeting-changes.ts staffMeeting), so a booking, a cancel or another re-assign of it waits.
 */
export async function readTarget(db: Reader, meetingId: number, lock: boolean): Promise<ReassignTarget> {
  let query = db
    .selectFrom('meetings as m')
    .innerJoin('tutors as t', 't.id', 'm.tutor_id')
    .leftJoin('offerings as o', 'o.id', 'm.offering_id')
    .leftJoin('courses as c', 'c.id', 'o.course_id')
    .select(['m.id', 'm.tutor_id', 't.name as tutor_name', 'm.slot_id', 'm.occurrence', 'm.duration_mins', 'm.canceled', 'c.id as course_id', 'c.course_number', 'c.course_name'])
    .where('m.id', '=', meetingId);
  if (lock) query = query.forNoKeyUpdate('m');
  const row = await query.executeTakeFirst();
  if (!row) throw new Refusal('MeetingNotFound');
  // Read after the lock, in a statement of its own: a seat taken or given back meanwhile is seen.
  const seat = await db.selectFrom('reservations').select('id').where('meeting_id', '=', meetingId).where('status', '=', 'confirmed').executeTakeFirst();
  return { ...row, occurrence: new Date(row.occurrence), booked: seat !== undefined };
}

/**
 * Why the meeting cannot be re-assigned at all, or null: it is canceled, has started (a meeting
 * that has begun is its tutor's; moving it would move who is paid for it), or nobody is booked
 * (an unbooked hour is availability: the tutor takes it back, the other one adds theirs).
 */
export function targetRefusal(target: Pick<ReassignTarget, 'canceled' | 'occurrence' | 'booked' | 'course_id'>, nowMs: number): ErrorType | null {
  if (target.canceled) return 'MeetingCanceled';
  if (target.occurrence.getTime() <= nowMs) return 'MeetingStarted';
  if (!target.booked || target.course_id === null) return 'MeetingNotBooked';
  return null;
}

/** A time a meeting takes. */
export interface MeetingTime {
  id: number;
  occurrence: Date;
  duration_mins: number;
}

export const toRemovedHour = (hour: MeetingTime): RemovedHour => ({ id: hour.id, occurrence_epoch: toEpoch(hour.occurrence), duration_mins: hour.duration_mins });

/**
 * The booked weeks of a weekly series from a day (YYYY-MM-DD, the site's zone) on that have not
 * started: the weeks a subscription moved "from a date" takes. The rows are locked in id order
 * (`lock`) before their seats are read, as a booking of the series locks them. Earliest first.
 */
export async function seriesWeeks(db: Reader, slotId: number, fromDay: string, lock: boolean): Promise<MeetingTime[]> {
  const { startsMs } = daysSpan(fromDay, fromDay, site.timeZone);
  let query = db
    .selectFrom('meetings')
    .select(['id', 'occurrence', 'duration_mins'])
    .where('slot_id', '=', slotId)
    .where('canceled', '=', false)
    .where('occurrence', '>=', new Date(startsMs))
    .where('occurrence', '>', now())
    .orderBy('id');
  if (lock) query = query.forNoKeyUpdate();
  const weeks = await query.execute();
  if (weeks.length === 0) return [];
  const booked = await db
    .selectFrom('reservations')
    .select('meeting_id')
    .distinct()
    .where('meeting_id', 'in', weeks.map((w) => w.id))
    .where('status', '=', 'confirmed')
    .execute();
  const bookedIds = new Set(booked.map((b) => b.meeting_id));
  return weeks
    .filter((w) => bookedIds.has(w.id))
    .map((w) => ({ id: w.id, occurrence: new Date(w.occurrence), duration_mins: w.duration_mins }))
    .sort((a, b) => a.occurrence.getTime() - b.occurrence.getTime());
}

/** The weeks a series re-assign moves, or the refusal when there are none (or it is not a series). */
export async function seriesToMove(db: Reader, target: ReassignTarget, fromDay: string, lock: boolean): Promise<MeetingTime[]> {
  if (target.slot_id === null) throw new Refusal('BadInput', { fields: { from_date: 'Only a weekly session moves from a day on; this one is a single session.' } });
  const weeks = await seriesWeeks(db, target.slot_id, fromDay, lock);
  if (weeks.length === 0) throw new Refusal('BadInput', { fields: { from_date: 'No booked week of this series is left from this day on.' } });
  return weeks;
}

/** The tutors who may take a meeting of this course: an unarchived offering of it, an unarchived tutor (and course). */
export async function qualifiedTutors(db: Reader, courseId: number): Promise<{ tutor_id: number; tutor_name: string; offering_id: number }[]> {
  return bookableOfferings(db).where('c.id', '=', courseId).orderBy('t.name').orderBy('t.id').execute();
}

/** A tutor at some times: free or not, and their unbooked hours there (which a meeting moved there takes). */
export interface TutorAtTimes {
  busy: OverlapMeeting | null;
  dayOff: DayOff | null;
  /** Their unbooked hours meeting those times (nobody holds a seat in them), earliest first. */
  hours: MeetingTime[];
}

/**
 * The tutor's calendar at these times. Busy: a meeting of theirs that overlaps one of them and in
 * which someone holds a seat (paid, or in a checkout right now). Their other meetings there are
 * unbooked hours. `lock`: the overlapping rows are locked (FOR UPDATE, in id order, the lock a
 * booking takes before it holds a seat) and their seats read after the lock, so a checkout that
 * committed meanwhile counts as busy, and one that comes after finds its hour canceled. The
 * caller holds the tutor's calendar lock (availability.ts), so no hour is added there meanwhile.
 */
export async function tutorAtTimes(db: Reader, tutorId: number, times: MeetingTime[], lock: boolean): Promise<TutorAtTimes> {
  const starts = times.map((t) => t.occurrence.getTime());
  const ends = times.map((t) => t.occurrence.getTime() + t.duration_mins * MINUTE_MS);
  const daysOff = await daysOffBetween(db, tutorId, Math.min(...starts), Math.max(...starts));
  const off = starts.map((start) => dayOffAt(daysOff, start)).find((d) => d !== undefined);
  const overlaps = (row: { occurrence: Date | string; duration_mins: number }) => overlapsAny(row, starts, ends);
  let meeting = (await meetingsNear(db, tutorId, Math.min(...starts), Math.max(...ends)).execute()).filter(overlaps);
  if (lock && meeting.length > 0) {
    const locked = await db
      .selectFrom('meetings')
      .select(['id', 'occurrence', 'duration_mins', 'canceled'])
      .where('id', 'in', meeting.map((m) => m.id))
      .orderBy('id')
      .forUpdate()
      .execute();
    meeting = locked.filter((m) => !m.canceled && overlaps(m));
  }
  const seats =
    meeting.length === 0
      ? []
      : await db.selectFrom('reservations').select('meeting_id').distinct().where('meeting_id', 'in', meeting.map((m) => m.id)).where('status', '!=', 'released').execute();
  const taken = new Set(seats.map((s) => s.meeting_id));
  const inOrder = meeting.map((m) => ({ id: m.id, occurrence: new Date(m.occurrence), duration_mins: m.duration_mins })).sort((a, b) => a.occurrence.getTime() - b.occurrence.getTime());
  const busy = inOrder.find((m) => taken.has(m.id));
  return {
    busy: busy ? toRemovedHour(busy) : null,
    dayOff: off ? toDayOff(off) : null,
    hours: inOrder.filter((m) => !taken.has(m.id)),
  };
}
