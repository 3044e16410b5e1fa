/**
 * Calendar days as YYYY-MM-DD (days off are whole days in the site's zone). Pure, for the server's
 * rules and the days-off dialog alike; no date library.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The day (YYYY-MM-DD) an instant falls on in a zone. */
export function dayInZone(ms: number, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) formatters.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const utcOf = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};

/** How many days from `first` to `last`, both counted (1 for the same day; 0 or less when `last` is earlier). */
export const daysBetween = (first: string, last: string) => Math.round((utcOf(last) - utcOf(first)) / 86_400_000) + 1;

/** The day `days` after `day` (YYYY-MM-DD). */
export const addDays = (day: string, days: number) => new Date(utcOf(day) + days * 86_400_000).toISOString().slice(0, 10);

const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });

/** 'Thu, Dec 24' for a day (the day as written, in no zone). */
export const formatDay = (day: string) => dayFormat.format(utcOf(day));

/** 'Thu, Dec 24' or 'Thu, Dec 24 – Sat, Jan 2'. */
export const formatDayRange = (first: string, last: string) => (first === last ? formatDay(first) : `${formatDay(first)} – ${formatDay(last)}`);
