import { MAX_DURATION_MINUTES } from '../contract/limits.ts';

/**
 * Paid time a supervisor approves (decision 022), as the screens say it: the staff meeting card,
 * Payroll and My Hours share these words and the one rule for typed minutes.
 */

export const AWAITING_APPROVAL = 'Awaiting approval';
export const PAID_TIME_RANGE_MESSAGE = `Please enter the paid time in whole minutes, from 0 to ${MAX_DURATION_MINUTES}.`;
/** Why a supervisor sees no Approve on their own session. */
export const OWN_SESSION_NOTE = 'Another supervisor approves the paid time of your own sessions.';

/** Minutes typed for the paid time, or null when they are not whole minutes from 0 to 180. */
export function parsePaidMinutes(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[0-9]{1,3}$/.test(trimmed)) return null;
  const minutes = Number(trimmed);
  return minutes <= MAX_DURATION_MINUTES ? minutes : null;
}

/**
 * '75 min entered by Jordan Alvarez; 60 min are paid until a supervisor approves.' (`by` null: a
 * change entered before approvals were asked).
 */
export function awaitingSentence(durationMins: number, paidMinutes: number, by: string | null): string {
  return `${durationMins} min entered${by ? ` by ${by}` : ''}; ${paidMinutes} min ${paidMinutes === 1 ? 'is' : 'are'} paid until a supervisor approves.`;
}

/** 'Paid time: 70 min, approved by Maya Chen.' for a session paid other minutes than its duration. */
export function paidTimeSentence(paidMinutes: number, approvedBy: string | null): string {
  return `Paid time: ${paidMinutes} min${approvedBy ? `, approved by ${approvedBy}` : ''}.`;
}
