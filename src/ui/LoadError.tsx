import { Button } from './Button.tsx';
import styles from './LoadError.module.css';

/** A screen whose data did not load: the reason, announced, and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={styles.box}>
      <p role="alert" className={styles.message}>
        {message}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
