import { useState } from 'react';
import { deleteGrade } from '../../api/gradebooks.ts';
import type { Grade, GradeCategory, Id } from '../../contract/entities.ts';
import { fromHundredths, gradePercent } from '../../lib/grades.ts';
import { relativeTime } from '../../lib/relative-time.ts';
import styles from './gradebook.module.css';
import { errorMessage } from '../../lib/error-messages.ts';

/** 'Recently Entered Grades', newest first, each with delete. */
export function GradeList({ gradebookId, categories, grades, onChanged }: { gradebookId: Id; categories: GradeCategory[]; grades: Grade[]; onChanged: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const categoryName = (id: Id) => categories.find((c) => String(c.id) === String(id))?.category_name ?? '';
  return (
    <section className={styles.panel} aria-labelledby="grades-title">
      <h2 id="grades-title">Recently Entered Grades</h2>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {grades.length === 0 ? (
        <p className={styles.muted}>No grades yet. Add your first one above.</p>
      ) : (
        <ul className={styles.grades}>
          {grades.map((grade) => (
            <li key={String(grade.id)} className={styles.grade}>
              <p>
                <strong>{grade.name}</strong> · <span className={styles.muted}>{categoryName(grade.grade_category)}</span>
              </p>
              <p className={styles.percent}>{gradePercent(grade)}</p>
              <p className={styles.muted}>
                {fromHundredths(grade.points_recieved_hundreths)}/{fromHundredths(grade.points_total_hundreths)} · due {relativeTime(grade.due_date)} · entered{' '}
                {relativeTime(grade.grade_entered_date)}
              </p>
              <p style={{ textAlign: 'right' }}>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={`Delete ${grade.name}`}
                  disabled={deleting !== null}
                  onClick={async () => {
                    setDeleting(String(grade.id));
                    const result = await deleteGrade(gradebookId, grade.grade_category, grade.id);
                    setDeleting(null);
                    if (result.status === 'success') {
                      setError(null);
                      onChanged();
                    } else setError(result.status === 'failure' ? errorMessage(result.error) : "Couldn't contact server. Try again later.");
                  }}
                >
                  ✕
                </button>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
