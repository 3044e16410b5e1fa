import { useId } from 'react';
import type { Attendance } from '../../contract/entities.ts';
import { HOMEWORK_MAX, PRIVATE_NOTE_MAX } from '../../contract/limits.ts';
import { ATTENDANCE_LABELS, type LessonReportDraft, ONLY_STAFF } from './lesson-report.ts';
import styles from './staff.module.css';

export interface LessonReportFieldsProps {
  value: LessonReportDraft;
  onChange: (next: LessonReportDraft) => void;
}

const choices = Object.entries(ATTENDANCE_LABELS) as [Attendance, string][];

/**
 * The lesson report's fields inside the summary box (loaded when 'Lesson report' is first opened):
 * attendance as a radio group (arrow keys move the choice), homework the student sees on the
 * session's card, and a note that only staff read. The box owns the values and submits them with
 * the summary, so nothing typed here is lost when a submit fails.
 */
export default function LessonReportFields({ value, onChange }: LessonReportFieldsProps) {
  const id = useId();
  return (
    <div className={styles.report}>
      <fieldset className={styles.attendance}>
        <legend className={styles.summaryLabel}>Attendance</legend>
        {choices.map(([word, label]) => (
          <label key={word} className={styles.choice}>
            <input type="radio" name={`${id}-attendance`} value={word} checked={value.attendance === word} onChange={() => onChange({ ...value, attendance: word })} />
            {label}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-homework`} className={styles.summaryLabel}>
        Homework for the student
      </label>
      <textarea
        id={`${id}-homework`}
        className={styles.reportText}
        rows={2}
        maxLength={HOMEWORK_MAX}
        value={value.homework}
        aria-describedby={`${id}-homework-hint`}
        onChange={(event) => onChange({ ...value, homework: event.target.value })}
      />
      <p id={`${id}-homework-hint`} className={`${styles.summaryHint} ${styles.muted}`}>
        The student sees it on this session's card.
      </p>
      <label htmlFor={`${id}-note`} className={styles.summaryLabel}>
        Private note
      </label>
      <textarea
        id={`${id}-note`}
        className={styles.reportText}
        rows={2}
        maxLength={PRIVATE_NOTE_MAX}
        value={value.private_note}
        aria-describedby={`${id}-note-hint`}
        onChange={(event) => onChange({ ...value, private_note: event.target.value })}
      />
      <p id={`${id}-note-hint`} className={`${styles.summaryHint} ${styles.staffOnly}`}>
        {ONLY_STAFF}
      </p>
    </div>
  );
}
