import { addDays, daysBetween } from '../../../src/lib/site-days.ts';
import { daysSpan } from '../calendar/zone-days.ts';

/**
 * Pay periods: two weeks each, counted from a first period's first day (PAY_PERIOD_FIRST_DAY, server/config.ts) in
 * both directions, in the site's zone. A tutor's hours report and (later) payroll use the same ones.
 */

export const PAY_PERIOD_DAYS = 14;

export interface PayPeriod {
  first_day: string;
  last_day: string;
}

/** The pay period that holds `day` (YYYY-MM-DD). */
export function payPeriodOf(day: string, firstPeriodDay: string): PayPeriod {
  const daysFromFirst = daysBetween(firstPeriodDay, day) - 1;
  const first = addDays(firstPeriodDay, Math.floor(daysFromFirst / PAY_PERIOD_DAYS) * PAY_PERIOD_DAYS);
  return { first_day: first, last_day: addDays(first, PAY_PERIOD_DAYS - 1) };
}

/**
 * A span of days as the team view asks for it: epoch seconds from the first day's midnight to the
 * last second before the midnight after the last day (GET /api/team/hours counts `to` in).
 */
export function dayRangeEpochs(firstDay: string, lastDay: string, timeZone: string): { from: number; to: number } {
  const { startsMs, endsMs } = daysSpan(firstDay, lastDay, timeZone);
  return { from: Math.floor(startsMs / 1000), to: Math.floor(endsMs / 1000) - 1 };
}
