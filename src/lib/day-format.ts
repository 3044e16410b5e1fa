/**
 * Day labels of the booking flow's cards, in the viewer's zone (or `timeZone`): 'Tuesday', 'Tue, Nov 24'.
 * Apart from time-format.ts, which every dashboard loads on its first screen, as only the booking
 * flow needs them.
 */
const weekdays = new Map<string, Intl.DateTimeFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

function formatter(cache: Map<string, Intl.DateTimeFormat>, options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  let format = cache.get(timeZone ?? '');
  if (!format) cache.set(timeZone ?? '', (format = new Intl.DateTimeFormat('en-US', { ...options, timeZone })));
  return format;
}

export const formatWeekday = (epoch: number, timeZone?: string) => formatter(weekdays, { weekday: 'long' }, timeZone).format(epoch * 1000);
export const formatDate = (epoch: number, timeZone?: string) => formatter(dates, { weekday: 'short', month: 'short', day: 'numeric' }, timeZone).format(epoch * 1000);
