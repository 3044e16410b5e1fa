import { DAYS_OFF_MAX_DAYS } from '../../contract/limits.ts';
import { daysBetween } from '../../lib/site-days.ts';

/**
 * The days-off form's rules (the server's, take-back-rules.ts, checked before sending so that the
 * tutor is told at once): whole days in the site's zone, from today on, at most DAYS_OFF_MAX_DAYS.
 */

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** What is wrong with the form, in a sentence, or null. `today` is the site's day (YYYY-MM-DD). */
export function daysOffProblem(firstDay: string, lastDay: string, today: string): string | null {
  if (!isDay(firstDay)) return 'Please pick the first day off.';
  if (!isDay(lastDay)) return 'Please pick the last day off.';
  if (firstDay < today) return 'The first day off must be today or later.';
  if (lastDay < firstDay) return 'The last day off must be on or after the first.';
  if (daysBetween(firstDay, lastDay) > DAYS_OFF_MAX_DAYS) return `At most ${DAYS_OFF_MAX_DAYS} days off at a time.`;
  return null;
}

export const TAKE_BACK_NOTE = 'Taking days off back does not bring back the hours they removed: add those again with the + button.';
