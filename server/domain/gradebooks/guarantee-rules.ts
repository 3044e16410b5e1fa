/**
 * The pass guarantee's terms (spec 2 §9, the /terms page), as rules over what the product records:
 *
 * - hours of tutoring in the course count per session held: a one-on-one session 60 minutes, a
 *   group-of-two session 40 ("a one-on-two hour counts as 40 minutes");
 * - at least 12 hours; a high-school course (year-long) needs 30 classes as well;
 * - every grade is entered within 7 days of its date, or the guarantee is lost;
 * - a claim comes within 7 days of the last grade entered (the final one): `claimOpenUntil`.
 *
 * Pure: guarantee.ts reads the gradebook, its sessions and grades, and asks these.
 */

export const GUARANTEE_HOURS = 12;
export const HIGH_SCHOOL_CLASSES = 30;
export const GRADE_ENTRY_DAYS = 7;
export const CLAIM_DAYS = 7;
const DAY_MS = 24 * 3600_000;
/** Minutes a session counts for, by its size. */
export const COUNTED_MINUTES = { 1: 60, 2: 40 } as const;

export type GuaranteeStatus = 'tracking' | 'eligible' | 'lost' | 'waived' | 'claimed' | 'refunded' | 'declined';

export interface GuaranteeFacts {
  school: string;
  /** The gradebook was archived: the student waived the guarantee. */
  waived: boolean;
  /** Sessions of the course the student had (paid, held, not canceled), by size. */
  sessions: { capacity: number }[];
  /** The gradebook's grades: their date and when they were entered. */
  grades: { name: string; dueMs: number; enteredMs: number }[];
}

export interface GuaranteeView {
  status: GuaranteeStatus;
  hoursCounted: number;
  hoursRequired: number;
  classesCounted: number;
  /** Null for a course that counts hours only (university). */
  classesRequired: number | null;
  lateGrades: number;
  claimOpenUntilMs: number | null;
  /** Why it is lost, or what is still missing. */
  reasons: string[];
}

/** Whether a grade was entered more than 7 days after its date. */
export const enteredLate = (grade: { dueMs: number; enteredMs: number }) => grade.enteredMs - grade.dueMs > GRADE_ENTRY_DAYS * DAY_MS;

export function guaranteeView(facts: GuaranteeFacts): GuaranteeView {
  const minutes = facts.sessions.reduce((sum, s) => sum + (s.capacity === 2 ? COUNTED_MINUTES[2] : COUNTED_MINUTES[1]), 0);
  const hoursCounted = Math.round((minutes / 60) * 100) / 100;
  const classesRequired = facts.school === 'highschool' ? HIGH_SCHOOL_CLASSES : null;
  const late = facts.grades.filter(enteredLate);
  const base = { hoursCounted, hoursRequired: GUARANTEE_HOURS, classesCounted: facts.sessions.length, classesRequired, lateGrades: late.length };
  if (facts.waived) return { ...base, status: 'waived', claimOpenUntilMs: null, reasons: ['The guarantee was waived for this course.'] };
  if (late.length > 0) {
    const names = late.map((g) => g.name).join(', ');
    return { ...base, status: 'lost', claimOpenUntilMs: null, reasons: [`${late.length === 1 ? 'A grade was' : 'Grades were'} entered more than ${GRADE_ENTRY_DAYS} days after ${late.length === 1 ? 'its date' : 'their dates'}: ${names}.`] };
  }
  const missing: string[] = [];
  if (hoursCounted < GUARANTEE_HOURS) missing.push(`${formatHours(GUARANTEE_HOURS - hoursCounted)} more of tutoring (one-on-one sessions count 60 minutes, group-of-two 40).`);
  if (classesRequired !== null && facts.sessions.length < classesRequired) missing.push(`${classesRequired - facts.sessions.length} more classes (a high-school course needs ${classesRequired}).`);
  if (missing.length > 0) return { ...base, status: 'tracking', claimOpenUntilMs: null, reasons: missing };
  const lastEntered = facts.grades.reduce((latest, g) => Math.max(latest, g.enteredMs), 0);
  return { ...base, status: 'eligible', claimOpenUntilMs: lastEntered > 0 ? lastEntered + CLAIM_DAYS * DAY_MS : null, reasons: [] };
}

/** '3 hours', '2.33 hours', '1 hour'. */
function formatHours(hours: number): string {
  const rounded = Math.round(hours * 100) / 100;
  return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`;
}
