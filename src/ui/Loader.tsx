import styles from './Loader.module.css';

export function Spinner({ size = 32, label = 'Loading' }: { size?: number; label?: string }) {
  return (
    <span
      className={styles.spinner}
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
    />
  );
}

export interface LoaderProps {
  /** Placeholder text instead of the spinner. */
  text?: string;
  size?: number;
}

/** A loading indicator: a spinner, or placeholder text when given. Announced politely. */
export function Loader({ text, size }: LoaderProps) {
  if (text !== undefined) {
    return (
      <p className={styles.text} role="status">
        {text}
      </p>
    );
  }
  return (
    <div className={styles.center}>
      <Spinner size={size} />
    </div>
  );
}
