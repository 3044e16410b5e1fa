import type { Attendance, Meeting } from '../../contract/entities.ts';

/**
 * The lesson report beside the one-line summary (docs/contract-extensions.md 'Lesson reports'):
 * what the summary box keeps while the tutor types, and the words the staff's cards show. Light on
 * purpose: the report's fields themselves load on demand (LessonReportFields.tsx).
 */
export interface LessonReportDraft {
  attendance: Attendance | null;
  homework: string;
  private_note: string;
}

/** Attendance by the terms: arriving more than 15 minutes late is a no-show. */
export const ATTENDANCE_LABELS: Record<Attendance, string> = {
  attended: 'Attended',
  late: 'Late (up to 15 minutes)',
  'no-show': 'No-show (more than 15 minutes late)',
};

export const ONLY_STAFF = 'Only staff see this';

/** The meeting's report as staff read it; a backend without reports reads as an empty one. */
export const reportOf = (meeting: Pick<Meeting, 'attendance' | 'homework' | 'private_note'>): LessonReportDraft => ({
  attendance: meeting.attendance ?? null,
  homework: meeting.homework ?? '',
  private_note: meeting.private_note ?? '',
});

export const hasReport = (report: LessonReportDraft) => report.attendance !== null || report.homework.trim() !== '' || report.private_note.trim() !== '';

/** Equal as the server would keep them (it trims the texts). */
export const sameReport = (a: LessonReportDraft, b: LessonReportDraft) =>
  a.attendance === b.attendance && a.homework.trim() === b.homework.trim() && a.private_note.trim() === b.private_note.trim();

export const trimReport = (report: LessonReportDraft): LessonReportDraft => ({ ...report, homework: report.homework.trim(), private_note: report.private_note.trim() });

/** The form fields the report sends: attendance once chosen (it is changed, never unset). */
export function reportFields(report: LessonReportDraft): Partial<Record<keyof LessonReportDraft, string>> {
  return { ...(report.attendance ? { attendance: report.attendance } : {}), homework: report.homework.trim(), private_note: report.private_note.trim() };
}
