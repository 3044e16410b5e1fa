import type { Id } from '../contract/entities.ts';
import type { MeetingCreateInput, SlotCreateInput } from '../contract/schemas.ts';
import { spanQuery } from '../lib/week-range.ts';
import { segment, send } from './http.ts';

/** A tutor's whole calendar, or the meetings starting within a span: also the address of the server's first read, whose answer comes with the page. */
export const tutorMeetingsPath = (tutorId: Id | 'myself', span?: { from: number; to: number }) => `/api/tutors/${segment(tutorId)}/meetings${span ? spanQuery(span) : ''}`;
/** The whole calendar, or the meetings starting within a span (a week of the week view). */
export const getTutorMeetings = (tutorId: Id | 'myself', span?: { from: number; to: number }) => send('GET /tutors/{id}/meetings', { params: { id: tutorId }, query: span });
/** One-off availability; may fail with Overlap (error.meeting is the conflicting one). */
export const createMeeting = (input: MeetingCreateInput) => send('POST /meetings', { form: input });
/** Weekly availability; may fail with EarlyAnchor or Overlap. */
export const createSlot = (input: SlotCreateInput) =>
  send('POST /slots', { form: input });
/** `reason`: a supervisor canceling a session that has started gives one (kept with the cancel). */
export const cancelMeeting = (meetingId: Id, reason?: string) =>
  send('POST /meetings/{id}/cancel', { params: { id: meetingId }, ...(reason === undefined ? {} : { form: { reason } }) });
/** What entering this duration would charge each attendee; nothing is charged. */
export const previewOvertime = (meetingId: Id, durationMins: number) =>
  send('GET /meetings/{id}/overtime', { params: { id: meetingId }, query: { duration_mins: durationMins } });
/** A supervisor refunds an overtime charge, saying why. */
export const refundOvertime = (paymentId: Id, reason: string) =>
  send('POST /payments/{id}/refund', { params: { id: paymentId }, form: { reason } });
/** The one-line summary; `report`: the lesson report's fields beside it (docs/contract-extensions.md), absent ones unchanged. */
export const setMeetingNotes = (meetingId: Id, notes: string, report: Partial<Record<'attendance' | 'homework' | 'private_note', string>> = {}) =>
  send('POST /meetings/{id}/notes', { params: { id: meetingId }, form: { notes, ...report } });
export const setMeetingOccurrence = (meetingId: Id, occurrenceEpoch: number) =>
  send('POST /meetings/{id}/occurrence_epoch', { params: { id: meetingId }, form: { occurrence_epoch: occurrenceEpoch } });
export const setMeetingDuration = (meetingId: Id, durationMins: number) =>
  send('POST /meetings/{id}/duration_mins', { params: { id: meetingId }, form: { duration_mins: durationMins } });
/**
 * A supervisor approves the session's paid time (decision 022): `minutes`, the duration they saw
 * awaiting approval or the minutes they edited it to (approved either way).
 */
export const approveDuration = (meetingId: Id, minutes: number) =>
  send('POST /meetings/{id}/duration-approval', { params: { id: meetingId }, form: { minutes } });
