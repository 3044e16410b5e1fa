import { addDays, dayInZone } from './site-days.ts';

/**
 * The tutor's week view in a zone: which seven days a week is and the span of epoch seconds its
 * one read asks for (and the list's pages'). Pure, for the server's first read and the browser
 * alike, so both ask for the same address. Weeks start on Monday, as the campus's calendar does.
 * Where each meeting goes in the week is week-placement.ts (the week view's code, loaded on demand).
 */

/** A week: its Monday (YYYY-MM-DD) and the epoch seconds of its first and next Monday's midnights. */
export interface Week {
  monday: string;
  from: number;
  to: number;
}

const clocks = new Map<string, Intl.DateTimeFormat>();
function clockIn(timeZone: string): Intl.DateTimeFormat {
  let format = clocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    clocks.set(timeZone, format);
  }
  return format;
}

/** The zone's wall clock at an instant, read as if it were UTC (ms): its offset is this minus the instant. */
function wallClockMs(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(clockIn(timeZone).formatToParts(ms).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

const utcMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Epoch seconds of a day's first moment in a zone (a day that starts at 1 AM, as some do when clocks move, starts then). */
export function midnightIn(day: string, timeZone: string): number {
  const wall = utcMidnight(day);
  // Two passes settle the offset: the first guess uses the offset at UTC midnight, which a change of clock that day can differ from.
  let ms = wall - (wallClockMs(wall, timeZone) - wall);
  ms = wall - (wallClockMs(ms, timeZone) - ms);
  // A midnight the clocks skipped: the day starts at the first moment that is on it.
  if (dayInZone(ms, timeZone) !== day) ms += 3600_000;
  return Math.floor(ms / 1000);
}

/** The week (Monday to Sunday in the zone) that holds a day. */
export function weekOfDay(day: string, timeZone: string): Week {
  const weekday = new Date(utcMidnight(day)).getUTCDay();
  const monday = addDays(day, -((weekday + 6) % 7));
  return { monday, from: midnightIn(monday, timeZone), to: midnightIn(addDays(monday, 7), timeZone) };
}

/** The week that holds an instant (ms) in the zone. */
export const weekAt = (ms: number, timeZone: string): Week => weekOfDay(dayInZone(ms, timeZone), timeZone);

/** The week `weeks` after (or before, when negative) this one. */
export const shiftWeek = (week: Week, weeks: number, timeZone: string): Week => weekOfDay(addDays(week.monday, 7 * weeks), timeZone);

/** How many weeks a page of the Schedule and Availability lists reads (within the call's 62 days). */
export const LIST_PAGE_WEEKS = 8;

/** The list's page `index` (0 first), counted in whole weeks from this week's Monday in the zone. */
export const listPageSpan = (current: Week, index: number, timeZone: string) => ({
  from: shiftWeek(current, LIST_PAGE_WEEKS * index, timeZone).from,
  to: shiftWeek(current, LIST_PAGE_WEEKS * (index + 1), timeZone).from,
});

/** The query of a span's read of the tutor's meetings (GET /api/tutors/{id}/meetings?from=&to=): one spelling, so the server's first read and the page's are the same address. */
export const spanQuery = ({ from, to }: { from: number; to: number }) => `?from=${from}&to=${to}`;

/**
 * The tutor's choice between the list and the week (Schedule and Availability), kept in a cookie
 * so the server's first screen is already the chosen one: nothing changes when the page hydrates.
 * The list is the default (decided for issue 24): it is the phone's layout and the screen reader's,
 * and a default that depended on the screen's width would be known only in the browser, so the
 * server would write the wrong one for some and the screen would shift.
 */
export type MeetingsView = 'list' | 'week';
export const MEETINGS_VIEW_COOKIE = 'tutor_view';
export const meetingsViewOf = (cookie: string | undefined): MeetingsView => (cookie === 'week' ? 'week' : 'list');

const rangeFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

/**
 * 'Nov 23 – 29, 2026': the week's days as written, in no zone. With plain spaces: Node's ICU puts
 * thin spaces around the dash where Chromium's puts plain ones, and the heading the server writes
 * must be the text the browser renders when it hydrates it.
 */
export function weekTitle(week: Week): string {
  const monday = utcMidnight(week.monday);
  return rangeFormat.formatRange(monday, monday + 6 * 86_400_000).replace(/[\u2009\u202f]/g, ' ');
}
