import { useId, useState } from 'react';
import { createGrade } from '../../api/gradebooks.ts';
import type { GradeCategory, Id } from '../../contract/entities.ts';
import { toHundredths } from '../../lib/grades.ts';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import styles from './gradebook.module.css';
import { dateToEpoch, type GradeDraft, gradeCreationMessage, gradeError } from './validation.ts';

const empty: GradeDraft = { name: '', earned: '', total: '', categoryId: null, due: '' };

/** 'Add Grade' (spec 2 §2, §5): the eight checks in order, then the server's answer. */
export function AddGradeForm({ gradebookId, categories, gradesLoaded, onAdded }: { gradebookId: Id; categories: GradeCategory[]; gradesLoaded: boolean; onAdded: () => void }) {
  const ids = { name: useId(), earned: useId(), total: useId(), category: useId(), due: useId() };
  const [draft, setDraft] = useState<GradeDraft>(empty);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const options = categories.map((c) => ({ value: String(c.id), label: c.category_name }));

  async function submit() {
    const problem = gradeError(draft, gradesLoaded);
    if (problem) return setError(problem);
    setSaving(true);
    setError(null);
    const result = await createGrade(gradebookId, draft.categoryId!, {
      name: draft.name.trim(),
      due_date: dateToEpoch(draft.due),
      points_recieved_hundreths: toHundredths(draft.earned),
      points_total_hundreths: toHundredths(draft.total),
    });
    setSaving(false);
    if (result.status === 'success') {
      setDraft({ ...empty, categoryId: draft.categoryId });
      onAdded();
    } else setError(gradeCreationMessage(result.status === 'failure' ? result.error.type : null));
  }

  return (
    <section className={styles.panel} aria-labelledby="add-grade-title">
      <h2 id="add-grade-title">Add Grade</h2>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className={`${styles.field} ${styles.wide}`}>
          <label htmlFor={ids.name}>Assignment Name</label>
          <input id={ids.name} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.earned}>Points Earned</label>
          <input id={ids.earned} inputMode="decimal" value={draft.earned} onChange={(e) => setDraft({ ...draft, earned: e.target.value })} />
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.total}>Points Total</label>
          <input id={ids.total} inputMode="decimal" value={draft.total} onChange={(e) => setDraft({ ...draft, total: e.target.value })} />
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.due}>Due Date</label>
          <input id={ids.due} type="date" value={draft.due} onChange={(e) => setDraft({ ...draft, due: e.target.value })} />
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.category}>Category</label>
          <Select
            inputId={ids.category}
            options={options}
            value={options.find((o) => o.value === draft.categoryId) ?? null}
            placeholder="Select or type..."
            onChange={(option) => setDraft({ ...draft, categoryId: option?.value ?? null })}
          />
        </div>
        {error && (
          <p className={`${styles.error} ${styles.wide}`} role="alert">
            {error}
          </p>
        )}
        <div className={styles.wide}>
          <Button type="submit" loading={saving}>
            Add to Gradebook
          </Button>
        </div>
      </form>
    </section>
  );
}
