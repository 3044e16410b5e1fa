import { type RawBuilder, sql } from 'kysely';
import type { BookableMeeting, BookableSlot, CourseStyle, Offering } from '../../../src/contract/entities.ts';
import type { Db } from '../../db/db.ts';
import { offeringColumns, type OfferingRow, toOffering } from '../catalog/offerings.ts';
import { now } from '../../clock.ts';
import { notOnDayOff } from '../calendar/days-off.ts';

/** The search's filters; a filter left out matches every value. */
export interface AvailabilityQuery {
  course: number;
  capacity?: 1 | 2 | undefined;
  course_style?: CourseStyle | undefined;
}

type Want = { capacity: 1 | 2; style: CourseStyle };

/** Every (size, style) a booking matching the query could ask for. */
function wantedBookings(query: AvailabilityQuery): Want[] {
  const capacities = query.capacity ? [query.capacity] : ([1, 2] as const);
  const styles = query.course_style ? [query.course_style] : (['in-person', 'online'] as const);
  return capacities.flatMap((capacity) => styles.map((style) => ({ capacity, style })));
}

export interface SeatState {
  reservations_taken: number;
  capacity: number;
  /** The offering the meeting was booked for (null while unbooked). */
  booked_offering_id: number | null;
  course_style: string | null;
}

/**
 * Whether a meeting has a seat for this booking: an unbooked meeting takes any booking; a
 * group-of-two meeting with one student offers its second seat only to the same offering
 * (the same tutor and course) and the same style.
 */
export function hasSeat(meeting: SeatState, want: { capacity: number; offeringId: number; style: string }): boolean {
  if (meeting.reservations_taken === 0) return true;
  return (
    want.capacity === 2 &&
    meeting.capacity === 2 &&
    meeting.reservations_taken < 2 &&
    meeting.booked_offering_id === want.offeringId &&
    meeting.course_style === want.style
  );
}

/**
 * The seats a meeting has for the search once expired holds are left out: holds that ran out still
 * count in reservations_taken until a booking releases them (holds.ts); leaving them out here keeps
 * searches exact without writing on every read. Held seats are few (a checkout's 15 minutes) and
 * indexed apart (status = 'held'), so the expired ones are counted once per search, in a join, not
 * once per meeting.
 */
const seatsTaken = sql<number>`(m.reservations_taken - coalesce(x.expired_holds, 0))`;

function expiredHolds(db: Db, at: Date) {
  return db
    .selectFrom('reservations')
    .select(['meeting_id', (eb) => eb.fn.countAll<number>().as('expired_holds')])
    .where('status', '=', sql.lit('held'))
    .where('expires_at', '<', at)
    .groupBy('meeting_id')
    .as('x');
}

/**
 * `hasSeat` in SQL, for every booking the query may ask for: each condition says that a meeting has
 * a seat for one (size, style) the query allows, and a meeting matches when any does. Free
 * meetings fit every booking, so when group-of-two bookings are allowed, one condition per style
 * (free, or its second seat open for this offering and style) covers the one-on-one ones too.
 */
function seatConditions(query: AvailabilityQuery): RawBuilder<boolean>[] {
  const free = sql<boolean>`${seatsTaken} <= 0`;
  if (query.capacity === 1) return [free];
  return wantedBookings({ ...query, capacity: 2 }).map(
    ({ style }) => sql<boolean>`(${free} or (m.capacity = 2 and ${seatsTaken} = 1 and m.offering_id = o.id and m.course_style = ${style}))`,
  );
}

/** The unarchived offerings of the course whose tutor is not archived (one per tutor and course); none for an archived course. */
function offeringsOfCourse(db: Db, course: number) {
  return db
    .selectFrom('offerings as o')
    .innerJoin('courses as c', 'c.id', 'o.course_id')
    .innerJoin('tutors as t', 't.id', 'o.tutor_id')
    .where('o.course_id', '=', course)
    .where('o.archived', '=', false)
    .where('t.role', '!=', 'Archived')
    .where('c.archived', '=', false);
}

/** A time as the wire's epoch seconds, computed in SQL as toEpoch (server/epoch.ts) does: whole seconds, rounded down. */
const epochOf = (column: string) => sql<number>`floor(extract(epoch from ${sql.ref(column)}))::float8`;

/** Each offering built once, however many slots carry it. */
function offeringsOnce(): (row: OfferingRow) => Offering {
  const built = new Map<number, Offering>();
  return (row) => {
    let offering = built.get(row.offering_id);
    if (!offering) built.set(row.offering_id, (offering = toOffering(row)));
    return offering;
  };
}

/**
 * One-off meetings with a seat for this course (and size and style, when given), earliest first.
 *
 * One query: it applies the seat rule, numbers the meetings with a seat in time order, and groups
 * them by offering, one row per offering with its meetings as arrays, so an offering is read and
 * built once rather than once per meeting (reading rows is the larger cost, on PGlite above all);
 * each meeting then goes to its place by its number.
 */
export async function listBookableMeetings(db: Db, query: AvailabilityQuery): Promise<BookableMeeting[]> {
  const at = now();
  const bookable = offeringsOfCourse(db, query.course)
    .innerJoin('meetings as m', 'm.tutor_id', 'o.tutor_id')
    .leftJoin(expiredHolds(db, at), 'x.meeting_id', 'm.id')
    // Written as the partial index meetings_one_off (011) is, so that it always applies.
    .where(sql<boolean>`m.slot_id is null and not m.canceled`)
    .where('m.occurrence', '>', at)
    // Not on the tutor's days off: their booked hours stay, without a second seat to offer.
    .where(notOnDayOff)
    .where(sql<boolean>`(${sql.join(seatConditions(query), sql` or `)})`)
    .select(['o.id as offering_id', 'm.id', 'm.duration_mins', epochOf('m.occurrence').as('epoch')])
    .select(sql<number>`row_number() over (order by m.occurrence, m.id)::int`.as('place'));
  const inOrder = sql`order by b.place`;
  const rows = await db
    .selectFrom(bookable.as('b'))
    .innerJoin('offerings as o', 'o.id', 'b.offering_id')
    .innerJoin('courses as c', 'c.id', 'o.course_id')
    .innerJoin('tutors as t', 't.id', 'o.tutor_id')
    .groupBy(['o.id', 'c.id', 't.id'])
    .select(offeringColumns)
    .select([
      sql<number[]>`array_agg(b.place ${inOrder})`.as('places'),
      sql<number[]>`array_agg(b.id ${inOrder})`.as('meeting_ids'),
      sql<number[]>`array_agg(b.epoch ${inOrder})`.as('meeting_epochs'),
      sql<number[]>`array_agg(b.duration_mins ${inOrder})`.as('meeting_minutes'),
    ])
    .execute();
  const meetings: BookableMeeting[] = new Array(rows.reduce((n, row) => n + row.places.length, 0));
  for (const row of rows) {
    const offering = toOffering(row);
    row.places.forEach((place, i) => {
      meetings[place - 1] = { id: row.meeting_ids[i]!, occurrence_epoch: row.meeting_epochs[i]!, duration_mins: row.meeting_minutes[i]!, offering };
    });
  }
  return meetings;
}


/**
 * Weekly slots whose every upcoming meeting has a seat for this course and one size and style
 * (the ones given, or any), each with those meetings earliest first; slots come in the order of
 * their next meeting (then of their id).
 *
 * One query, one row per slot that fits: its meetings are grouped in SQL, where the seat rule
 * decides whether the slot fits, and come back as arrays in time order, so the offering and the
 * slot travel once per slot rather than once per meeting. Meetings are reached through the tutor's
 * slots: a slot's meetings are written together and stay its tutor's (nothing moves a meeting to
 * another tutor), so they are read from few pages.
 */
export async function listBookableSlots(db: Db, query: AvailabilityQuery): Promise<BookableSlot[]> {
  const at = now();
  const inOrder = sql`order by m.occurrence, m.id`;
  // One subscription books one size and style for every meeting of the slot (bool_and skips nulls,
  // so a condition that is null, as hasSeat's comparisons with a null are false, counts as false).
  const fits = seatConditions(query).map((condition) => sql`bool_and(coalesce(${condition}, false))`);
  const rows = await offeringsOfCourse(db, query.course)
    .innerJoin('slots as s', 's.tutor_id', 'o.tutor_id')
    .innerJoin('meetings as m', 'm.slot_id', 's.id')
    .leftJoin(expiredHolds(db, at), 'x.meeting_id', 'm.id')
    .where(sql<boolean>`not m.canceled`)
    .where('m.occurrence', '>', at)
    // Up to the slot's last day (a series ended from a date keeps its booked weeks after it, never
    // offered again), and off the tutor's days off: the weeks a subscription takes (booking.ts).
    .where(sql<boolean>`m.occurrence <= s.last_day`)
    .where(notOnDayOff)
    // Every selected column is the slot's, its offering's, course's or tutor's (keys grouped on).
    .groupBy(['s.id', 'o.id', 'c.id', 't.id'])
    .having(sql<boolean>`${sql.join(fits, sql` or `)}`)
    .select([...offeringColumns, 's.id as slot_id', epochOf('s.anchor').as('anchor_epoch'), 's.duration_mins as slot_duration'])
    .select([
      sql<number[]>`array_agg(m.id ${inOrder})`.as('meeting_ids'),
      sql<number[]>`array_agg(${epochOf('m.occurrence')} ${inOrder})`.as('meeting_epochs'),
      sql<number[]>`array_agg(m.duration_mins ${inOrder})`.as('meeting_minutes'),
    ])
    .orderBy(sql`min(m.occurrence)`)
    .orderBy('s.id')
    .execute();
  const offering = offeringsOnce();
  return rows.map((row) => {
    const offered = offering(row);
    return {
      slot: { id: row.slot_id, anchor_epoch: row.anchor_epoch, duration_mins: row.slot_duration },
      meetings: row.meeting_ids.map((id, i) => ({ id, occurrence_epoch: row.meeting_epochs[i]!, duration_mins: row.meeting_minutes[i]!, offering: offered })),
      offering: offered,
    };
  });
}
