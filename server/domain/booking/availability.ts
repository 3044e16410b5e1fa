import { TZDate } from '@date-fns/tz';
// The one function's module: the package's index loads all of date-fns (about 250 MB more per process).
import { addWeeks } from 'date-fns/addWeeks';
import type { Kysely, Transaction } from 'kysely';
import type { Meeting, OverlapMeeting } from '../../../src/contract/entities.ts';
import { site } from '../../../src/config/site.ts';
import { nowMs } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import { toEpoch } from '../../epoch.ts';
import { dayOffAt, daysOffBetween, refuseOnDayOff, toDayOff } from '../calendar/days-off.ts';
import { meetingsById } from '../meetings/meetings-view.ts';
import { Refusal } from '../refusal.ts';

type Trx = Transaction<Database>;

/** Weekly availability is made of one-hour meetings (spec 2 §9). */
export const SLOT_MINUTES = 60;
const MINUTE_MS = 60_000;

/** The end (23:59:59 in the site's zone) of the semester's last reading day: weekly slots repeat until then. */
export function semesterEnd(lastReadingDay: string = site.semesterLastReadingDay, timeZone: string = site.timeZone): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(lastReadingDay);
  if (!match) throw new Error(`Bad semester last reading day: ${lastReadingDay}`);
  const end = new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, timeZone);
  if (Number.isNaN(end.getTime())) throw new Error(`Bad semester last reading day: ${lastReadingDay}`);
  return new Date(end.getTime());
}

/**
 * The start times of a weekly slot: the anchor, then the same wall-clock time in the site's zone
 * every week (so a 6 PM slot stays at 6 PM across daylight-saving changes), up to `lastDay`.
 */
export function weeklyOccurrences(anchor: Date, lastDay: Date, timeZone: string = site.timeZone): Date[] {
  const start = new TZDate(anchor.getTime(), timeZone);
  const occurrences: Date[] = [];
  for (let week = 0; ; week++) {
    const time = addWeeks(start, week).getTime();
    if (time > lastDay.getTime()) return occurrences;
    occurrences.push(new Date(time));
  }
}

/**
 * Serialises every change of one tutor's calendar: the tutor's row is locked until the transaction
 * ends, so two requests can never both see a free hour and both take it.
 */
export async function lockTutorCalendar(trx: Trx, tutorId: number): Promise<void> {
  const tutor = await trx.selectFrom('tutors').select('id').where('id', '=', tutorId).forNoKeyUpdate().executeTakeFirst();
  if (!tutor) throw new Refusal('TutorNotFound');
}

interface Interval {
  start: Date;
  minutes: number;
}

/**
 * The tutor's first meeting (not canceled) that overlaps one of these intervals, or undefined.
 * Touching edges (one ends when the next starts) do not overlap.
 */
export async function findOverlap(trx: Trx, tutorId: number, intervals: Interval[], ignoreMeetingId?: number): Promise<OverlapMeeting | undefined> {
  if (intervals.length === 0) return undefined;
  const starts = intervals.map((i) => i.start.getTime());
  const ends = intervals.map((i) => i.start.getTime() + i.minutes * MINUTE_MS);
  let query = meetingsNear(trx, tutorId, Math.min(...starts), Math.max(...ends)).orderBy('occurrence');
  if (ignoreMeetingId !== undefined) query = query.where('id', '!=', ignoreMeetingId);
  const meeting = (await query.execute()).find((row) => overlapsAny(row, starts, ends));
  return meeting && { id: meeting.id, occurrence_epoch: toEpoch(meeting.occurrence), duration_mins: meeting.duration_mins };
}

/**
 * A tutor's meetings, not canceled, that may overlap the time from `fromMs` to `toMs`: a meeting
 * lasts at most a day, so nothing that starts a day or more before `fromMs` can reach it.
 */
export function meetingsNear(db: Kysely<Database>, tutorId: number, fromMs: number, toMs: number) {
  return db
    .selectFrom('meetings')
    .select(['id', 'occurrence', 'duration_mins'])
    .where('tutor_id', '=', tutorId)
    .where('canceled', '=', false)
    .where('occurrence', '>', new Date(fromMs - 24 * 3600_000))
    .where('occurrence', '<', new Date(toMs));
}

/** Whether a meeting overlaps any of the spans from `starts[i]` to `ends[i]` (ms). */
export function overlapsAny(meeting: { occurrence: Date | string; duration_mins: number }, starts: number[], ends: number[]): boolean {
  const start = new Date(meeting.occurrence).getTime();
  const end = start + meeting.duration_mins * MINUTE_MS;
  return starts.some((s, i) => start < ends[i]! && end > s);
}

export async function refuseOverlap(trx: Trx, tutorId: number, intervals: Interval[], ignoreMeetingId?: number): Promise<void> {
  const overlap = await findOverlap(trx, tutorId, intervals, ignoreMeetingId);
  if (overlap) throw new Refusal('Overlap', { meeting: overlap });
}

function refuseThePast(start: Date): void {
  if (start.getTime() <= nowMs()) throw new Refusal('EarlyAnchor');
}

/** One-off availability: a single unbooked one-hour meeting (POST /api/meetings). */
export async function createOneOffMeeting(db: Db, tutorId: number, start: Date): Promise<Meeting> {
  refuseThePast(start);
  const id = await db.transaction().execute(async (trx) => {
    await lockTutorCalendar(trx, tutorId);
    await refuseOnDayOff(trx, tutorId, [start]);
    await refuseOverlap(trx, tutorId, [{ start, minutes: SLOT_MINUTES }]);
    const row = await trx.insertInto('meetings').values({ tutor_id: tutorId, occurrence: start, duration_mins: SLOT_MINUTES }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
  return (await meetingsById(db, [id], 'staff')).get(id)!;
}

/**
 * Weekly availability (POST /api/slots): one-hour meetings every week from the anchor until the
 * semester's last reading day, refused as a whole if any of them overlaps the tutor's calendar.
 * Weeks on the tutor's days off are left out (days-off.ts); a series with every week on them is
 * refused (OnDayOff).
 */
export async function createWeeklySlot(db: Db, tutorId: number, anchor: Date, lastDay: Date = semesterEnd()) {
  refuseThePast(anchor);
  const occurrences = weeklyOccurrences(anchor, lastDay);
  if (occurrences.length === 0) throw new Refusal('BadInput', { fields: { anchor_epoch: 'The semester ends before this date' } });
  return db.transaction().execute(async (trx) => {
    await lockTutorCalendar(trx, tutorId);
    const daysOff = await daysOffBetween(trx, tutorId, occurrences[0]!.getTime(), occurrences.at(-1)!.getTime());
    const weeks = occurrences.filter((start) => !dayOffAt(daysOff, start.getTime()));
    if (weeks.length === 0) throw new Refusal('OnDayOff', { day_off: toDayOff(daysOff[0]!) });
    await refuseOverlap(trx, tutorId, weeks.map((start) => ({ start, minutes: SLOT_MINUTES })));
    const slot = await trx
      .insertInto('slots')
      .values({ tutor_id: tutorId, anchor, duration_mins: SLOT_MINUTES, last_day: lastDay })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('meetings')
      .values(weeks.map((occurrence) => ({ tutor_id: tutorId, slot_id: slot.id, occurrence, duration_mins: SLOT_MINUTES })))
      .execute();
    return { id: slot.id, anchor_epoch: toEpoch(anchor), duration_mins: SLOT_MINUTES };
  });
}
