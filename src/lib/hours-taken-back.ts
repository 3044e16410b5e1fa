import type { BookedHour } from '../contract/entities.ts';
import { formatSessionTime } from './time-format.ts';

/**
 * The words of the screens that take hours back (the card's end-series dialog, the days-off
 * dialog): what went, and the booked hours that stayed with their customers.
 */

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** 'Tue, Dec 8 · 4:00–5:00 PM PST · CS 121 · Alex Rivera, Sam Lee' */
export function bookedHourLine({ meeting, customers }: BookedHour, timeZone?: string): string {
  const names = customers.map((c) => `${c.firstname} ${c.lastname}`.trim()).join(', ');
  return [formatSessionTime(meeting.occurrence_epoch, meeting.duration_mins, { timeZone }), meeting.course_number, names].filter(Boolean).join(' · ');
}

/** What the booked hours that stay mean for the tutor. */
export const BOOKED_STAY =
  'Booked sessions stay. To cancel one, use Cancel Meeting on its card (Schedule): its customers are refunded and told.';
