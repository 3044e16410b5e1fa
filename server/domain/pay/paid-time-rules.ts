import type { ErrorType } from '../../../src/contract/errors.ts';
import type { TutorRole } from '../../../src/contract/entities.ts';

/**
 * Paid time a supervisor approves (issue 33, decision 022): pure rules of what a duration change
 * does to a tutor's pay, and who may approve it. paid-time.ts applies them inside the transaction
 * that holds the meeting's row; payroll, My Hours and the team view pay `paidMinutes`.
 *
 * - A session's duration (what it lasted for its customers, and their overtime charge) is entered
 *   as before. What the tutor is paid for is the paid time: the duration as booked until someone
 *   changes it, then the minutes a supervisor approved.
 * - A tutor's change (up or down) awaits a supervisor's approval; until then the paid time stays
 *   what it was (the booked 60 minutes at first). A change back to the approved minutes leaves
 *   nothing to approve.
 * - A supervisor's change of another tutor's session is approved as entered (they are the approver);
 *   of their own session, it awaits another supervisor, as a rate does (decision 013: never one's own).
 * - A supervisor approves the entered duration, or edits the paid time (then approved).
 */

export interface PaidTimeFacts {
  /** The session's duration as entered. */
  durationMins: number;
  /** The approved paid minutes; null while the duration was never changed (it pays the duration). */
  paidMins: number | null;
  /** A change awaits approval. */
  awaiting: boolean;
}

/** What payroll pays for the session: the approved minutes, or the duration nobody changed. */
export const paidMinutes = (meeting: Pick<PaidTimeFacts, 'durationMins' | 'paidMins'>): number => meeting.paidMins ?? meeting.durationMins;

/** Who changes: a staff member and whether the session is their own. */
export interface Changer {
  role: TutorRole;
  /** The session is the changer's own (they tutor it). */
  own: boolean;
}

/** What a change leaves on the meeting, and how the history names it. */
export interface PaidTimeChange {
  paidMins: number;
  awaiting: boolean;
  kind: 'requested' | 'set';
}

/**
 * What entering `minutes` as the session's duration does to its paid time, or null when the
 * duration does not change (nothing is recorded).
 */
export function durationChangeEffect(changer: Changer, meeting: PaidTimeFacts, minutes: number): PaidTimeChange | null {
  if (minutes === meeting.durationMins) return null;
  if (changer.role === 'Supervisor' && !changer.own) return { paidMins: minutes, awaiting: false, kind: 'set' };
  // The minutes approved so far stay paid until a supervisor approves the new ones.
  const approved = paidMinutes(meeting);
  return { paidMins: approved, awaiting: minutes !== approved, kind: 'requested' };
}

/** Why this staff member may not approve or edit the session's paid time, or null when they may. */
export function approvalRefusal(approver: Changer, meeting: { startMs: number }, nowMs: number): ErrorType | null {
  if (approver.role !== 'Supervisor') return 'NotAuthorized';
  if (approver.own) return 'CannotApproveOwnDuration';
  // Paid time is for a session held (a change awaiting approval is entered after the start).
  if (meeting.startMs > nowMs) return 'MeetingNotStarted';
  return null;
}

/** What an approval leaves: the entered duration approved, or the paid time a supervisor edited. */
export interface Approval {
  paidMins: number;
  kind: 'approved' | 'edited';
}

/**
 * The approval of the session's paid time: without `minutes` the entered duration (null when
 * nothing awaits: nothing changes); with them, those minutes (`approved` when they are the entered
 * duration a change awaits, else `edited`; null when they are the paid time already and nothing awaits).
 */
export function approvalEffect(meeting: PaidTimeFacts, minutes: number | undefined): Approval | null {
  if (minutes === undefined) return meeting.awaiting ? { paidMins: meeting.durationMins, kind: 'approved' } : null;
  if (!meeting.awaiting && minutes === paidMinutes(meeting)) return null;
  return { paidMins: minutes, kind: meeting.awaiting && minutes === meeting.durationMins ? 'approved' : 'edited' };
}
