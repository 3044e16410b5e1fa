import styles from './team.module.css';

/** A small form's outcome: the failure (announced at once) or what was saved. */
export function FormStatus({ error, saved }: { error: string | null; saved: string | null }) {
  if (error) {
    return (
      <p className={styles.error} role="alert">
        {error}
      </p>
    );
  }
  return saved ? (
    <p className={styles.success} role="status">
      {saved}
    </p>
  ) : null;
}
