import { type ChangeEvent, useId, useRef, useState } from 'react';
import { importCourses } from '../../api/catalog-admin.ts';
import { site } from '../../config/site.ts';
import type { CourseImport } from '../../contract/entities.ts';
import { COURSE_IMPORT_MAX_BYTES, COURSE_IMPORT_MAX_ROWS } from '../../contract/limits.ts';
import { schoolName } from '../../lib/courses.ts';
import { Button } from '../../ui/Button.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { failureMessage, importedText, importSummary, refusedImport, rowResult } from './catalog-model.ts';
import styles from './catalog.module.css';

const ROW_CLASS = { new: styles.rowNew, unchanged: '', renamed: styles.rowRenamed, invalid: styles.rowInvalid } as const;

type State =
  | { step: 'idle' }
  | { step: 'reading'; name: string }
  | { step: 'preview'; file: File; preview: CourseImport }
  | { step: 'importing'; file: File; preview: CourseImport };

/**
 * Import from a CSV file: choosing the file asks the server for a preview (nothing written), each
 * row marked new, unchanged, renamed or invalid with its reason; 'Import N courses' writes them all
 * at once, and stays disabled while a row is invalid.
 */
export function ImportSection({ onImported }: { onImported: () => void }) {
  const titleId = useId();
  const fileId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  function reset() {
    setState({ step: 'idle' });
    if (input.current) input.current.value = '';
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setError(null);
    setDone(null);
    if (!file) return setState({ step: 'idle' });
    if (file.size > COURSE_IMPORT_MAX_BYTES) {
      setState({ step: 'idle' });
      return setError(`The file is larger than ${COURSE_IMPORT_MAX_BYTES / 1024} KB: please split it.`);
    }
    setState({ step: 'reading', name: file.name });
    const result = await importCourses(file, true);
    if (result.status === 'success') return setState({ step: 'preview', file, preview: result.data });
    setState({ step: 'idle' });
    setError(failureMessage(result));
  }

  async function confirm() {
    if (state.step !== 'preview') return;
    setState({ ...state, step: 'importing' });
    const result = await importCourses(state.file, false);
    if (result.status === 'success') {
      reset();
      setDone(importedText(result.data));
      return onImported();
    }
    // Refused as a whole: the rows as they read now (a course added meanwhile) become the preview.
    const rows = result.status === 'failure' ? refusedImport(result.error) : null;
    setState({ step: 'preview', file: state.file, preview: rows ?? state.preview });
    setError(failureMessage(result));
  }

  const shown = state.step === 'preview' || state.step === 'importing' ? state : null;
  const summary = shown ? importSummary(shown.preview) : null;

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Import courses
      </h2>
      <div className={styles.field}>
        <label htmlFor={fileId} className={styles.label}>
          CSV file
        </label>
        <input ref={input} id={fileId} className={styles.fileInput} type="file" accept=".csv,text/csv" aria-describedby={hintId} onChange={choose} />
        <p id={hintId} className={styles.muted}>
          A header row <code>course_number,course_name,school</code>, then a course a row (at most {COURSE_IMPORT_MAX_ROWS}). School:{' '}
          {site.schools.map((s) => `${s.id} (${s.name})`).join(' or ')}. Nothing is written until you confirm.
        </p>
      </div>
      {state.step === 'reading' && <Loader text={`Reading ${state.name}…`} />}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <p className={styles.success} role="status">
        {done}
      </p>
      {shown && summary && (
        <>
          {shown.preview.rows.length === 0 ? (
            <p className={styles.notice}>The file has no courses below its header.</p>
          ) : (
            <table className={styles.preview}>
              <caption>Preview of {shown.file.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Number</th>
                  <th scope="col">Name</th>
                  <th scope="col">School</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {shown.preview.rows.map((row) => (
                  <tr key={row.line} className={ROW_CLASS[row.status]}>
                    <td data-label="Line">{row.line}</td>
                    <td data-label="Number">{row.course_number}</td>
                    <td data-label="Name">{row.course_name}</td>
                    <td data-label="School">{schoolName(row.school)}</td>
                    <td data-label="Result" className={styles.result}>
                      {rowResult(row)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className={summary.canImport ? styles.muted : styles.notice}>{summary.note}</p>
          <div className={styles.actions}>
            <Button variant="green" disabled={!summary.canImport} loading={state.step === 'importing'} onClick={confirm}>
              {summary.confirmLabel}
            </Button>
            <Button variant="secondary" onClick={reset} disabled={state.step === 'importing'}>
              Cancel
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
