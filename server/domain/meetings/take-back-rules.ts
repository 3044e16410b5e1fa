import type { ErrorType } from '../../../src/contract/errors.ts';
import { DAYS_OFF_MAX_DAYS } from '../../../src/contract/limits.ts';
import { daysBetween } from '../../../src/lib/site-days.ts';
import { daysSpan } from '../calendar/zone-days.ts';

/**
 * When a tutor may take published hours back (take-back.ts does it): pure functions of the hours,
 * their seats and the server clock's time, as meeting-rules.ts is for staff changes.
 *
 * - Only unbooked hours go: no seat confirmed (paid or scheduled) and none held. A held seat is a
 *   checkout in progress, someone paying right now: the hour is refused whole (AlreadyBooked), so a
 *   payment can never complete for an hour that is gone.
 * - A booked hour stays, whatever the call: it is canceled (and refunded) with Cancel Meeting.
 * - Nothing that has started is taken back: it is history.
 */

/** The seats of an hour that are not given back: confirmed (paid, scheduled) and held (in a checkout). */
export interface Seats {
  confirmed: number;
  held: number;
}

export interface HourFacts {
  startMs: number;
  seats: Seats;
}

/** Why one hour (DELETE /api/meetings/{id}) cannot be deleted, or null when it can. */
export function deleteRefusal(hour: HourFacts, nowMs: number): ErrorType | null {
  if (hour.startMs <= nowMs) return 'MeetingStarted';
  if (hour.seats.confirmed > 0 || hour.seats.held > 0) return 'AlreadyBooked';
  return null;
}

/**
 * Hours a series' end or days off cover (not started): those that go, those that stay booked, and
 * those someone is paying for right now (any of these refuses the whole call).
 */
export function sortOutHours<T extends HourFacts>(hours: T[]): { remove: T[]; keep: T[]; paying: T[] } {
  const paying = hours.filter((h) => h.seats.held > 0);
  const keep = hours.filter((h) => h.seats.held === 0 && h.seats.confirmed > 0);
  const remove = hours.filter((h) => h.seats.held === 0 && h.seats.confirmed === 0);
  return { remove, keep, paying };
}

/**
 * A weekly series ended from `fromMs`: its last day moves to just before it (never later than it
 * was), so neither the search nor a later subscription reaches a week from then on, booked weeks
 * that stay included.
 */
export const seriesLastDayMs = (currentLastDayMs: number, fromMs: number) => Math.min(currentLastDayMs, fromMs - 1000);

/**
 * Where a series' end starts: the instant asked for, or now when that has passed. The dialog sends
 * the midnight of the day picked, today's included, which is already past; an instant before now
 * is read the same way, so no call moves a series' last day into the past (from_epoch=0 once wrote
 * 1969-12-31, which a later re-assign copied). Weeks that started are history either way.
 */
export const seriesEndFromMs = (askedMs: number, nowMs: number) => Math.max(askedMs, Math.floor(nowMs / 1000) * 1000);

/** What is wrong with a days-off request, by field (BadInput's `fields`), or null. `today` is the site's (YYYY-MM-DD). */
export function dayOffProblems(firstDay: string, lastDay: string, today: string): Record<string, string> | null {
  if (firstDay < today) return { first_day: 'The first day off must be today or later' };
  if (lastDay < firstDay) return { last_day: 'The last day off must be on or after the first' };
  if (daysBetween(firstDay, lastDay) > DAYS_OFF_MAX_DAYS) return { last_day: `At most ${DAYS_OFF_MAX_DAYS} days off at a time` };
  return null;
}

/** The instants days off cover: from the first day's midnight in the zone until the midnight after the last day. */
export const dayOffSpan = daysSpan;

/** Whether an hour starting at `startMs` is on days off ([starts, ends)). */
export const onDaysOff = (startMs: number, span: { startsMs: number; endsMs: number }) => startMs >= span.startsMs && startMs < span.endsMs;
