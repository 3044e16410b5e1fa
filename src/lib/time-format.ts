import { site } from '../config/site.ts';

/**
 * Times in the viewer's time zone (DESIGN.md §4: Intl, no date library). The functions with a
 * `timeZone` argument take an IANA zone for tests and server-side rendering; without it they use
 * the browser's zone.
 *
 * A session's time shows its zone, and an in-person one the campus clock too, when it reads
 * differently (`site.timeZone`): call `formatSessionTime`, or `formatTimeRange` + `campusTime`
 * where the date is laid out apart.
 */
const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long' });
const date = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });

export const formatWeekday = (epoch: number) => weekday.format(epoch * 1000);
export const formatDate = (epoch: number) => date.format(epoch * 1000);
const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
export const formatLongDate = (epoch: number) => longDate.format(epoch * 1000);

// One formatter per zone: making one costs far more than using it, and lists show many times.
const byZone: Record<string, Intl.DateTimeFormat> = {};

/** A moment's parts in `timeZone`: weekday ('Tue'), month, day, hour, minute, dayPeriod, timeZoneName ('PST'). */
function parts(epoch: number, timeZone?: string): Record<string, string> {
  const format = (byZone[timeZone ?? ''] ??= new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }));
  return Object.fromEntries(format.formatToParts(epoch * 1000).map((p) => [p.type, p.value]));
}

/** '8:00–9:00 PM PST', '11:00 AM–12:00 PM PST': the start and end clock times with the zone's abbreviation. */
export function formatTimeRange(epoch: number, minutes: number, timeZone?: string): string {
  const from = parts(epoch, timeZone);
  const to = parts(epoch + minutes * 60, timeZone);
  const start = from.dayPeriod === to.dayPeriod ? '' : ` ${from.dayPeriod}`;
  return `${from.hour}:${from.minute}${start}–${to.hour}:${to.minute} ${to.dayPeriod} ${to.timeZoneName}`;
}

/** 'PST': the zone's abbreviation at that moment ('PDT' in summer), for fields that take a time. */
export const zoneName = (epoch: number, timeZone?: string) => parts(epoch, timeZone).timeZoneName;

/**
 * '(8:00–9:00 PM PST on campus)' for an in-person session seen from another zone, with the campus
 * weekday when it is another day there ('(Tue 8:00–9:00 PM PST on campus)'); '' when the campus
 * clock reads as the viewer's does.
 */
export function campusTime(epoch: number, minutes: number, timeZone?: string): string {
  const here = parts(epoch, timeZone);
  const there = parts(epoch, site.timeZone);
  const clock = (p: Record<string, string>) => `${p.hour}:${p.minute} ${p.dayPeriod}`;
  const sameDay = here.weekday === there.weekday;
  if (sameDay && clock(here) === clock(there)) return '';
  const day = sameDay ? '' : `${there.weekday} `;
  return `(${day}${formatTimeRange(epoch, minutes, site.timeZone)} on campus)`;
}

/**
 * A session's time for a card, a summary or a dialog: 'Tue, Nov 24 · 8:00–9:00 PM PST' in the
 * viewer's zone; an in-person session adds the campus time when it differs:
 * 'Tue, Nov 24 · 11:00 PM–12:00 AM EST (8:00–9:00 PM PST on campus)'.
 */
export function formatSessionTime(epoch: number, minutes: number, { inPerson = false, timeZone }: { inPerson?: boolean; timeZone?: string } = {}): string {
  const { weekday, month, day } = parts(epoch, timeZone);
  const campus = inPerson ? campusTime(epoch, minutes, timeZone) : '';
  return `${weekday}, ${month} ${day} · ${formatTimeRange(epoch, minutes, timeZone)}${campus && ` ${campus}`}`;
}

/** Intl may put a narrow no-break space before AM/PM; messages read better with a plain space. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/**
 * "Tuesday November 24 at 5:00 PM": when a conflicting meeting starts, in the viewer's zone
 * (or `timeZone`, for tests and server-side rendering).
 */
export function formatMeetingMoment(epoch: number, timeZone?: string): string {
  const moment = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone }).formatToParts(epoch * 1000);
  const part = (type: Intl.DateTimeFormatPartTypes) => moment.find((p) => p.type === type)?.value ?? '';
  const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(epoch * 1000);
  return plainSpaces(`${part('weekday')} ${part('month')} ${part('day')} at ${clock}`);
}

/**
 * Spec 2 §8, Overlap: 'This meeting overlaps with your meeting on {weekday} {month} {day} at {time}',
 * or 'This slot overlaps…' for weekly availability.
 */
export function overlapMessage(subject: 'meeting' | 'slot', conflictEpoch: number, timeZone?: string): string {
  return `This ${subject} overlaps with your meeting on ${formatMeetingMoment(conflictEpoch, timeZone)}`;
}
