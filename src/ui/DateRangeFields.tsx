import { useId } from 'react';
import styles from './DateRangeFields.module.css';

export interface DateRangeFieldsProps {
  from: string;
  to: string;
  onChange: (field: 'from' | 'to', value: string) => void;
  /** Both fields are marked invalid (the range is not one). */
  invalid: boolean;
  /** The element that says why, read with each field while it is invalid. */
  problemId?: string;
  /** Each field's picker stops at the other's day (From at most To, To at least From). */
  bounded?: boolean;
}

/** A From and a To date field side by side (stacked on a phone): the team view's range, the Reports screen's chosen days. */
export function DateRangeFields({ from, to, onChange, invalid, problemId, bounded = false }: DateRangeFieldsProps) {
  const fromId = useId();
  const toId = useId();
  const field = (id: string, name: 'from' | 'to', label: string, value: string, bounds: { min?: string; max?: string }) => (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        type="date"
        value={value}
        {...(bounded ? bounds : {})}
        onChange={(event) => onChange(name, event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? problemId : undefined}
      />
    </div>
  );
  return (
    <div className={styles.dates}>
      {field(fromId, 'from', 'From', from, { max: to || undefined })}
      {field(toId, 'to', 'To', to, { min: from || undefined })}
    </div>
  );
}
