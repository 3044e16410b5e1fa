import { addDays, dayInZone, daysBetween } from './site-days.ts';
import type { Week } from './week-range.ts';

/**
 * Where each meeting goes in the tutor's week view: its day's column and its minutes from that
 * day's midnight on the zone's clock (a 10 AM hour is at minute 600 on the day the clocks move as
 * on any other). Apart from week-range.ts, so it loads with the week view's grid only.
 */

const clocks = new Map<string, Intl.DateTimeFormat>();

/** Minutes since midnight on the zone's clock at an instant. */
function clockMinutes(ms: number, timeZone: string): number {
  let format = clocks.get(timeZone);
  if (!format) clocks.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: 'numeric', minute: 'numeric' })));
  const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, Number(p.value)]));
  return parts.hour! * 60 + parts.minute!;
}

/** The seven days of a week, Monday first. */
export const daysOf = (week: Week): string[] => Array.from({ length: 7 }, (_, i) => addDays(week.monday, i));

/** A meeting's place in the week: its column (0 = Monday) and its start and end in minutes from its day's midnight on the zone's clock. */
export interface Placed<T> {
  item: T;
  column: number;
  startMinute: number;
  endMinute: number;
}

/**
 * Places meetings (start epoch seconds, minutes long) in the week's columns by the zone's clock: a
 * 10 AM meeting is at minute 600 on the day the clocks move as on any other. One that runs past
 * midnight ends at minute 1440 in its column. Those outside the week are left out.
 */
export function placeInWeek<T>(week: Week, items: T[], startOf: (item: T) => number, minutesOf: (item: T) => number, timeZone: string): Placed<T>[] {
  const placed: Placed<T>[] = [];
  for (const item of items) {
    const startMs = startOf(item) * 1000;
    const column = daysBetween(week.monday, dayInZone(startMs, timeZone)) - 1;
    if (column < 0 || column > 6) continue;
    const startMinute = clockMinutes(startMs, timeZone);
    placed.push({ item, column, startMinute, endMinute: Math.min(24 * 60, startMinute + minutesOf(item)) });
  }
  return placed;
}

/** The hours the grid shows: from the earliest start's hour to the latest end's, at least 9 AM to 5 PM. */
export function hoursShown(placed: Placed<unknown>[]): { first: number; last: number } {
  let first = 9;
  let last = 17;
  for (const p of placed) {
    first = Math.min(first, Math.floor(p.startMinute / 60));
    last = Math.max(last, Math.ceil(p.endMinute / 60));
  }
  return { first, last };
}

