import { useState } from 'react';
import { createCategory, deleteCategory } from '../../api/gradebooks.ts';
import { site } from '../../config/site.ts';
import type { GradeCategory, Id } from '../../contract/entities.ts';
import { formatPhone } from '../../lib/phone.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import styles from './gradebook.module.css';
import { type CategoryDraft, categoryError, setupError } from './validation.ts';
import { errorMessage } from '../../lib/error-messages.ts';

export interface SetupPanelProps {
  gradebookId: Id;
  categories: GradeCategory[];
  onChanged: () => void;
  onDone: () => void;
  /** Whose screen it is: a tutor sets up the student's syllabus. */
  viewer?: 'student' | 'tutor';
}

/** 'Setup your gradebook' (spec 2 §2, §5): the syllabus's categories, their weights and drops. */
export function SetupPanel({ gradebookId, categories, onChanged, onDone, viewer = 'student' }: SetupPanelProps) {
  const [draft, setDraft] = useState<CategoryDraft>({ name: '', weight: '', drops: '0' });
  const [error, setError] = useState<string | null>(null);
  const [doneError, setDoneError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<{ category: GradeCategory; working: boolean } | null>(null);

  async function add() {
    const problem = categoryError(draft);
    if (problem) return setError(problem);
    setSaving(true);
    const result = await createCategory(gradebookId, { name: draft.name.trim(), weight_percent: Number(draft.weight), drops: Number(draft.drops) });
    setSaving(false);
    if (result.status !== 'success') return setError(result.status === 'failure' ? errorMessage(result.error) : "Couldn't contact server. Try again later.");
    setError(null);
    setDoneError(null);
    setDraft({ name: '', weight: '', drops: '0' });
    onChanged();
  }

  return (
    <div className={styles.screen}>
      <section className={styles.panel} aria-labelledby="setup-title">
        <h2 id="setup-title">Setup your gradebook</h2>
        <p className={styles.muted}>
          Enter each grade category of {viewer === 'tutor' ? "the student's" : 'your'} syllabus with its weight, and how many lowest scores it drops.
        </p>
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <TextInput label="Grade Category" placeholder="Homework" value={draft.name} onChange={(name) => setDraft({ ...draft, name })} />
          <TextInput label="Weight %" inputMode="decimal" value={draft.weight} onChange={(weight) => setDraft({ ...draft, weight })} />
          <TextInput label="Dropped Assignments" inputMode="numeric" value={draft.drops} onChange={(drops) => setDraft({ ...draft, drops })} />
          {error && (
            <p className={`${styles.error} ${styles.wide}`} role="alert">
              {error}
            </p>
          )}
          <div className={styles.wide}>
            <Button type="submit" variant="secondary" loading={saving}>
              Add Category
            </Button>
          </div>
        </form>
        <ul className={styles.categories} aria-label="Categories">
          {categories.map((category) => (
            <li key={String(category.id)}>
              <span>
                <strong>{category.category_name}</strong> <span className={styles.muted}>worth {category.weight_percent}%</span> ·{' '}
                <span className={styles.muted}>{category.drops} lowest scores dropped</span>
              </span>
              <button
                type="button"
                className={styles.iconButton}
                aria-label={`Delete ${category.category_name}`}
                onClick={() => setRemoving({ category, working: false })}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
        <Modal
          open={removing !== null}
          onClose={() => setRemoving(null)}
          dismissible={!removing?.working}
          title={`Delete ${removing?.category.category_name ?? ''}?`}
          primary={{
            label: 'Delete',
            variant: 'red',
            loading: removing?.working,
            onClick: async () => {
              if (!removing || removing.working) return;
              setRemoving({ ...removing, working: true });
              const result = await deleteCategory(gradebookId, removing.category.id);
              setRemoving(null);
              if (result.status === 'success') onChanged();
              else setError(result.status === 'failure' ? errorMessage(result.error) : "Couldn't contact server. Try again later.");
            },
          }}
          secondary={[{ label: 'Keep it', onClick: () => setRemoving(null), disabled: removing?.working }]}
        >
          <p>The grades entered in this category are deleted with it.</p>
        </Modal>
        {doneError && (
          <p className={styles.error} role="alert">
            {doneError}
          </p>
        )}
        <div>
          <Button
            onClick={() => {
              const problem = setupError(categories);
              if (problem) setDoneError(problem);
              else onDone();
            }}
          >
            Done
          </Button>
        </div>
      </section>

      <SetupHelp />
    </div>
  );
}

/** Beside the setup: the how-to video (when the site has one) and the questions students ask. */
function SetupHelp() {
  return (
    <>
      {site.gradebookVideoUrl && (
        <section className={styles.panel} aria-labelledby="video-title">
          <h2 id="video-title">How to set up your gradebook</h2>
          <video controls preload="none" src={site.gradebookVideoUrl} style={{ width: '100%', borderRadius: 12 }}>
            <track kind="captions" />
          </video>
        </section>
      )}

      <section className={styles.panel} aria-labelledby="faq-title">
        <h2 id="faq-title">Questions</h2>
        <dl className={styles.faq}>
          <dt>Who sees my grades?</dt>
          <dd>Your grades are shared only with {site.brandName}'s staff: your tutors and their supervisors, so they can focus your sessions.</dd>
          <dt>Why enter my grades?</dt>
          <dd>The pass guarantee needs your grades entered within 7 days of receiving them.</dd>
          <dt>Need help?</dt>
          <dd>
            Call or text us at <a href={`tel:+1${site.supportPhone}`}>{formatPhone(site.supportPhone)}</a>.
          </dd>
        </dl>
      </section>
    </>
  );
}
