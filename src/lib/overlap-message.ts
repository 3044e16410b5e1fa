/**
 * The Overlap message (spec 2 §8), apart from time-format.ts: only the tutor's dialogs need it, so it
 * stays out of the chunk every dashboard loads first.
 */

/** Intl may put a narrow no-break space before AM/PM; messages read better with a plain space. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/**
 * "Tuesday November 24 at 5:00 PM": when a conflicting meeting starts, in the viewer's zone
 * (or `timeZone`, for tests and server-side rendering).
 */
export function formatMeetingMoment(epoch: number, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone }).formatToParts(epoch * 1000);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
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
