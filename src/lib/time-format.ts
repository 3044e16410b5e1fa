import { site } from '../config/site.ts';

/**
 * Times in the viewer's time zone (docs/spec/design.md §4: Intl, no date library). The functions with a
 * `timeZone` argument take an IANA zone for tests and server-side rendering; without it they use
 * the browser's zone.
 *
 * A session's time shows its zone, and an in-person one the campus clock too, when it reads
 * differently (`site.timeZone`): call `formatSessionTime`, or `formatTimeRange` + `campusTime`
 * where the date is laid out apart. The booking flow's day labels are in day-format.ts.
 */
// One formatter per zone: making one costs far more than using it, and lists show many times.
const byZone: Record<string, Intl.DateTimeFormat> = {};
const longDateByZone: Record<string, Intl.DateTimeFormat> = {};

/** 'Tuesday, November 24, 2026' */
export function formatLongDate(epoch: number, timeZone?: string): string {
  const format = (longDateByZone[timeZone ?? ''] ??= new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }));
  return format.format(epoch * 1000);
}

/**
 * A moment in `timeZone` as four words: weekday, clock, half of the day and zone, as in
 * 'Tue, 8:00 PM PST' → ['Tue', '8:00', 'PM', 'PST'] (zones without an abbreviation: 'GMT+1').
 */
function words(epoch: number, timeZone?: string): string[] {
  const format = (byZone[timeZone ?? ''] ??= new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }));
  return format.format(epoch * 1000).split(/,?\s+/);
}

/** '8:00–9:00 PM PST', '11:00 AM–12:00 PM PST': the start and end clock times with the zone's abbreviation. */
export function formatTimeRange(epoch: number, minutes: number, timeZone?: string): string {
  const [, start, half] = words(epoch, timeZone);
  const [, end, endHalf, zone] = words(epoch + minutes * 60, timeZone);
  return `${start}${half === endHalf ? '' : ` ${half}`}–${end} ${endHalf} ${zone}`;
}

/**
 * '(8:00–9:00 PM PST on campus)' for an in-person session seen from another zone, with the campus
 * weekday when it is another day there ('(Tue 8:00–9:00 PM PST on campus)'); '' when the campus
 * clock reads as the viewer's does.
 */
export function campusTime(epoch: number, minutes: number, timeZone?: string): string {
  const here = words(epoch, timeZone);
  const there = words(epoch, site.timeZone);
  if (here.slice(0, 3).join() === there.slice(0, 3).join()) return '';
  return `(${here[0] === there[0] ? '' : `${there[0]} `}${formatTimeRange(epoch, minutes, site.timeZone)} on campus)`;
}

/**
 * A session's time for a card, a summary or a dialog: 'Tue, Nov 24 · 8:00–9:00 PM PST' in the
 * viewer's zone; an in-person session adds the campus time when it differs:
 * 'Tue, Nov 24 · 11:00 PM–12:00 AM EST (8:00–9:00 PM PST on campus)'.
 */
export function formatSessionTime(epoch: number, minutes: number, { inPerson = false, timeZone }: { inPerson?: boolean; timeZone?: string } = {}): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' }).format(epoch * 1000);
  const campus = inPerson ? campusTime(epoch, minutes, timeZone) : '';
  return `${day} · ${formatTimeRange(epoch, minutes, timeZone)}${campus && ` ${campus}`}`;
}
