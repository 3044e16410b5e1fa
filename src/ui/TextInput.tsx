import { type InputHTMLAttributes, useId } from 'react';
import styles from './TextInput.module.css';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and announced; marks the field invalid. */
  error?: string;
  /** False when the form announces the problem itself (one alert for several fields): the error is shown, not announced. */
  announceError?: boolean;
  hint?: string;
}

/** A labelled text field with an optional hint and error message. */
export function TextInput({ label, value, onChange, error, announceError = true, hint, id, className, ...rest }: TextInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <input
        {...rest}
        id={inputId}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error} role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
