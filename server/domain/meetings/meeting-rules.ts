import type { ErrorType } from '../../../src/contract/errors.ts';
import { MAX_DURATION_MINUTES } from '../../../src/contract/limits.ts';
import { BOOKED_MINUTES } from './overtime.ts';
import { CANCEL_NOTICE_HOURS } from './student-changes.ts';

/**
 * What staff may do to a meeting, and when: the rules that keep a tutor's edits from moving a
 * customer's money or time against them. Pure functions of the meeting, the change and the
 * server clock's time, so the API and the screens apply the same answer (meeting-changes.ts calls
 * them inside the transaction that holds the meeting's lock).
 *
 * - A meeting that has started does not move (only its duration is entered), so a delivered meeting
 *   cannot be moved into the future and then skipped for a refund, nor a booked one pulled into
 *   the past to free its hour.
 * - A booked meeting moved earlier still starts at least 12 hours from now, so its customers keep
 *   the skip window they paid under; moved later, at least an hour from now. Unbooked availability
 *   moves freely into the future.
 * - The duration is entered from the start; a length that bills overtime only once the booked hour
 *   has ended, and no change after 48 hours past that end. At most 180 minutes in all.
 * - A tutor cancels only before the start; afterwards only a supervisor, with a reason that is kept.
 */

const HOUR_MS = 3600_000;

/** A booked meeting moved earlier keeps the customers' skip window (the 12 hours of the terms). */
export const MOVE_EARLIER_NOTICE_HOURS = CANCEL_NOTICE_HOURS;
/** A booked meeting moved later starts at least this long from now, so nobody is surprised. */
export const MOVE_LATER_NOTICE_HOURS = 1;
/** Overtime is entered until this long after the booked hour's end. */
export const DURATION_ENTRY_HOURS = 48;

export interface MeetingFacts {
  /** The scheduled start, in ms. */
  startMs: number;
  durationMins: number;
  /** Someone holds a seat (paid, paying, or in a checkout). */
  booked: boolean;
}

/** When the booked hour ends: overtime is counted from here. */
export const scheduledEndMs = (meeting: Pick<MeetingFacts, 'startMs'>) => meeting.startMs + BOOKED_MINUTES * 60_000;

/** Why a move of the meeting to `targetMs` is refused, or null when it is allowed. */
export function moveRefusal(meeting: MeetingFacts, targetMs: number, nowMs: number): ErrorType | null {
  if (meeting.startMs <= nowMs) return 'MeetingStarted';
  if (targetMs <= nowMs) return 'EarlyAnchor';
  if (meeting.durationMins !== BOOKED_MINUTES) return 'DurationChanged';
  if (meeting.booked && targetMs !== meeting.startMs) {
    const notice = targetMs < meeting.startMs ? MOVE_EARLIER_NOTICE_HOURS : MOVE_LATER_NOTICE_HOURS;
    if (targetMs < nowMs + notice * HOUR_MS) return 'MoveTooSoon';
  }
  return null;
}

/** Why setting the meeting's duration to `minutes` is refused, or null when it is allowed. */
export function durationRefusal(meeting: Pick<MeetingFacts, 'startMs' | 'durationMins'>, minutes: number, nowMs: number): ErrorType | null {
  if (meeting.startMs > nowMs) return 'MeetingNotStarted';
  if (minutes > MAX_DURATION_MINUTES) return 'DurationTooLong';
  if (minutes === meeting.durationMins) return null;
  const end = scheduledEndMs(meeting);
  if (nowMs > end + DURATION_ENTRY_HOURS * HOUR_MS) return 'DurationClosed';
  if (minutes > BOOKED_MINUTES && nowMs < end) return 'MeetingNotEnded';
  return null;
}

/** A change of the one-line summary and, beside it, of the lesson report (attendance, homework, private note). */
export interface SummaryChange {
  notes: string;
  /** Some field of the lesson report is given (absent ones stay as they are). */
  report: boolean;
}

/**
 * Why the summary and report change is refused, or null when it is allowed. A summary once
 * submitted is not cleared (the tutor's pay and the team's confirmed hours count meetings with one;
 * a new summary replaces it). The report says what happened in the meeting, so it waits for its
 * start; the summary alone keeps the spec's rule (none).
 */
export function summaryRefusal(meeting: Pick<MeetingFacts, 'startMs'> & { notes: string }, change: SummaryChange, nowMs: number): ErrorType | null {
  if (meeting.notes.trim() !== '' && change.notes.trim() === '') return 'SummaryCannotBeCleared';
  if (change.report && meeting.startMs > nowMs) return 'LessonNotStarted';
  return null;
}

/** Why this staff member's cancel of the meeting is refused, or null when it is allowed. */
export function cancelRefusal(meeting: Pick<MeetingFacts, 'startMs'>, supervisor: boolean, reason: string, nowMs: number): ErrorType | null {
  if (meeting.startMs > nowMs) return null;
  if (!supervisor) return 'MeetingStarted';
  if (reason.trim() === '') return 'ReasonRequired';
  return null;
}
