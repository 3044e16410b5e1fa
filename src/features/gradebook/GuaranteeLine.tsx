import { type FormEvent, useState } from 'react';
import { claimGuarantee, getGuarantee } from '../../api/gradebooks.ts';
import type { Guarantee, Id } from '../../contract/entities.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import { Button } from '../../ui/Button.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { useRead } from '../../ui/use-read.ts';
import { guaranteeLine, guaranteeNotes } from './guarantee-words.ts';
import styles from './gradebook.module.css';

/**
 * The pass guarantee's progress under the gradebook's title, read again when the grades change
 * (`gradesSeen`), and for the student once it is eligible, the claim with their final grade. Shows
 * nothing while it loads or when it cannot be read: the grades matter more.
 */
export function GuaranteeLine({ gradebookId, gradesSeen, student }: { gradebookId: Id; gradesSeen: number; student: boolean }) {
  const { state, setData } = useRead<Guarantee>(() => getGuarantee(gradebookId), [gradebookId, gradesSeen], { keep: true });
  if (state.status !== 'ready') return null;
  const notes = guaranteeNotes(state.data);
  return (
    <section className={styles.guarantee} aria-label="Pass guarantee">
      <p className={styles.guaranteeLine}>{guaranteeLine(state.data)}</p>
      {notes.map((note) => (
        <p key={note} className={styles.muted}>
          {note}
        </p>
      ))}
      {student && state.data.status === 'eligible' && <ClaimForm gradebookId={gradebookId} onClaimed={() => setData({ ...state.data, status: 'claimed', claim_open_until: null, reasons: ['Your claim is with us: a supervisor answers it by email.'] })} />}
    </section>
  );
}

/** The student's claim: their final grade, sent once; a refusal is said here with the grade kept. */
function ClaimForm({ gradebookId, onClaimed }: { gradebookId: Id; onClaimed: () => void }) {
  const [grade, setGrade] = useState('');
  const [gradeError, setGradeError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function claim(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!grade.trim()) return setGradeError('Please enter your final grade.');
    setGradeError(undefined);
    setBusy(true);
    setError(null);
    const result = await claimGuarantee(gradebookId, grade.trim());
    setBusy(false);
    if (result.status === 'success') return onClaimed();
    setError(result.status === 'failure' ? errorMessage(result.error) : NETWORK_MESSAGE);
  }

  return (
    <form onSubmit={claim} noValidate aria-label="Claim the guarantee" className={styles.claimForm}>
      <p>Did not pass? Claim the guarantee with your final grade: a supervisor checks it and refunds the course.</p>
      <TextInput label="Final grade" autoComplete="off" hint="As your school gave it, such as D or 58%" value={grade} error={gradeError} onChange={setGrade} />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" thin loading={busy}>
          Claim the guarantee
        </Button>
      </div>
    </form>
  );
}
