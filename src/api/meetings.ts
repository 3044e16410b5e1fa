import type { Id, Meeting, MeetingWithPayments, OvertimePreview } from '../contract/entities.ts';
import type { MeetingCreateInput, SlotCreateInput } from '../contract/schemas.ts';
import { spanQuery } from '../lib/week-range.ts';
import { request, segment } from './http.ts';

const meetingPath = (meetingId: Id) => `/api/meetings/${segment(meetingId)}`;

/** A tutor's whole calendar, or the meetings starting within a span: also the address of the server's first read, whose answer comes with the page. */
export const tutorMeetingsPath = (tutorId: Id | 'myself', span?: { from: number; to: number }) => `/api/tutors/${segment(tutorId)}/meetings${span ? spanQuery(span) : ''}`;
/** The whole calendar, or the meetings starting within a span (a week of the week view). */
export const getTutorMeetings = (tutorId: Id | 'myself', span?: { from: number; to: number }) => request<MeetingWithPayments[]>('GET', tutorMeetingsPath(tutorId, span));
/** One-off availability; may fail with Overlap (error.meeting is the conflicting one). */
export const createMeeting = (input: MeetingCreateInput) => request<Meeting>('POST', '/api/meetings', { form: input });
/** Weekly availability; may fail with EarlyAnchor or Overlap. */
export const createSlot = (input: SlotCreateInput) =>
  request<{ id: Id; anchor_epoch: number; duration_mins: number }>('POST', '/api/slots', { form: input });
/** `reason`: a supervisor canceling a session that has started gives one (kept with the cancel). */
export const cancelMeeting = (meetingId: Id, reason?: string) =>
  request<Meeting>('POST', `${meetingPath(meetingId)}/cancel`, reason === undefined ? {} : { form: { reason } });
/** What entering this duration would charge each attendee; nothing is charged. */
export const previewOvertime = (meetingId: Id, durationMins: number) =>
  request<OvertimePreview>('GET', `${meetingPath(meetingId)}/overtime`, { query: { duration_mins: durationMins } });
/** A supervisor refunds an overtime charge, saying why. */
export const refundOvertime = (paymentId: Id, reason: string) =>
  request<{ id: Id }>('POST', `/api/payments/${segment(paymentId)}/refund`, { form: { reason } });
/** The one-line summary; `report`: the lesson report's fields beside it (docs/contract-extensions.md), absent ones unchanged. */
export const setMeetingNotes = (meetingId: Id, notes: string, report: Partial<Record<'attendance' | 'homework' | 'private_note', string>> = {}) =>
  request<Meeting>('POST', `${meetingPath(meetingId)}/notes`, { form: { notes, ...report } });
export const setMeetingOccurrence = (meetingId: Id, occurrenceEpoch: number) =>
  request<Meeting>('POST', `${meetingPath(meetingId)}/occurrence_epoch`, { form: { occurrence_epoch: occurrenceEpoch } });
export const setMeetingDuration = (meetingId: Id, durationMins: number) =>
  request<Meeting>('POST', `${meetingPath(meetingId)}/duration_mins`, { form: { duration_mins: durationMins } });
/**
 * A supervisor approves the session's paid time (decision 022): `minutes`, the duration they saw
 * awaiting approval or the minutes they edited it to (approved either way).
 */
export const approveDuration = (meetingId: Id, minutes: number) =>
  request<Meeting>('POST', `${meetingPath(meetingId)}/duration-approval`, { form: { minutes } });
