import { addDays } from './site-days.ts';

/**
 * Weeks and months of calendar days (YYYY-MM-DD, in no zone): a report's weeks run Monday to
 * Sunday (the Reports screen's presets, the server's weekly buckets). Kept apart from site-days.ts,
 * which the dashboards' shell carries, so that only Reports and the server load these.
 */

/** The Monday of the week holding `day`. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The first and last day of the month holding `day`. */
export function monthOf(day: string): { first: string; last: string } {
  const first = `${day.slice(0, 8)}01`;
  const [y, m] = first.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return { first, last: addDays(next, -1) };
}
