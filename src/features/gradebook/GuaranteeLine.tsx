import { getGuarantee } from '../../api/gradebooks.ts';
import type { Guarantee, Id } from '../../contract/entities.ts';
import { useRead } from '../../ui/use-read.ts';
import { guaranteeLine, guaranteeNotes } from './guarantee-words.ts';
import styles from './gradebook.module.css';

/**
 * The pass guarantee's progress under the gradebook's title, read again when the grades change
 * (`gradesSeen`). Shows nothing while it loads or when it cannot be read: the grades matter more.
 */
export function GuaranteeLine({ gradebookId, gradesSeen }: { gradebookId: Id; gradesSeen: number }) {
  const { state } = useRead<Guarantee>(() => getGuarantee(gradebookId), [gradebookId, gradesSeen], { keep: true });
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
    </section>
  );
}
