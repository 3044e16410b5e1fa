import type { DayOff, DayOffTaken, Id, SeriesEnd } from '../contract/entities.ts';
import type { DayOffCreateInput } from '../contract/schemas.ts';
import { request, segment } from './http.ts';

/**
 * Taking availability back (docs/contract-extensions.md, 'Delete and end'). Apart from meetings.ts:
 * only the dialogs that load on demand call these, so the tutor's first load does not carry them.
 */

/** An unbooked hour (a one-off, or one week of a series); AlreadyBooked when someone booked it or is paying for it. */
export const deleteHour = (meetingId: Id) => request<{ id: Id }>('DELETE', `/api/meetings/${segment(meetingId)}`);
/** Ends a weekly series from an instant: its unbooked weeks from then on go. `dryRun`: what would go and stay. */
export const endSeries = (slotId: Id, fromEpoch: number, dryRun = false) =>
  request<SeriesEnd>('POST', `/api/slots/${segment(slotId)}/end`, { form: { from_epoch: fromEpoch }, query: dryRun ? { dry_run: 'true' } : undefined });
export const getDaysOff = (tutorId: Id | 'myself') => request<DayOff[]>('GET', `/api/tutors/${segment(tutorId)}/days-off`);
export const takeDaysOff = (tutorId: Id | 'myself', input: DayOffCreateInput) =>
  request<DayOffTaken>('POST', `/api/tutors/${segment(tutorId)}/days-off`, { form: input });
/** Days off taken back; the hours they removed are not restored. */
export const takeBackDaysOff = (tutorId: Id | 'myself', dayOffId: Id) =>
  request<{ id: Id }>('DELETE', `/api/tutors/${segment(tutorId)}/days-off/${segment(dayOffId)}`);
