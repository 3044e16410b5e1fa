import type { Id } from '../contract/entities.ts';
import type { DayOffCreateInput } from '../contract/schemas.ts';
import { send } from './http.ts';

/**
 * Taking availability back (docs/contract-extensions.md, 'Delete and end'). Apart from meetings.ts:
 * only the dialogs that load on demand call these, so the tutor's first load does not carry them.
 */

/** An unbooked hour (a one-off, or one week of a series); AlreadyBooked when someone booked it or is paying for it. */
export const deleteHour = (meetingId: Id) => send('DELETE /meetings/{id}', { params: { id: meetingId } });
/** Ends a weekly series from an instant: its unbooked weeks from then on go. `dryRun`: what would go and stay. */
export const endSeries = (slotId: Id, fromEpoch: number, dryRun = false) =>
  send('POST /slots/{id}/end', { params: { id: slotId }, form: { from_epoch: fromEpoch }, query: dryRun ? { dry_run: 'true' } : undefined });
export const getDaysOff = (tutorId: Id | 'myself') => send('GET /tutors/{id}/days-off', { params: { id: tutorId } });
export const takeDaysOff = (tutorId: Id | 'myself', input: DayOffCreateInput) =>
  send('POST /tutors/{id}/days-off', { params: { id: tutorId }, form: input });
/** Days off taken back; the hours they removed are not restored. */
export const takeBackDaysOff = (tutorId: Id | 'myself', dayOffId: Id) =>
  send('DELETE /tutors/{id}/days-off/{dayOffId}', { params: { id: tutorId, dayOffId } });
