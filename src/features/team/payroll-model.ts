import type { Payroll } from '../../contract/entities.ts';
import { type CsvCell, toCsv } from '../../lib/csv-file.ts';
import { formatHours } from '../../lib/hours.ts';
import { dayInZone } from '../../lib/site-days.ts';

const dollars = (cents: number) => (cents / 100).toFixed(2);
const rate = (cents: number | null) => (cents === null ? '' : dollars(cents));

/** One row per tutor: the period, confirmed hours, sessions held back, the rate and the pay. */
export function payrollTutorsCsv(payroll: Payroll): string {
  const rows: CsvCell[][] = payroll.tutors.map((t) => [
    payroll.first_day,
    payroll.last_day,
    t.name,
    Number(formatHours(t.confirmed_minutes)),
    t.held_back,
    rate(t.rate_cents),
    dollars(t.cents),
  ]);
  return toCsv(['period_first_day', 'period_last_day', 'tutor', 'confirmed_hours', 'sessions_held_back', 'hourly_rate', 'pay'], rows);
}

/** One row per paid session: when (the site's zone), who, what, minutes, the day's rate, the pay, and whether it was carried over. */
export function payrollSessionsCsv(payroll: Payroll, timeZone: string): string {
  const names = new Map(payroll.tutors.map((t) => [String(t.tutor_id), t.name]));
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const rows: CsvCell[][] = payroll.sessions.map((s) => [
    payroll.first_day,
    names.get(String(s.tutor_id)) ?? '',
    `${dayInZone(s.occurrence_epoch * 1000, timeZone)} ${time.format(s.occurrence_epoch * 1000)}`,
    s.course_number,
    s.minutes,
    rate(s.rate_cents),
    dollars(s.cents),
    s.carried_over ? 'yes' : 'no',
  ]);
  return toCsv(['period_first_day', 'tutor', 'session_start', 'course', 'minutes', 'hourly_rate', 'pay', 'carried_over'], rows);
}
