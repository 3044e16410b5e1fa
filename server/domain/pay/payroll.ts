import { type Kysely, sql, type Transaction } from 'kysely';
import type { Payroll, PayrollAwaiting, PayrollSession, PayrollTutor, PayRate } from '../../../src/contract/entities.ts';
import { dayInZone } from '../../../src/lib/site-days.ts';
import type { Database } from '../../db/schema.ts';
import { toEpoch } from '../../epoch.ts';
import { isBookedMeeting } from '../booking/booked.ts';
import { dayRangeEpochs, type PayPeriod, payPeriodOf } from './pay-periods.ts';
import { payRateHistory, rateOnDay } from './pay-rates.ts';
import { Refusal } from '../refusal.ts';

/**
 * Payroll (issue 25): per pay period, what each tutor is paid for their confirmed meetings (those
 * with a one-line summary) at the rate of each meeting's day, and the meetings held back for a
 * missing summary.
 *
 * Marking a period paid freezes it: its meetings and amounts are written to payroll_lines (a
 * meeting is paid once), and the payroll is read from there ever after. A meeting held in a paid
 * period whose summary comes later is paid in the first unpaid period after its own (carried over).
 * Meetings of periods never marked paid stay in their own period's payroll.
 *
 * A meeting is paid its paid time (decision 022): the minutes a supervisor approved, or the booked
 * duration while a change awaits approval. An approval after the meeting was paid in a frozen
 * period pays the difference (an adjustment, below zero for fewer minutes) in the first unpaid
 * period after, as a late summary is.
 */

type Reader = Kysely<Database> | Transaction<Database>;

export interface PayrollContext {
  timeZone: string;
  payPeriodFirstDay: string;
  nowMs: number;
  /** The supervisor reading it: the changes awaiting approval of their own sessions are not theirs to approve. */
  viewerId?: number;
}

/** Only one payroll is marked paid at a time, on every instance: its meetings are chosen, then written. */
const PAYROLL_LOCK_KEY = 4_022;

interface MeetingRow {
  id: number;
  tutor_id: number;
  occurrence: Date;
  /** What the tutor is paid for (paid-time-rules.ts paidMinutes). */
  paid_minutes: number;
  notes: string;
  course_number: string | null;
  /** Set while a changed duration awaits approval. */
  duration_requested_at: Date | null;
}

function bookedMeetings(db: Reader, fromMs: number, toMs: number) {
  return db
    .selectFrom('meetings as m')
    .leftJoin('offerings as o', 'o.id', 'm.offering_id')
    .leftJoin('courses as c', 'c.id', 'o.course_id')
    .select(['m.id', 'm.tutor_id', 'm.occurrence', 'm.notes', 'c.course_number', 'm.duration_requested_at'])
    .select((eb) => eb.fn.coalesce('m.paid_mins', 'm.duration_mins').as('paid_minutes'))
    .where('m.canceled', '=', false)
    .where('m.occurrence', '>=', new Date(fromMs))
    .where('m.occurrence', '<=', new Date(toMs))
    .where(isBookedMeeting)
    .orderBy('m.occurrence')
    .orderBy('m.id');
}

const periodSpanMs = (period: PayPeriod, timeZone: string) => {
  const { from, to } = dayRangeEpochs(period.first_day, period.last_day, timeZone);
  return { fromMs: from * 1000, toMs: to * 1000 + 999 };
};

/** The span an unpaid period's payroll looks over: from the earliest paid period's first day (what may be carried over) to its own end. */
function payableSpanMs(period: PayPeriod, context: PayrollContext, paidDays: Set<string>) {
  const earliestPaid = [...paidDays].sort()[0];
  const start = earliestPaid !== undefined && earliestPaid < period.first_day ? earliestPaid : period.first_day;
  const { toMs } = periodSpanMs(period, context.timeZone);
  const { fromMs } = periodSpanMs({ first_day: start, last_day: start }, context.timeZone);
  return { fromMs, toMs };
}

/**
 * Whether the unpaid `period` pays what a meeting held at `occurrence` is owed: its own period, or
 * the first unpaid one after it (carried over only through paid periods).
 */
function paidByPeriod(occurrence: Date, period: PayPeriod, context: PayrollContext, paidDays: Set<string>): boolean {
  let own = payPeriodOf(dayInZone(new Date(occurrence).getTime(), context.timeZone), context.payPeriodFirstDay);
  if (own.first_day === period.first_day) return true;
  while (own.first_day < period.first_day) {
    if (!paidDays.has(own.first_day)) return false;
    own = payPeriodOf(dayInZone(periodSpanMs(own, context.timeZone).toMs + 1, context.timeZone), context.payPeriodFirstDay);
  }
  return own.first_day === period.first_day;
}

/**
 * The confirmed meetings an unpaid period's payroll pays: its own not paid yet, and those carried
 * over from paid periods before it (every period between them paid too, so this is the first
 * unpaid one after theirs).
 */
async function meetingsToPay(db: Reader, period: PayPeriod, context: PayrollContext, paidDays: Set<string>): Promise<MeetingRow[]> {
  const { fromMs, toMs } = payableSpanMs(period, context, paidDays);
  const rows = await bookedMeetings(db, fromMs, toMs)
    .where('m.notes', '!=', '')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('payroll_lines as l').select('l.meeting_id').whereRef('l.meeting_id', '=', 'm.id'))))
    .execute();
  return rows.filter((row) => paidByPeriod(row.occurrence, period, context, paidDays));
}

/**
 * The differences an unpaid period's payroll pays for meetings paid in frozen periods whose paid
 * time a supervisor approved (or edited) since (decision 022): their paid time now, minus the
 * minutes their lines paid, when not zero. Carried as a late summary is.
 */
async function adjustmentsToPay(db: Reader, period: PayPeriod, context: PayrollContext, paidDays: Set<string>): Promise<(MeetingRow & { minutes: number })[]> {
  if (paidDays.size === 0) return [];
  const { fromMs, toMs } = payableSpanMs(period, context, paidDays);
  const rows = await bookedMeetings(db, fromMs, toMs)
    .innerJoin(
      (eb) => eb.selectFrom('payroll_lines').select((e) => ['meeting_id', e.fn.sum<number | string>('minutes').as('paid_so_far')]).groupBy('meeting_id').as('l'),
      (join) => join.onRef('l.meeting_id', '=', 'm.id'),
    )
    .select('l.paid_so_far')
    // Only a meeting whose paid time was ever set can differ from what was paid.
    .where('m.paid_mins', 'is not', null)
    .execute();
  return rows
    .map((row) => ({ ...row, minutes: row.paid_minutes - Number(row.paid_so_far) }))
    .filter((row) => row.minutes !== 0 && paidByPeriod(row.occurrence, period, context, paidDays));
}

/** Each tutor's rate history, once per tutor. */
async function ratesOf(db: Reader, tutorIds: number[]): Promise<Map<number, PayRate[]>> {
  const unique = [...new Set(tutorIds)];
  return new Map(await Promise.all(unique.map(async (id) => [id, await payRateHistory(db, id)] as const)));
}

/** A session's line: its paid time (or an adjustment's minutes) at the rate of its day. */
function priced(row: MeetingRow, period: PayPeriod, rates: PayRate[], context: PayrollContext, adjustment?: { minutes: number }): PayrollSession {
  const day = dayInZone(new Date(row.occurrence).getTime(), context.timeZone);
  const rate = rateOnDay(rates, day);
  const minutes = adjustment ? adjustment.minutes : row.paid_minutes;
  return {
    meeting_id: row.id,
    tutor_id: row.tutor_id,
    occurrence_epoch: toEpoch(row.occurrence),
    minutes,
    course_number: row.course_number ?? '',
    rate_cents: rate?.hourly_rate_cents ?? null,
    cents: rate ? Math.round((minutes * rate.hourly_rate_cents) / 60) : 0,
    carried_over: payPeriodOf(day, context.payPeriodFirstDay).first_day !== period.first_day,
    adjustment: adjustment !== undefined,
    awaiting_approval: row.duration_requested_at !== null,
  };
}

const bySession = (a: PayrollSession, b: PayrollSession) =>
  a.occurrence_epoch - b.occurrence_epoch || Number(a.meeting_id) - Number(b.meeting_id) || Number(a.adjustment) - Number(b.adjustment);

/** The changes awaiting approval among these meetings, with who entered them, oldest session first. */
async function awaitingOf(db: Reader, meetingIds: number[], viewerId: number | undefined): Promise<PayrollAwaiting[]> {
  if (meetingIds.length === 0) return [];
  const rows = await db
    .selectFrom('meetings as m')
    .leftJoin('offerings as o', 'o.id', 'm.offering_id')
    .leftJoin('courses as c', 'c.id', 'o.course_id')
    .leftJoin('tutors as rq', 'rq.id', 'm.duration_requested_by')
    .select(['m.id', 'm.tutor_id', 'm.occurrence', 'm.duration_mins', 'm.notes', 'm.duration_requested_at', 'c.course_number', 'rq.id as requested_by_id', 'rq.name as requested_by_name'])
    .select((eb) => eb.fn.coalesce('m.paid_mins', 'm.duration_mins').as('paid_minutes'))
    .where('m.id', 'in', meetingIds)
    .where('m.duration_requested_at', 'is not', null)
    .orderBy('m.occurrence')
    .orderBy('m.id')
    .execute();
  return rows.map((row) => ({
    meeting_id: row.id,
    tutor_id: row.tutor_id,
    occurrence_epoch: toEpoch(row.occurrence),
    course_number: row.course_number ?? '',
    duration_mins: row.duration_mins,
    paid_minutes: row.paid_minutes,
    requested_by: row.requested_by_id !== null && row.requested_by_name !== null ? { id: row.requested_by_id, name: row.requested_by_name } : null,
    requested_epoch: toEpoch(row.duration_requested_at!),
    summarised: row.notes !== '',
    can_approve: viewerId !== undefined && viewerId !== row.tutor_id,
  }));
}

/** The payroll of the pay period holding `day`: frozen if it was marked paid, else as it stands. */
export async function payrollOf(db: Reader, day: string, context: PayrollContext): Promise<Payroll> {
  const period = payPeriodOf(day, context.payPeriodFirstDay);
  const { fromMs, toMs } = periodSpanMs(period, context.timeZone);
  const paidRows = await db
    .selectFrom('payroll_periods as p')
    .innerJoin('tutors as t', 't.id', 'p.paid_by')
    .select(['p.first_day', 'p.paid_at', 't.id as paid_by_id', 't.name as paid_by_name'])
    .execute();
  const paidRow = paidRows.find((row) => row.first_day === period.first_day);

  let paidMeetings: PayrollSession[];
  if (paidRow) {
    const lines = await db
      .selectFrom('payroll_lines as l')
      .innerJoin('meetings as m', 'm.id', 'l.meeting_id')
      .leftJoin('offerings as o', 'o.id', 'm.offering_id')
      .leftJoin('courses as c', 'c.id', 'o.course_id')
      .select(['l.meeting_id', 'l.tutor_id', 'l.minutes', 'l.rate_cents', 'l.cents', 'l.adjustment', 'm.occurrence', 'm.duration_requested_at', 'c.course_number'])
      .where('l.period_first_day', '=', period.first_day)
      .orderBy('m.occurrence')
      .orderBy('m.id')
      .orderBy('l.adjustment')
      .execute();
    paidMeetings = lines.map((line) => ({
      meeting_id: line.meeting_id,
      tutor_id: line.tutor_id,
      occurrence_epoch: toEpoch(line.occurrence),
      minutes: line.minutes,
      course_number: line.course_number ?? '',
      rate_cents: line.rate_cents,
      cents: line.cents,
      carried_over: toEpoch(line.occurrence) * 1000 < fromMs,
      adjustment: line.adjustment,
      awaiting_approval: line.duration_requested_at !== null,
    }));
  } else {
    const paidDays = new Set(paidRows.map((row) => row.first_day));
    const rows = await meetingsToPay(db, period, context, paidDays);
    const adjustments = await adjustmentsToPay(db, period, context, paidDays);
    const rates = await ratesOf(db, [...rows, ...adjustments].map((row) => row.tutor_id));
    paidMeetings = [
      ...rows.map((row) => priced(row, period, rates.get(row.tutor_id) ?? [], context)),
      ...adjustments.map((row) => priced(row, period, rates.get(row.tutor_id) ?? [], context, { minutes: row.minutes })),
    ].sort(bySession);
  }

  // Held back: meetings held in the period that this payroll does not pay (no summary when it was
  // paid, or none yet).
  const paidHere = new Set(paidMeetings.map((m) => Number(m.meeting_id)));
  const heldInPeriod = await bookedMeetings(db, fromMs, Math.min(toMs, context.nowMs)).execute();
  const held = heldInPeriod.filter((row) => !paidHere.has(row.id) && (paidRow || row.notes === ''));
  // Awaiting approval: the changes of the sessions held in the period, and of those this payroll pays.
  const awaiting = await awaitingOf(
    db,
    [...new Set([...heldInPeriod.filter((row) => row.duration_requested_at !== null).map((row) => row.id), ...paidMeetings.filter((m) => m.awaiting_approval).map((m) => Number(m.meeting_id))])],
    context.viewerId,
  );

  const tutorIds = [...new Set([...paidMeetings.map((m) => Number(m.tutor_id)), ...held.map((h) => h.tutor_id)])];
  const names = tutorIds.length === 0 ? [] : await db.selectFrom('tutors').select(['id', 'name']).where('id', 'in', tutorIds).execute();
  const rates = await ratesOf(db, tutorIds);
  const tutors: PayrollTutor[] = names
    .map(({ id, name }) => {
      const own = paidMeetings.filter((m) => Number(m.tutor_id) === id);
      const heldBack = held.filter((h) => h.tutor_id === id);
      return {
        tutor_id: id,
        name,
        confirmed_minutes: own.reduce((sum, s) => sum + s.minutes, 0),
        cents: own.reduce((sum, s) => sum + s.cents, 0),
        unrated_minutes: own.filter((s) => s.rate_cents === null).reduce((sum, s) => sum + s.minutes, 0),
        rate_cents: rateOnDay(rates.get(id) ?? [], period.last_day)?.hourly_rate_cents ?? null,
        held_back: heldBack.length,
        held_back_minutes: heldBack.reduce((sum, h) => sum + h.paid_minutes, 0),
        awaiting_approval: awaiting.filter((a) => Number(a.tutor_id) === id).length,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));

  return {
    first_day: period.first_day,
    last_day: period.last_day,
    paid: paidRow ? { paid_epoch: toEpoch(paidRow.paid_at), paid_by: { id: paidRow.paid_by_id, name: paidRow.paid_by_name } } : null,
    over: toMs < context.nowMs,
    tutors,
    sessions: paidMeetings,
    awaiting,
    total_cents: paidMeetings.reduce((sum, m) => sum + m.cents, 0),
  };
}

/**
 * Marks the pay period starting on `firstDay` paid: its payroll as it stands now is written and
 * frozen. Refused before the period has ended, and once it is paid.
 */
export async function markPayrollPaid(db: Kysely<Database>, firstDay: string, supervisorId: number, context: PayrollContext): Promise<Payroll> {
  const period = payPeriodOf(firstDay, context.payPeriodFirstDay);
  if (period.first_day !== firstDay) throw new Refusal('BadInput', { fields: { first_day: `Not the first day of a pay period (this one starts on ${period.first_day})` } });
  if (periodSpanMs(period, context.timeZone).toMs >= context.nowMs) throw new Refusal('PeriodNotOver');
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${PAYROLL_LOCK_KEY}::bigint)`.execute(trx);
    const paid = await trx.selectFrom('payroll_periods').select('paid_at').where('first_day', '=', firstDay).executeTakeFirst();
    if (paid) throw new Refusal('PeriodAlreadyPaid', { paid_epoch: toEpoch(paid.paid_at) });
    const payroll = await payrollOf(trx, firstDay, context);
    await trx
      .insertInto('payroll_periods')
      .values({ first_day: period.first_day, last_day: period.last_day, paid_at: new Date(context.nowMs), paid_by: supervisorId })
      .execute();
    if (payroll.sessions.length > 0) {
      await trx
        .insertInto('payroll_lines')
        .values(
          payroll.sessions.map((s) => ({
            meeting_id: Number(s.meeting_id),
            period_first_day: period.first_day,
            tutor_id: Number(s.tutor_id),
            minutes: s.minutes,
            rate_cents: s.rate_cents,
            cents: s.cents,
            adjustment: s.adjustment,
          })),
        )
        .execute();
    }
  });
  return payrollOf(db, firstDay, context);
}
