import { mondayOf } from '../../../src/lib/calendar-weeks.ts';
import { addDays } from '../../../src/lib/site-days.ts';
import { daysSpan } from '../calendar/zone-days.ts';

/**
 * The weeks a report counts in (GET /api/reports): Monday to Sunday in the site's zone, the first
 * and last cut to the period. Each is the instants from its first day's midnight to the midnight
 * after its last, so a week with a daylight-saving change is an hour shorter or longer, and a
 * meeting late on a Sunday evening is in that Sunday's week whatever the offset.
 */
export interface ReportWeekSpan {
  first_day: string;
  last_day: string;
  startsMs: number;
  endsMs: number;
}

/** The weeks of the days `firstDay` to `lastDay` (both counted), in order, each starting where the one before ends. */
export function reportWeeks(firstDay: string, lastDay: string, timeZone: string): ReportWeekSpan[] {
  const weeks: ReportWeekSpan[] = [];
  for (let first = firstDay; first <= lastDay; first = addDays(mondayOf(first), 7)) {
    const sunday = addDays(mondayOf(first), 6);
    const last = sunday < lastDay ? sunday : lastDay;
    weeks.push({ first_day: first, last_day: last, ...daysSpan(first, last, timeZone) });
  }
  return weeks;
}

