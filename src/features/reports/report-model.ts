import type { Report, ReportWeek } from '../../contract/entities.ts';
import { type CsvCell, toCsv } from '../../lib/csv-file.ts';
import { formatHours } from '../../lib/hours.ts';

/**
 * The Reports screen's numbers as its tables, charts and CSV files write them: each chart, its
 * table and its file are made from the same values here, so they cannot disagree.
 */

const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** 123450 → "$1,234.50". */
export const formatMoney = (cents: number) => currency.format(cents / 100);
/** Cents → dollars for a chart's scale and a CSV cell ("1234.50"). */
export const dollars = (cents: number) => (cents / 100).toFixed(2);

const shortDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const short = (day: string) => shortDay.format(Date.parse(`${day}T00:00:00Z`));

/** A week as the tables write it, short enough for a phone: 'Nov 2 – 8', 'Nov 30 – Dec 6', 'Nov 1' (a cut week is shorter). */
export function weekLabel(week: Pick<ReportWeek, 'first_day' | 'last_day'>): string {
  if (week.first_day === week.last_day) return short(week.first_day);
  const sameMonth = week.first_day.slice(0, 7) === week.last_day.slice(0, 7);
  return `${short(week.first_day)} – ${sameMonth ? Number(week.last_day.slice(8)) : short(week.last_day)}`;
}

/** A week as a chart's axis writes it, by its first day: 'Nov 2'. */
export const chartWeekLabel = (week: Pick<ReportWeek, 'first_day'>) => short(week.first_day);

/** Booked hours as a share of offered hours, in whole percent; null when nothing was offered. */
export const utilisation = (bookedMinutes: number, offeredMinutes: number): number | null =>
  offeredMinutes === 0 ? null : Math.round((bookedMinutes * 100) / offeredMinutes);
export const formatUtilisation = (percent: number | null) => (percent === null ? '—' : `${percent}%`);

/** Nothing happened in the period: no money, no hours offered, no sessions, no customers. */
export function isEmptyReport(report: Report): boolean {
  const p = report.packages;
  const packageActivity = p.sold.count + p.used.hours + p.expired.hours + p.refunded_cents !== 0;
  const claims = report.guarantee.claims + report.guarantee.approved + report.guarantee.declined !== 0;
  return Object.values(report.totals).every((value) => value === 0) && report.courses.length === 0 && report.customers.new + report.customers.returning === 0 && !packageActivity && !claims;
}

/** The hour packages' rows of the Reports screen: what, hours (when it counts hours) and dollars. */
export function packageRows(p: Report['packages']): { key: string; label: string; help: string; hours: number | null; cents: number }[] {
  return [
    { key: 'sold', label: 'Sold', help: `${p.sold.count} ${p.sold.count === 1 ? 'purchase' : 'purchases'}`, hours: p.sold.hours, cents: p.sold.cents },
    { key: 'used', label: 'Used', help: 'on sessions and overtime, less hours given back', hours: p.used.hours, cents: p.used.cents },
    { key: 'expired', label: 'Expired', help: 'not booked in time', hours: p.expired.hours, cents: p.expired.cents },
    { key: 'refunded', label: 'Refunded', help: 'to the cards that paid', hours: null, cents: p.refunded_cents },
    { key: 'owed', label: 'Owed at the end', help: 'hours left; their unused paid hours as refunds would give back', hours: p.owed.hours, cents: p.owed.cents },
  ];
}

/** The course as a row names it: 'CS 121 Intro to Programming I'; a session without one says so. */
export const courseLabel = (course: Report['courses'][number]) => (course.course_number ? `${course.course_number} ${course.course_name}` : 'No course');

export const CUSTOMER_KINDS = [
  { key: 'new', label: 'New', help: 'first paid session ever in this period' },
  { key: 'returning', label: 'Returning', help: 'had a paid session before this period' },
] as const;

export type ReportFile = 'revenue' | 'hours' | 'courses' | 'customers';
export const reportFileName = (report: Report, file: ReportFile) => `report-${report.first_day}-to-${report.last_day}-${file}.csv`;

/** One row per week: the billing report's five sums, in dollars. */
export function revenueCsv(report: Report): string {
  const rows: CsvCell[][] = report.weeks.map((w) => [
    w.first_day,
    w.last_day,
    dollars(w.charged_cents),
    dollars(w.refunded_cents),
    dollars(w.refund_pending_cents),
    dollars(w.scheduled_cents),
    dollars(w.failed_cents),
  ]);
  return toCsv(['week_first_day', 'week_last_day', 'charged', 'refunded', 'refund_pending', 'scheduled', 'failed'], rows);
}

/** One row per week: offered and booked hours, and the booked share. */
export function hoursCsv(report: Report): string {
  const rows: CsvCell[][] = report.weeks.map((w) => [
    w.first_day,
    w.last_day,
    Number(formatHours(w.offered_minutes)),
    Number(formatHours(w.booked_minutes)),
    utilisation(w.booked_minutes, w.offered_minutes) ?? '',
  ]);
  return toCsv(['week_first_day', 'week_last_day', 'offered_hours', 'booked_hours', 'utilisation_percent'], rows);
}

/** One row per course: booked sessions and their hours. Course names are typed by people: toCsv keeps formulas out. */
export function coursesCsv(report: Report): string {
  const rows: CsvCell[][] = report.courses.map((c) => [report.first_day, report.last_day, c.course_number, c.course_name, c.sessions, Number(formatHours(c.minutes))]);
  return toCsv(['period_first_day', 'period_last_day', 'course_number', 'course_name', 'sessions', 'hours'], rows);
}

/** One row per kind of customer: new and returning. */
export function customersCsv(report: Report): string {
  const rows: CsvCell[][] = CUSTOMER_KINDS.map((kind) => [report.first_day, report.last_day, kind.key, report.customers[kind.key]]);
  return toCsv(['period_first_day', 'period_last_day', 'customers', 'count'], rows);
}

/** 'Refund rate: 0.8% of 125 guaranteed courses', or that there is none to measure yet. */
export function refundRateLine(g: Report['guarantee']): string {
  if (g.refund_rate === null) return 'Refund rate: no guaranteed course yet.';
  const percent = Math.round(g.refund_rate * 1000) / 10;
  return `Refund rate: ${percent}% of ${g.guaranteed_courses} guaranteed ${g.guaranteed_courses === 1 ? 'course' : 'courses'} (claims approved up to the period's end).`;
}
