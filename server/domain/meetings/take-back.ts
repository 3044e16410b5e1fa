import type { Transaction } from 'kysely';
import type { BookedHour, DayOffTaken, RemovedHour, SeriesEnd } from '../../../src/contract/entities.ts';
import { site } from '../../../src/config/site.ts';
import { dayInZone } from '../../../src/lib/site-days.ts';
import { now, nowMs } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import { toEpoch } from '../../epoch.ts';
import { lockTutorCalendar } from '../booking/availability.ts';
import { daysOffBetween, toDayOff } from '../calendar/days-off.ts';
import { releaseExpiredHolds } from '../booking/holds.ts';
import { meetingOwner, refuseBy, type Staff } from './meeting-changes.ts';
import { notAuthorized, Refusal } from '../refusal.ts';
import { dayOffProblems, dayOffSpan, deleteRefusal, type HourFacts, seriesEndFromMs, seriesLastDayMs, sortOutHours } from './take-back-rules.ts';

/**
 * A tutor takes published hours back: one unbooked hour (DELETE /api/meetings/{id}), a weekly
 * series from a date (POST /api/slots/{id}/end), or days off (POST /api/tutors/{id}/days-off).
 * The rules are take-back-rules.ts; docs/contract-extensions.md describes the calls.
 *
 * An hour taken back stays as its meetings row, canceled (with `taken_back` saying why), as a
 * tutor's cancel leaves it: the payments of earlier checkouts that name it keep their meeting, and
 * nothing reads a canceled meeting as availability (the search, the bookings, the calendar).
 *
 * **The race with a checkout.** Each call releases the holds that ran out, locks the tutor's
 * calendar, then locks the hours' meetings rows (`FOR UPDATE`, in time order, as a weekly booking
 * locks its weeks) — the lock a booking takes before it holds a seat — and only then reads their
 * seats, in a statement of its own, so that a checkout which committed while we waited is seen.
 * So either the booking held its seat first, and the hour counts as someone paying right now
 * (AlreadyBooked: refused whole, and the payment completes for an hour that stays), or the hour
 * was canceled first, and the booking, once it has the row, finds it canceled (MeetingNotFound) or
 * leaves it out of its weeks. Fulfilment only confirms held seats, so a payment can never complete
 * for an hour that is gone; a hold that ran out was released before the check, and its late charge
 * finds its payment abandoned and is refunded (fulfilment.ts).
 */

type Trx = Transaction<Database>;

interface Hour extends HourFacts {
  id: number;
  occurrence: Date;
  duration_mins: number;
  course_number: string | null;
  customers: BookedHour['customers'];
}

type HourFilter = { meetingId: number } | { slotId: number; fromMs: number } | { tutorId: number; startsMs: number; endsMs: number };

/**
 * The meetings (not canceled) a call covers, with their seats. `lock`: the rows are locked first,
 * in time order, and the seats read after the locks (a dry run reads without locking). One hour
 * by id is read whatever its time (the rules refuse one that started); ranges cover hours that
 * have not started.
 */
async function hoursOf(trx: Trx, filter: HourFilter, lock: boolean): Promise<Hour[]> {
  let query = trx.selectFrom('meetings').select(['id', 'occurrence', 'duration_mins']).where('canceled', '=', false).orderBy('occurrence').orderBy('id');
  if ('meetingId' in filter) query = query.where('id', '=', filter.meetingId);
  else if ('slotId' in filter) query = query.where('slot_id', '=', filter.slotId).where('occurrence', '>=', new Date(filter.fromMs)).where('occurrence', '>', now());
  else {
    query = query
      .where('tutor_id', '=', filter.tutorId)
      .where('occurrence', '>=', new Date(filter.startsMs))
      .where('occurrence', '<', new Date(filter.endsMs))
      .where('occurrence', '>', now());
  }
  const meetings = await (lock ? query.forUpdate() : query).execute();
  if (meetings.length === 0) return [];
  const seats = await trx
    .selectFrom('reservations as r')
    .innerJoin('customers as c', 'c.id', 'r.customer_id')
    .innerJoin('meetings as m', 'm.id', 'r.meeting_id')
    .leftJoin('offerings as o', 'o.id', 'm.offering_id')
    .leftJoin('courses as co', 'co.id', 'o.course_id')
    .select(['r.meeting_id', 'r.status', 'c.id as customer_id', 'c.firstname', 'c.lastname', 'co.course_number'])
    .where('r.meeting_id', 'in', meetings.map((m) => m.id))
    .where('r.status', '!=', 'released')
    .orderBy('r.id')
    .execute();
  return meetings.map((meeting) => {
    const own = seats.filter((s) => s.meeting_id === meeting.id);
    return {
      id: meeting.id,
      occurrence: new Date(meeting.occurrence),
      duration_mins: meeting.duration_mins,
      startMs: new Date(meeting.occurrence).getTime(),
      seats: { confirmed: own.filter((s) => s.status === 'confirmed').length, held: own.filter((s) => s.status === 'held').length },
      course_number: own[0]?.course_number ?? null,
      customers: own.map((s) => ({ id: s.customer_id, firstname: s.firstname, lastname: s.lastname })),
    };
  });
}

const removedHour = (hour: Hour): RemovedHour => ({ id: hour.id, occurrence_epoch: toEpoch(hour.occurrence), duration_mins: hour.duration_mins });

const bookedHour = (hour: Hour): BookedHour => ({
  meeting: { ...removedHour(hour), course_number: hour.course_number },
  customers: hour.customers.filter((c, i, all) => all.findIndex((o) => o.id === c.id) === i),
});

/** The hours go (their rows stay, canceled: see above). */
async function takeBack(trx: Trx, hours: Hour[], staff: Staff, why: 'deleted' | 'series_ended' | 'day_off'): Promise<void> {
  if (hours.length === 0) return;
  await trx
    .updateTable('meetings')
    .set({ canceled: true, taken_back: why, canceled_by: staff.tutorId })
    .where('id', 'in', hours.map((h) => h.id))
    .execute();
}

/** Splits the hours into gone and booked, refusing the whole call while someone pays for one of them. */
function sortOut(hours: Hour[]) {
  const { remove, keep, paying } = sortOutHours(hours);
  // A checkout in progress (a held seat): its payment may complete at any moment. The error names them.
  if (paying.length > 0) throw new Refusal('AlreadyBooked', { meetings: paying.map(removedHour) });
  return { remove, keep };
}

/** DELETE /api/meetings/{id}: an unbooked hour that has not started, one-off or one week of a series. */
export async function deleteHour(db: Db, staff: Staff, meetingId: number): Promise<{ id: number }> {
  const tutorId = await meetingOwner(db, staff, meetingId);
  await releaseExpiredHolds(db);
  await db.transaction().execute(async (trx) => {
    await lockTutorCalendar(trx, tutorId);
    const [hour] = await hoursOf(trx, { meetingId }, true);
    if (!hour) throw new Refusal('MeetingNotFound');
    refuseBy(deleteRefusal(hour, nowMs()));
    await takeBack(trx, [hour], staff, 'deleted');
  });
  return { id: meetingId };
}

/**
 * POST /api/slots/{id}/end: the series' unbooked weeks from `askedMs` on go (from now, when that
 * has passed: seriesEndFromMs), and its last day moves to just before it, so no week from then on
 * is offered or booked again (a week that stays booked and is skipped later is not offered either).
 * Booked weeks stay and are listed with their customers. A subscription of the series keeps its
 * booked weeks, each charged when its skip window closes as before; the weeks that go had no seat
 * of it, so no charge of it (weekly-charges.ts). `dryRun`: what it would do, nothing written or locked.
 */
export async function endSeries(db: Db, staff: Staff, slotId: number, askedMs: number, dryRun: boolean): Promise<SeriesEnd> {
  const fromMs = seriesEndFromMs(askedMs, nowMs());
  const slot = await db.selectFrom('slots').select(['id', 'tutor_id', 'anchor', 'duration_mins']).where('id', '=', slotId).executeTakeFirst();
  if (!slot) throw new Refusal('SlotNotFound');
  if (slot.tutor_id !== staff.tutorId && staff.role !== 'Supervisor') throw notAuthorized();
  await releaseExpiredHolds(db);
  return db.transaction().execute(async (trx) => {
    if (!dryRun) await lockTutorCalendar(trx, slot.tutor_id);
    const { remove, keep } = sortOut(await hoursOf(trx, { slotId, fromMs }, !dryRun));
    if (!dryRun) {
      await takeBack(trx, remove, staff, 'series_ended');
      // The slot row as it is now (another end may have moved it while this one waited for the lock).
      const current = await trx.selectFrom('slots').select('last_day').where('id', '=', slotId).executeTakeFirstOrThrow();
      const lastDay = seriesLastDayMs(new Date(current.last_day).getTime(), fromMs);
      if (lastDay !== new Date(current.last_day).getTime()) await trx.updateTable('slots').set({ last_day: new Date(lastDay) }).where('id', '=', slotId).execute();
    }
    return {
      slot: { id: slot.id, anchor_epoch: toEpoch(slot.anchor), duration_mins: slot.duration_mins },
      from_epoch: Math.floor(fromMs / 1000),
      removed: remove.map(removedHour),
      booked: keep.map(bookedHour),
      written: !dryRun,
    };
  });
}

/**
 * POST /api/tutors/{id}/days-off: whole days in the site's zone. The tutor's unbooked hours on them
 * go; booked ones stay and are listed with their customers; no hour is added, moved or booked on
 * them until they are taken back (days-off.ts). Days that meet other days off are refused.
 */
export async function takeDaysOff(db: Db, staff: Staff, tutorId: number, firstDay: string, lastDay: string): Promise<DayOffTaken> {
  const problems = dayOffProblems(firstDay, lastDay, dayInZone(nowMs(), site.timeZone));
  if (problems) throw new Refusal('BadInput', { fields: problems });
  const span = dayOffSpan(firstDay, lastDay, site.timeZone);
  await releaseExpiredHolds(db);
  return db.transaction().execute(async (trx) => {
    await lockTutorCalendar(trx, tutorId);
    const [clash] = await daysOffBetween(trx, tutorId, span.startsMs, span.endsMs - 1);
    if (clash) throw new Refusal('DayOffOverlap', { day_off: toDayOff(clash) });
    const { remove, keep } = sortOut(await hoursOf(trx, { tutorId, ...span }, true));
    await takeBack(trx, remove, staff, 'day_off');
    const row = await trx
      .insertInto('tutor_days_off')
      .values({ tutor_id: tutorId, first_day: firstDay, last_day: lastDay, starts_at: new Date(span.startsMs), ends_at: new Date(span.endsMs), created_by: staff.tutorId, created_at: now() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { day_off: toDayOff(row), removed: remove.map(removedHour), booked: keep.map(bookedHour) };
  });
}
