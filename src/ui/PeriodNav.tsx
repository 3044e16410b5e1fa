import { useId } from 'react';
import { Button } from './Button.tsx';
import styles from './PeriodNav.module.css';

export interface PeriodNavProps {
  /** What the period is called for screen readers ('Pay period'). */
  name: string;
  /** The period as shown ('Mon, Nov 23 – Sun, Dec 6'). */
  label: string;
  onPrevious: () => void;
  onNext: () => void;
  /** Back to the period holding today. */
  onCurrent: () => void;
}

/** Previous / the period / Next / This period: a row of buttons; the shown period is announced when it changes. */
export function PeriodNav({ name, label, onPrevious, onNext, onCurrent }: PeriodNavProps) {
  const labelId = useId();
  return (
    <div className={styles.nav} role="group" aria-labelledby={labelId}>
      <Button variant="secondary" thin onClick={onPrevious}>
        Previous period
      </Button>
      <p id={labelId} className={styles.label} aria-live="polite">
        <span className="visually-hidden">{name} </span>
        {label}
      </p>
      <Button variant="secondary" thin onClick={onNext}>
        Next period
      </Button>
      <Button variant="secondary" thin onClick={onCurrent}>
        This period
      </Button>
    </div>
  );
}
