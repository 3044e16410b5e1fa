import { type RawBuilder, sql } from 'kysely';
import type { Report, ReportCourse, ReportWeek } from '../../../src/contract/entities.ts';
import type { Db } from '../../db/db.ts';
import { billedPayments, billingAmounts, billingSpan, billingSums } from './billing-report.ts';
import { isBookedMeeting } from '../booking/booked.ts';
import { reportWeeks, type ReportWeekSpan } from './report-weeks.ts';
import { packageFigures } from './package-figures.ts';
import { guaranteeFigures } from './guarantee-figures.ts';

/**
 * The Reports screen's figures (GET /api/reports, supervisors) for whole days in the site's zone,
 * a week at a time (report-weeks.ts):
 *
 * - money: the billing report's payments and sums (billing-report.ts), so the weeks add up to
 *   `npm run billing:report -- --zone {site zone}` for the same days;
 * - hours: offered = meetings not canceled (an hour a tutor published, booked or not), booked =
 *   those the team view counts as booked (booked.ts), both in minutes of their length;
 * - meetings by course (the contract's `sessions` count): the booked meetings not canceled, by their offering's course;
 * - customers: those with a paid meeting in the period (a booking charge that went through and is
 *   not being refunded), new when their first paid meeting ever is in the period;
 * - hour packages: sold, used, expired, refunded and owed (package-figures.ts), as the billing
 *   report prints them;
 * - the pass guarantee: claims made and decided, and the refund rate (guarantee-figures.ts).
 *
 * Each figure is one grouped query; the week of a meeting is chosen in the database
 * (`width_bucket` over the weeks' first instants), so nothing is read a row per meeting.
 */
export async function periodReport(db: Db, firstDay: string, lastDay: string, timeZone: string): Promise<Report> {
  const weeks = reportWeeks(firstDay, lastDay, timeZone);
  const { from, to } = billingSpan(firstDay, lastDay, timeZone);
  const week = weekOfMeeting(weeks);

  const [money, hours, courses, customers, packages, guarantee] = await Promise.all([
    billedPayments(db, from, to)
      .select([week.as('week_index'), ...billingSums])
      .groupBy(sql.ref('week_index'))
      .execute(),
    db
      .selectFrom('meetings as m')
      .where('m.canceled', '=', false)
      .where('m.occurrence', '>=', from)
      .where('m.occurrence', '<', to)
      .select((eb) => [
        week.as('week_index'),
        eb.fn.sum<string>('m.duration_mins').as('offered'),
        eb.fn.sum<string>(eb.case().when(isBookedMeeting(eb)).then(eb.ref('m.duration_mins')).else(0).end()).as('booked'),
      ])
      .groupBy(sql.ref('week_index'))
      .execute(),
    meetingsByCourse(db, from, to),
    newAndReturning(db, from, to),
    packageFigures(db, from, to),
    guaranteeFigures(db, from, to),
  ]);

  const byWeek: ReportWeek[] = weeks.map((w) => ({
    first_day: w.first_day,
    last_day: w.last_day,
    charged_cents: 0,
    refunded_cents: 0,
    refund_pending_cents: 0,
    scheduled_cents: 0,
    failed_cents: 0,
    offered_minutes: 0,
    booked_minutes: 0,
  }));
  // width_bucket numbers the weeks from 1 (0 would be before the first, never read here).
  const at = (index: number | string) => byWeek[Number(index) - 1]!;
  for (const row of money) {
    const amounts = billingAmounts(row);
    Object.assign(at(row.week_index), {
      charged_cents: amounts.chargedCents,
      refunded_cents: amounts.refundedCents,
      refund_pending_cents: amounts.refundPendingCents,
      scheduled_cents: amounts.scheduledCents,
      failed_cents: amounts.failedCents,
    });
  }
  for (const row of hours) Object.assign(at(row.week_index), { offered_minutes: Number(row.offered), booked_minutes: Number(row.booked) });

  const sum = (pick: (w: ReportWeek) => number) => byWeek.reduce((total, w) => total + pick(w), 0);
  return {
    first_day: firstDay,
    last_day: lastDay,
    time_zone: timeZone,
    weeks: byWeek,
    totals: {
      charged_cents: sum((w) => w.charged_cents),
      refunded_cents: sum((w) => w.refunded_cents),
      refund_pending_cents: sum((w) => w.refund_pending_cents),
      scheduled_cents: sum((w) => w.scheduled_cents),
      failed_cents: sum((w) => w.failed_cents),
      offered_minutes: sum((w) => w.offered_minutes),
      booked_minutes: sum((w) => w.booked_minutes),
    },
    courses,
    customers,
    packages,
    guarantee,
  };
}

/** The week (1, 2, …) of meeting `m`'s start: `width_bucket` finds the last week starting at or before it. */
function weekOfMeeting(weeks: ReportWeekSpan[]): RawBuilder<number> {
  const starts = sql.join(weeks.map((w) => sql`${new Date(w.startsMs)}::timestamptz`));
  return sql<number>`width_bucket(m.occurrence, array[${starts}])`;
}

async function meetingsByCourse(db: Db, from: Date, to: Date): Promise<ReportCourse[]> {
  const rows = await db
    .selectFrom('meetings as m')
    .leftJoin('offerings as o', 'o.id', 'm.offering_id')
    .leftJoin('courses as c', 'c.id', 'o.course_id')
    .where('m.canceled', '=', false)
    .where('m.occurrence', '>=', from)
    .where('m.occurrence', '<', to)
    .where(isBookedMeeting)
    .select((eb) => ['c.id', 'c.course_number', 'c.course_name', eb.fn.countAll<string>().as('sessions'), eb.fn.sum<string>('m.duration_mins').as('minutes')])
    .groupBy(['c.id', 'c.course_number', 'c.course_name'])
    .execute();
  return rows
    .map((row) => ({
      course_id: row.id,
      course_number: row.course_number ?? '',
      course_name: row.course_name ?? '',
      sessions: Number(row.sessions),
      minutes: Number(row.minutes),
    }))
    .sort((a, b) => b.sessions - a.sessions || a.course_number.localeCompare(b.course_number));
}

/**
 * Customers with a paid meeting in [from, to): new when their first paid meeting ever starts in
 * it, returning when one started before. Paid: a booking's charge (not overtime) that went through
 * and is not being refunded; a canceled or skipped meeting's was given back, so it does not count.
 */
async function newAndReturning(db: Db, from: Date, to: Date): Promise<Report['customers']> {
  const rows = await db
    .selectFrom('payments as p')
    .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
    .where('p.is_incremental', '=', false)
    .where('p.payment_status', '=', 'succeeded')
    .where('p.refund_pending', '=', false)
    .select((eb) => ['p.customer_id', eb.fn.min('m.occurrence').as('first_paid')])
    .groupBy('p.customer_id')
    .having(sql<boolean>`bool_or(m.occurrence >= ${from} and m.occurrence < ${to})`)
    .execute();
  const isNew = rows.filter((row) => new Date(row.first_paid).getTime() >= from.getTime()).length;
  return { new: isNew, returning: rows.length - isNew };
}
