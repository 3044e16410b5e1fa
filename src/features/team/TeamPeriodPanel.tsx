import { useId } from 'react';
import { DateRangeFields } from '../../ui/DateRangeFields.tsx';
import { CONFIRMED_HELP, SCHEDULED_HELP } from './team-model.ts';
import styles from './team.module.css';

export interface TeamPeriodPanelProps {
  range: { from: string; to: string };
  onRangeChange: (field: 'from' | 'to', value: string) => void;
  /** From is after To: no figures, and the fields say why. */
  invalid: boolean;
  showArchived: boolean;
  onShowArchived: (show: boolean) => void;
}

/** What 'Your Team' shows: the period of the cards' hours, whether archived tutors show, and what the figures mean. */
export function TeamPeriodPanel({ range, onRangeChange, invalid, showArchived, onShowArchived }: TeamPeriodPanelProps) {
  const archivedId = useId();
  return (
    <>
      <div className={styles.controls}>
        <fieldset className={styles.range}>
          <legend className={styles.label}>View summary by time period</legend>
          <DateRangeFields from={range.from} to={range.to} onChange={onRangeChange} invalid={invalid} bounded />
          {invalid && (
            <p className={styles.error} role="alert">
              Please pick a From date on or before the To date.
            </p>
          )}
        </fieldset>
        <div className={styles.checkbox}>
          <input id={archivedId} type="checkbox" checked={showArchived} onChange={(event) => onShowArchived(event.target.checked)} />
          <label htmlFor={archivedId}>Show Archived</label>
        </div>
      </div>
      <p className={styles.legend}>
        {SCHEDULED_HELP} {CONFIRMED_HELP}
      </p>
    </>
  );
}
