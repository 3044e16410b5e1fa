import { dispatchBooking } from './booking-store.ts';
import styles from './booking.module.css';

/** Returns one step. */
export function BackButton({ disabled = false }: { disabled?: boolean }) {
  return (
    <button type="button" className={styles.back} aria-label="Back" disabled={disabled} onClick={() => dispatchBooking({ type: 'back' })}>
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M15 18l-6-6 6-6" />
      </svg>
    </button>
  );
}
