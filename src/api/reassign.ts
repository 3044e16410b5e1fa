import type { Id } from '../contract/entities.ts';
import { send } from './http.ts';

/**
 * Re-assigning a booked session to another tutor (docs/contract-extensions.md). Apart from
 * meetings.ts: only the re-assign dialog, loaded on demand, calls these.
 */

/** Who can take the session at its time, and other tutors' open hours; `fromDate`: a weekly series' booked weeks from that day. */
export const getReassignCandidates = (meetingId: Id, fromDate?: string) =>
  send('GET /meetings/{id}/reassign-candidates', { params: { id: meetingId }, query: { from_date: fromDate } });

export interface ReassignInput {
  tutor: Id | 'myself';
  /** Another time (one session only). */
  occurrence_epoch?: number;
  /** A weekly series: its booked weeks from this day (YYYY-MM-DD, the campus's days) on. */
  from_date?: string;
}

export const reassignMeeting = (meetingId: Id, input: ReassignInput) =>
  send('POST /meetings/{id}/reassign', { params: { id: meetingId }, form: { tutor: input.tutor, occurrence_epoch: input.occurrence_epoch, from_date: input.from_date } });
