import type { BookableMeeting, BookableSlot, CourseStyle } from '../../src/contract/entities.ts';
import type { Db } from '../db/connection.ts';
import { toEpoch } from '../db/schema.ts';
import { offeringColumns, toOffering } from './offerings.ts';
import { now } from '../clock.ts';

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

/** Future meetings of tutors (not archived) who have an unarchived offering of the course. */
function meetingsOfCourse(db: Db, course: number) {
  return db
    .selectFrom('meetings as m')
    .innerJoin('offerings as o', (join) => join.onRef('o.tutor_id', '=', 'm.tutor_id').on('o.course_id', '=', course).on('o.archived', '=', false))
    .innerJoin('courses as c', 'c.id', 'o.course_id')
    .innerJoin('tutors as t', 't.id', 'm.tutor_id')
    .where('t.role', '!=', 'Archived')
    .where('m.canceled', '=', false)
    .where('m.occurrence', '>', now())
    .select([
      ...offeringColumns,
      'm.id',
      'm.slot_id',
      'm.occurrence',
      'm.duration_mins',
      'm.capacity',
      'm.reservations_taken',
      'm.offering_id as booked_offering_id',
      'm.course_style',
      // Holds that ran out still count in reservations_taken until a booking releases them;
      // reading them here keeps searches exact without writing on every read.
      (eb) =>
        eb
          .selectFrom('reservations as r')
          .select((sub) => sub.fn.countAll<number>().as('n'))
          .whereRef('r.meeting_id', '=', 'm.id')
          .where('r.status', '=', 'held')
          .where('r.expires_at', '<', now())
          .as('expired_holds'),
    ])
    .orderBy('m.occurrence');
}

/** The seats as they stand once expired holds are left out. */
function liveSeats<T extends SeatState & { expired_holds: number | string | null }>(row: T): T {
  const taken = row.reservations_taken - Number(row.expired_holds ?? 0);
  return taken > 0 ? { ...row, reservations_taken: taken } : { ...row, reservations_taken: 0, capacity: 0, booked_offering_id: null, course_style: null };
}

/** One-off meetings with a seat for this course (and size and style, when given), earliest first. */
export async function listBookableMeetings(db: Db, query: AvailabilityQuery): Promise<BookableMeeting[]> {
  const rows = (await meetingsOfCourse(db, query.course).where('m.slot_id', 'is', null).execute()).map(liveSeats);
  const wanted = wantedBookings(query);
  return rows
    .filter((row) => wanted.some(({ capacity, style }) => hasSeat(row, { capacity, offeringId: row.offering_id, style })))
    .map((row) => ({ id: row.id, occurrence_epoch: toEpoch(row.occurrence), duration_mins: row.duration_mins, offering: toOffering(row) }));
}

/**
 * Weekly slots whose every upcoming meeting has a seat for this course and one size and style
 * (the ones given, or any), each with those meetings earliest first; slots come in the order of
 * their next meeting.
 */
export async function listBookableSlots(db: Db, query: AvailabilityQuery): Promise<BookableSlot[]> {
  const rows = (
    await meetingsOfCourse(db, query.course)
      .innerJoin('slots as s', 's.id', 'm.slot_id')
      .select(['s.anchor', 's.duration_mins as slot_duration'])
      .execute()
  ).map(liveSeats);
  const bySlot = new Map<number, typeof rows>();
  for (const row of rows) bySlot.set(row.slot_id!, [...(bySlot.get(row.slot_id!) ?? []), row]);

  const slots: BookableSlot[] = [];
  for (const [slotId, meetings] of bySlot) {
    const first = meetings[0]!;
    // One subscription books one size and style for every meeting of the slot.
    const bookable = wantedBookings(query).some(({ capacity, style }) => meetings.every((m) => hasSeat(m, { capacity, offeringId: first.offering_id, style })));
    if (!bookable) continue;
    const offering = toOffering(first);
    slots.push({
      slot: { id: slotId, anchor_epoch: toEpoch(first.anchor), duration_mins: first.slot_duration },
      meetings: meetings.map((m) => ({ id: m.id, occurrence_epoch: toEpoch(m.occurrence), duration_mins: m.duration_mins, offering })),
      offering,
    });
  }
  return slots;
}
