import type { Meeting, MeetingWithPayments, PaidTime, Payment } from '../../../src/contract/entities.ts';
import type { Db } from '../../db/db.ts';
import { toEpoch } from '../../epoch.ts';
import { isBookedMeeting } from '../booking/booked.ts';
import { paidMinutes } from '../pay/paid-time-rules.ts';
import { meetingsWithTutorAndCourse } from '../../db/meeting-joins.ts';

/**
 * Who reads the meetings: staff see the whole lesson report, a customer only its homework (the
 * attendance and the private note are staff's). Every read names its reader, so that no new read
 * can hand a customer the staff's fields by default.
 */
export type MeetingReader = 'staff' | 'customer';

/** Meetings as the dashboards see them (docs/spec/contract.md `Meeting`), by id. */
export async function meetingsById(db: Db, ids: number[], reader: MeetingReader): Promise<Map<number, Meeting>> {
  if (ids.length === 0) return new Map();
  return meetingsWhere(db, { ids }, reader);
}

/** The meetings with these ids, or a tutor's meetings that are not canceled, by id in time order. */
/** Meetings that start at or after `from` and before `to`. */
export interface Span {
  from: Date;
  to: Date;
}

async function meetingsWhere(db: Db, filter: { ids: number[] } | { tutorId: number; span?: Span }, reader: MeetingReader): Promise<Map<number, Meeting>> {
  const staff = reader === 'staff';
  let query = meetingsWithTutorAndCourse(db)
    // Who entered a change awaiting approval, and who approved the paid time last (decision 022).
    .leftJoin('tutors as rq', 'rq.id', 'm.duration_requested_by')
    .leftJoin('tutors as ap', 'ap.id', 'm.duration_approved_by')
    .select([
      'm.id',
      'm.occurrence',
      'm.duration_mins',
      'm.notes',
      'm.homework',
      'm.course_style',
      'm.capacity',
      'm.reservations_taken',
      'm.slot_id',
      't.id as tutor_id',
      't.name as tutor_name',
      't.phone as tutor_phone',
      't.email as tutor_email',
      'c.course_number',
      'c.course_name',
    ])
    // Selected for staff only: a customer's read never holds them, even in memory.
    .$if(staff, (q) =>
      q.select([
        'm.attendance',
        'm.private_note',
        'm.paid_mins',
        'm.duration_requested_at',
        'rq.id as requested_by_id',
        'rq.name as requested_by_name',
        'm.duration_approved_at',
        'ap.id as approved_by_id',
        'ap.name as approved_by_name',
      ]),
    )
    .orderBy('m.occurrence')
    .orderBy('m.id');
  query = 'ids' in filter ? query.where('m.id', 'in', filter.ids) : query.where('m.tutor_id', '=', filter.tutorId).where('m.canceled', '=', false);
  if ('span' in filter && filter.span) query = query.where('m.occurrence', '>=', filter.span.from).where('m.occurrence', '<', filter.span.to);
  const rows = await query.execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        occurrence_epoch: toEpoch(row.occurrence),
        duration_mins: row.duration_mins,
        notes: row.notes,
        course_style: row.course_style,
        capacity: row.capacity,
        reservations_taken: row.reservations_taken,
        tutor: { id: row.tutor_id, name: row.tutor_name, phone: row.tutor_phone, email: row.tutor_email },
        offering: row.course_number !== null && row.course_name !== null ? { course: { course_number: row.course_number, course_name: row.course_name } } : null,
        slot: row.slot_id !== null ? { id: row.slot_id } : null,
        homework: row.homework,
        ...(staff ? { attendance: row.attendance ?? null, private_note: row.private_note ?? '', paid_time: paidTime(row) } : {}),
      },
    ]),
  );
}

/** A staff read's paid time (decision 022): the minutes paid, a change awaiting approval, the last approval. */
function paidTime(row: {
  duration_mins: number;
  paid_mins?: number | null;
  duration_requested_at?: Date | null;
  requested_by_id?: number | null;
  requested_by_name?: string | null;
  duration_approved_at?: Date | null;
  approved_by_id?: number | null;
  approved_by_name?: string | null;
}): PaidTime {
  const person = (id: number | null | undefined, name: string | null | undefined) => (id != null && name != null ? { id, name } : null);
  const approvedBy = person(row.approved_by_id, row.approved_by_name);
  return {
    minutes: paidMinutes({ durationMins: row.duration_mins, paidMins: row.paid_mins ?? null }),
    awaiting: row.duration_requested_at ? { by: person(row.requested_by_id, row.requested_by_name), epoch: toEpoch(row.duration_requested_at) } : null,
    approved: row.duration_approved_at && approvedBy ? { by: approvedBy, epoch: toEpoch(row.duration_approved_at) } : null,
  };
}

/**
 * Payments in the contract's shape with their meetings: a customer's (newest meeting first) or
 * those of some meetings. Checkouts still in progress (a held seat awaiting a card) and abandoned
 * ones are left out: they are not payments yet.
 */
async function listPayments(
  db: Db,
  filter: { customerId: number } | { tutorId: number; span?: Span; meetings: Map<number, Meeting> } | { meetingIds: number[]; meetings: Map<number, Meeting> },
): Promise<Payment[]> {
  let query = db
    .selectFrom('payments as p')
    .innerJoin('customers as cu', 'cu.id', 'p.customer_id')
    .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
    .select([
      'p.id',
      'p.meeting_id',
      'p.is_incremental',
      'p.minutes_paid',
      'p.payment_status',
      'p.subscription_id',
      'p.inserted_at',
      'cu.id as customer_id',
      'cu.firstname',
      'cu.lastname',
      'cu.phone',
      'cu.email',
    ])
    .$narrowType<{ meeting_id: number }>()
    .where('p.payment_status', '!=', 'abandoned')
    .where((eb) =>
      eb.not(
        eb.and([
          eb('p.payment_status', '=', 'requires_payment_method'),
          eb.exists(eb.selectFrom('reservations as r').select('r.id').whereRef('r.meeting_id', '=', 'p.meeting_id').whereRef('r.customer_id', '=', 'p.customer_id').where('r.status', '=', 'held')),
        ]),
      ),
    )
    .orderBy('m.occurrence', 'desc')
    .orderBy('p.id');
  if ('customerId' in filter) query = query.where('p.customer_id', '=', filter.customerId);
  else if ('tutorId' in filter) {
    query = query.where('m.tutor_id', '=', filter.tutorId).where('m.canceled', '=', false);
    if (filter.span) query = query.where('m.occurrence', '>=', filter.span.from).where('m.occurrence', '<', filter.span.to);
  }
  else query = query.where('p.meeting_id', 'in', filter.meetingIds);
  let rows = await query.execute();
  // Read here only for a customer's own payments: the staff's lists pass the meetings they read.
  const meetings = 'meetings' in filter ? filter.meetings : await meetingsById(db, [...new Set(rows.map((r) => r.meeting_id))], 'customer');
  // The meetings were read first: one added (and booked) since is left out with its payments, as
  // the calendar is the one that first read saw.
  if ('meetings' in filter) rows = rows.filter((row) => meetings.has(row.meeting_id));
  return rows.map((row) => ({
    id: row.id,
    customer: { id: row.customer_id, firstname: row.firstname, lastname: row.lastname, phone: row.phone, email: row.email },
    meeting: meetings.get(row.meeting_id)!,
    is_incremental: row.is_incremental,
    minutes_paid: row.minutes_paid,
    payment_status: row.payment_status,
    subscription: row.subscription_id !== null ? { id: row.subscription_id } : null,
    inserted_at_epoch: toEpoch(row.inserted_at),
  }));
}

/** A customer's payments with their meetings, newest meeting first. */
export function listCustomerPayments(db: Db, customerId: number): Promise<Payment[]> {
  return listPayments(db, { customerId });
}

/**
 * A tutor's calendar (GET /api/tutors/{id}/meetings): every meeting not canceled, past and future,
 * or those starting within `span`, earliest first, each with the payments made for it.
 */
export async function listTutorMeetings(db: Db, tutorId: number, span?: Span): Promise<MeetingWithPayments[]> {
  // Two queries whatever the length of the calendar: the meetings, then all their payments.
  const meetings = await meetingsWhere(db, { tutorId, span }, 'staff');
  const payments = await listPayments(db, { tutorId, span, meetings });
  const byMeeting = new Map<number, Payment[]>();
  for (const payment of [...payments].sort((a, b) => Number(a.id) - Number(b.id))) {
    const id = Number(payment.meeting.id);
    const list = byMeeting.get(id);
    if (list) list.push(payment);
    else byMeeting.set(id, [payment]);
  }
  return [...meetings.values()].map((meeting) => ({ meeting, payments: byMeeting.get(Number(meeting.id)) ?? [] }));
}

/**
 * Recent meetings across all tutors (the supervisor's Summaries): meetings that have started and
 * that someone booked, newest first (then by id), a page at a time. `after` is the last one seen: its
 * start and id, since several meetings often start at the same time.
 */
export async function listRecentMeetings(
  db: Db,
  page: { now: Date; after?: { start: Date; id?: number }; limit: number },
): Promise<MeetingWithPayments[]> {
  const { after } = page;
  const ids = (
    await db
      .selectFrom('meetings as m')
      .select('m.id')
      .where('m.canceled', '=', false)
      .where('m.occurrence', '<=', page.now)
      .where((eb) =>
        !after
          ? eb.lit(true)
          : after.id === undefined
            ? eb('m.occurrence', '<', after.start)
            : eb.or([eb('m.occurrence', '<', after.start), eb.and([eb('m.occurrence', '=', after.start), eb('m.id', '<', after.id)])]),
      )
      .where(isBookedMeeting)
      .orderBy('m.occurrence', 'desc')
      .orderBy('m.id', 'desc')
      .limit(page.limit)
      .execute()
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  const meetings = await meetingsById(db, ids, 'staff');
  const payments = await listPayments(db, { meetingIds: ids, meetings });
  return ids.map((id) => ({ meeting: meetings.get(id)!, payments: payments.filter((p) => Number(p.meeting.id) === id) }));
}
