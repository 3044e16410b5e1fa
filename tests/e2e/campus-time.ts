import { suiteStart } from './suite-clock.ts';
import { TZDate } from '@date-fns/tz';

/** The campus's zone: journeys about a tutor's hours run their browser in it. */
export const CAMPUS_ZONE = 'America/Los_Angeles';

/** A wall-clock time on campus, `days` after the suite's day there (a journey's own hours, the same on any day the suite runs). */
export function campusAt(days: number, hour: number, minute: number): TZDate {
  const today = new TZDate(suiteStart().getTime(), CAMPUS_ZONE);
  return new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + days, hour, minute, CAMPUS_ZONE);
}
