import { useId, useState } from 'react';
import { createGrade } from '../../api/gradebooks.ts';
import type { GradeCategory, Id } from '../../contract/entities.ts';
import { toHundredths } from '../../lib/grades.ts';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import styles from './gradebook.module.css';
import { dateToEpoch, type GradeDraft, gradeCreationMessage, gradeError } from './validation.ts';

const empty: GradeDraft = { name: '', earned: '', total: '', categoryId: null, due: '' };

/** 'Add Grade' (spec 2 §2, §5): the eight checks in order, then the server's answer. */
export function AddGradeForm({ gradebookId, categories, gradesLoaded, onAdded }: { gradebookId: Id; categories: GradeCategory[]; gradesLoaded: boolean; onAdded: () => void }) {
  const categoryId = useId();
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
        <TextInput className={styles.wide} label="Assignment Name" value={draft.name} onChange={(name) => setDraft({ ...draft, name })} />
        <TextInput label="Points Earned" inputMode="decimal" value={draft.earned} onChange={(earned) => setDraft({ ...draft, earned })} />
        <TextInput label="Points Total" inputMode="decimal" value={draft.total} onChange={(total) => setDraft({ ...draft, total })} />
        <TextInput label="Due Date" type="date" value={draft.due} onChange={(due) => setDraft({ ...draft, due })} />
        <div className={styles.field}>
          <label htmlFor={categoryId}>Category</label>
          <Select
            inputId={categoryId}
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
