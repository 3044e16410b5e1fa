import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BookableMeeting, BookableSlot, CourseStyle } from '../../src/contract/entities.ts';
import { advanceClock, now } from '../../server/clock.ts';
import type { Db } from '../../server/db/db.ts';
import { toEpoch } from '../../server/epoch.ts';
import { seedLargeDataSet } from '../../server/demo/large-data.ts';
import { type AvailabilityQuery, hasSeat, listBookableMeetings, listBookableSlots } from '../../server/domain/booking/availability-search.ts';
import { weeklyOccurrences } from '../../server/domain/booking/availability.ts';
import { offeringColumns, toOffering } from '../../server/domain/catalog/offerings.ts';
import { describeApi } from './harness.ts';
import { counting } from './statement-counter.ts';
import { pinClock } from './suite-clock.ts';

/**
 * The search as it was first written, meeting by meeting in JavaScript with `hasSeat`: the answers
 * of the one-query search must stay exactly these (same JSON, same order; meetings at the same time
 * come in id order, slots whose next meeting is at the same time in slot id order).
 */
async function referenceRows(db: Db, course: number) {
  const rows = await db
    .selectFrom('meetings as m')
    .innerJoin('offerings as o', (join) => join.onRef('o.tutor_id', '=', 'm.tutor_id').on('o.course_id', '=', course).on('o.archived', '=', false))
    .innerJoin('courses as c', 'c.id', 'o.course_id')
    .innerJoin('tutors as t', 't.id', 'm.tutor_id')
    .leftJoin('slots as s', 's.id', 'm.slot_id')
    .where('t.role', '!=', 'Archived')
    .where('m.canceled', '=', false)
    .where('m.occurrence', '>', now())
    .select([...offeringColumns, 'm.id', 'm.slot_id', 'm.occurrence', 'm.duration_mins', 'm.capacity', 'm.reservations_taken', 'm.offering_id as booked_offering_id', 'm.course_style', 's.anchor', 's.duration_mins as slot_duration'])
    .orderBy('m.occurrence')
    .orderBy('m.id')
    .execute();
  const holds = await db.selectFrom('reservations').select('meeting_id').where('status', '=', 'held').where('expires_at', '<', now()).execute();
  return rows.map((row) => {
    const taken = row.reservations_taken - holds.filter((h) => h.meeting_id === row.id).length;
    return taken > 0 ? { ...row, reservations_taken: taken } : { ...row, reservations_taken: 0, capacity: 0, booked_offering_id: null, course_style: null };
  });
}

function wanted(query: AvailabilityQuery) {
  const capacities = query.capacity ? [query.capacity] : [1, 2];
  const styles: CourseStyle[] = query.course_style ? [query.course_style] : ['in-person', 'online'];
  return capacities.flatMap((capacity) => styles.map((style) => ({ capacity, style })));
}

type Rows = Awaited<ReturnType<typeof referenceRows>>;

function referenceMeetings(rows: Rows, query: AvailabilityQuery): BookableMeeting[] {
  return rows
    .filter((row) => row.slot_id === null && wanted(query).some((want) => hasSeat(row, { ...want, offeringId: row.offering_id })))
    .map((row) => ({ id: row.id, occurrence_epoch: toEpoch(row.occurrence), duration_mins: row.duration_mins, offering: toOffering(row) }));
}

function referenceSlots(rows: Rows, query: AvailabilityQuery): BookableSlot[] {
  const bySlot = new Map<number, Rows>();
  for (const row of rows) if (row.slot_id !== null) bySlot.set(row.slot_id, [...(bySlot.get(row.slot_id) ?? []), row]);
  const slots = [...bySlot].filter(([, meetings]) => wanted(query).some((want) => meetings.every((m) => hasSeat(m, { ...want, offeringId: meetings[0]!.offering_id }))));
  slots.sort(([a, ma], [b, mb]) => ma[0]!.occurrence.getTime() - mb[0]!.occurrence.getTime() || a - b);
  return slots.map(([id, meetings]) => ({
    slot: { id, anchor_epoch: toEpoch(meetings[0]!.anchor!), duration_mins: meetings[0]!.slot_duration! },
    meetings: meetings.map((m) => ({ id: m.id, occurrence_epoch: toEpoch(m.occurrence), duration_mins: m.duration_mins, offering: toOffering(m) })),
    offering: toOffering(meetings[0]!),
  }));
}

const queries = (course: number): AvailabilityQuery[] =>
  [undefined, 1 as const, 2 as const].flatMap((capacity) => [undefined, 'in-person' as const, 'online' as const].map((course_style) => ({ course, capacity, course_style })));

describeApi('availability search on a large data set', (ctx) => {
  let courses: number[] = [];

  beforeAll(async () => {
    const { db } = ctx().database;
    // Small, but with every kind of seat: most hours booked, groups of one and two, checkouts in
    // progress and holds that ran out, skipped weeks, archived tutors and offerings.
    const { courseIds } = await seedLargeDataSet(db, { tutors: 40, courses: 6, tutorsPerCourse: 12, slotsPerTutor: 6, oneOffsPerWeek: 4, weeks: 8, customers: 150, bookedSlotShare: 0.7, bookedOneOffShare: 0.7, seed: 7 });
    // The set's courses, and the demo's two with booked meetings.
    const demo = await db.selectFrom('courses').select('id').where('course_number', 'in', ['CS 121', 'MATH 124']).execute();
    courses = [...courseIds, ...demo.map((c) => c.id)];
    expect(courses).toHaveLength(8);
  });
  afterAll(() => pinClock());

  it('writes a consistent data set: seats match reservations, weekly times match weeklyOccurrences, no overlaps', async () => {
    const { db } = ctx().database;
    const { rows } = await sql<{ bad_seats: number; overlaps: number; expired_holds: number; live_holds: number; half_groups: number; full_groups: number; skipped: number }>`
      select
        (select count(*)::int from meetings m where m.reservations_taken <> (select count(*) from reservations r where r.meeting_id = m.id and r.status <> 'released')
           or m.reservations_taken > greatest(m.capacity, 1) or (m.reservations_taken = 0 and (m.capacity <> 0 or m.offering_id is not null))) as bad_seats,
        (select count(*)::int from meetings a join meetings b on a.tutor_id = b.tutor_id and a.id < b.id and not a.canceled and not b.canceled
           and a.occurrence < b.occurrence + make_interval(mins => b.duration_mins) and b.occurrence < a.occurrence + make_interval(mins => a.duration_mins)) as overlaps,
        (select count(distinct meeting_id)::int from reservations r join meetings m on m.id = r.meeting_id where r.status = 'held' and r.expires_at < ${now()} and m.occurrence > ${now()}) as expired_holds,
        (select count(distinct meeting_id)::int from reservations where status = 'held' and expires_at > ${now()}) as live_holds,
        (select count(*)::int from meetings where capacity = 2 and reservations_taken = 1 and occurrence > ${now()}) as half_groups,
        (select count(*)::int from meetings where capacity = 2 and reservations_taken = 2 and occurrence > ${now()}) as full_groups,
        (select count(*)::int from reservations where status = 'released') as skipped
    `.execute(db);
    expect(rows[0]).toMatchObject({ bad_seats: 0, overlaps: 0 });
    for (const kind of ['expired_holds', 'live_holds', 'half_groups', 'full_groups', 'skipped'] as const) expect(rows[0]![kind], kind).toBeGreaterThan(0);

    const slots = await db.selectFrom('slots').select(['id', 'anchor', 'last_day']).execute();
    for (const slot of slots) {
      const meetings = await db.selectFrom('meetings').select('occurrence').where('slot_id', '=', slot.id).orderBy('occurrence').execute();
      expect(meetings.map((m) => m.occurrence.getTime())).toEqual(weeklyOccurrences(slot.anchor, slot.last_day).map((d) => d.getTime()));
    }
  });

  it('answers exactly what the meeting-by-meeting search answered, for every course and filter', async () => {
    const { db } = ctx().database;
    const compare = async () => {
      for (const course of courses) {
        const rows = await referenceRows(db, course);
        for (const query of queries(course)) {
          expect(JSON.stringify(await listBookableMeetings(db, query)), JSON.stringify(query)).toBe(JSON.stringify(referenceMeetings(rows, query)));
          expect(JSON.stringify(await listBookableSlots(db, query)), JSON.stringify(query)).toBe(JSON.stringify(referenceSlots(rows, query)));
        }
      }
    };
    await compare();
    expect((await listBookableSlots(db, { course: courses.at(-1)! })).length).toBeGreaterThan(0);
    // The checkouts in progress run out too: their seats show as free.
    advanceClock(11 * 60_000);
    await compare();
  });

  it('runs one statement per search, however many meetings and slots it answers', async () => {
    const { db, counter } = counting(ctx().database.db);
    for (const course of courses) {
      for (const query of queries(course)) {
        counter.statements = 0;
        const meetings = await listBookableMeetings(db, query);
        expect(counter.statements, `meetings ${JSON.stringify(query)}`).toBe(1);
        expect(new Set(meetings.map((m) => m.offering)).size, 'each offering built once').toBe(new Set(meetings.map((m) => m.offering.id)).size);
        counter.statements = 0;
        const slots = await listBookableSlots(db, query);
        expect(counter.statements, `slots ${JSON.stringify(query)}`).toBe(1);
        expect(slots.every((s) => s.meetings.every((m) => m.offering === s.offering)), 'each offering built once').toBe(true);
      }
    }
  });
});
