import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DayOff } from '../../../src/contract/entities.ts';
import { now } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import { toEpoch } from '../../epoch.ts';
import { Refusal } from '../refusal.ts';

/**
 * A tutor's days off (migration 018): no hour is added, moved or booked on them. Making them takes
 * the unbooked hours there back (take-back.ts); this module reads them for the calendar's other
 * writes, the booking and the availability search.
 */

type Reader = Kysely<Database> | Transaction<Database>;
type DayOffRow = Selectable<Database['tutor_days_off']>;

export const toDayOff = (row: Pick<DayOffRow, 'id' | 'first_day' | 'last_day' | 'starts_at' | 'ends_at'>): DayOff => ({
  id: row.id,
  first_day: row.first_day,
  last_day: row.last_day,
  starts_epoch: toEpoch(row.starts_at),
  ends_epoch: toEpoch(row.ends_at),
});

/**
 * Meeting `m` (the alias the search and the booking give it) is not on one of its tutor's days off:
 * a condition for their SQL. A probe of tutor_days_off_tutor per meeting, on a table that is mostly
 * empty.
 */
export const notOnDayOff = sql<boolean>`not exists (select 1 from tutor_days_off d where d.tutor_id = m.tutor_id and d.starts_at <= m.occurrence and d.ends_at > m.occurrence)`;

/** The tutor's days off that meet [fromMs, toMs], earliest first. */
export async function daysOffBetween(db: Reader, tutorId: number, fromMs: number, toMs: number): Promise<DayOffRow[]> {
  return db
    .selectFrom('tutor_days_off')
    .selectAll()
    .where('tutor_id', '=', tutorId)
    .where('starts_at', '<=', new Date(toMs))
    .where('ends_at', '>', new Date(fromMs))
    .orderBy('starts_at')
    .execute();
}

/** The day off (of those given) that an hour starting at `startMs` falls on. */
export const dayOffAt = <T extends Pick<DayOffRow, 'starts_at' | 'ends_at'>>(daysOff: T[], startMs: number): T | undefined =>
  daysOff.find((d) => new Date(d.starts_at).getTime() <= startMs && new Date(d.ends_at).getTime() > startMs);

/** Whether an hour of the tutor's starting at `start` is on one of their days off (read in a statement of its own). */
export async function isOnDayOff(db: Reader, tutorId: number, start: Date | string): Promise<boolean> {
  const ms = new Date(start).getTime();
  return dayOffAt(await daysOffBetween(db, tutorId, ms, ms), ms) !== undefined;
}

/**
 * Refuses (OnDayOff, with the day off) an hour starting on one of the tutor's days off. Called with
 * the tutor's calendar locked (availability.ts), which making days off takes too.
 */
export async function refuseOnDayOff(trx: Transaction<Database>, tutorId: number, starts: Date[]): Promise<void> {
  if (starts.length === 0) return;
  const times = starts.map((s) => s.getTime());
  const daysOff = await daysOffBetween(trx, tutorId, Math.min(...times), Math.max(...times));
  for (const start of times) {
    const dayOff = dayOffAt(daysOff, start);
    if (dayOff) throw new Refusal('OnDayOff', { day_off: toDayOff(dayOff) });
  }
}

/** The tutor's days off that have not ended, earliest first (GET /api/tutors/{id}/days-off). */
export async function listDaysOff(db: Db, tutorId: number): Promise<DayOff[]> {
  const rows = await db.selectFrom('tutor_days_off').selectAll().where('tutor_id', '=', tutorId).where('ends_at', '>', now()).orderBy('starts_at').orderBy('id').execute();
  return rows.map(toDayOff);
}

/**
 * Takes days off back (DELETE /api/tutors/{id}/days-off/{dayOffId}): hours can be added and booked
 * on them again. The hours they took back stay gone: the tutor adds them again if they want them.
 */
export async function takeBackDayOff(db: Db, tutorId: number, dayOffId: number): Promise<{ id: number }> {
  const deleted = await db.deleteFrom('tutor_days_off').where('id', '=', dayOffId).where('tutor_id', '=', tutorId).returning('id').executeTakeFirst();
  if (!deleted) throw new Refusal('DayOffNotFound');
  return { id: deleted.id };
}
