import { TZDate } from '@date-fns/tz';
import { addDays } from '../../../src/lib/site-days.ts';

/**
 * The instants whole days cover in a zone: from the first day's midnight until the midnight after
 * the last day (days off, pay periods). Days are YYYY-MM-DD; a day with a daylight-saving change
 * is 23 or 25 hours long.
 */
export function daysSpan(firstDay: string, lastDay: string, timeZone: string): { startsMs: number; endsMs: number } {
  const midnight = (day: string) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return new TZDate(y, m - 1, d, 0, 0, 0, timeZone).getTime();
  };
  return { startsMs: midnight(firstDay), endsMs: midnight(addDays(lastDay, 1)) };
}
