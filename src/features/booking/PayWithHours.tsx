import { type ReactNode, useEffect, useState } from 'react';
import { bookWeeklyWithHours, bookWithHours } from '../../api/booking.ts';
import { getMyCredits } from '../../api/credits.ts';
import type { PaymentCreateInput, SubscriptionCreateInput } from '../../contract/schemas.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { packageSizeWords } from '../../lib/labels.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './booking.module.css';

export interface PayWithHoursProps {
  /** The booking to make (its size decides which hours pay); with `slot`, a weekly one. */
  booking: Omit<PaymentCreateInput, 'pay_with'> & { slot?: SubscriptionCreateInput['slot'] | undefined };
  capacity: 1 | 2;
  disabled: boolean;
  /** Booked with an hour: the step shows the booked screen. */
  onBooked: () => void;
  /** Shown instead when the customer has no hours of this size: given the booking with an hour, to make once they have one. */
  withoutHours?: (bookWithAnHour: () => Promise<void>) => ReactNode;
}

/**
 * Step 3's other way to pay, for a signed-in customer with hours of the session's size left
 * (docs/contract-extensions.md 'Hour packages'): one hour books a one-time session at once, with no
 * card step; a weekly booking takes this week's hour now and each later week's when it can no
 * longer be skipped (the card on file pays once they run out). Shows nothing while the hours load;
 * without hours of this size, `withoutHours` (step 3's package offer: HoursOffer.tsx).
 */
export function PayWithHours({ booking, capacity, disabled, onBooked, withoutHours }: PayWithHoursProps) {
  const [hours, setHours] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void getMyCredits().then((result) => {
      if (current && result.status === 'success') setHours(result.data.balance.find((size) => size.capacity === capacity)?.hours ?? 0);
    });
    return () => {
      current = false;
    };
  }, [capacity]);

  async function book() {
    setBusy(true);
    setError(null);
    const { slot, ...oneTime } = booking;
    const result = slot === undefined ? await bookWithHours(oneTime) : await bookWeeklyWithHours({ ...oneTime, slot });
    setBusy(false);
    if (result.status === 'success') return onBooked();
    setError(result.status === 'failure' ? errorMessage(result.error) : 'We could not reach the server. Please try again.');
  }

  if (hours === null) return null;
  if (hours === 0) {
    return (
      <>
        {withoutHours?.(book)}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </>
    );
  }

  return (
    <section className={styles.hours} aria-label="Pay with your hours">
      <p>
        You have {hours} {packageSizeWords(capacity)} {hours === 1 ? 'hour' : 'hours'} left:{' '}
        {booking.slot === undefined ? 'one books this session, with no card.' : "each week takes one, this week's now; once they run out, your card on file pays."}
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Button variant="secondary" loading={busy} disabled={disabled} onClick={() => void book()}>
        {booking.slot === undefined ? 'Book with 1 hour' : 'Book weekly with hours'}
      </Button>
    </section>
  );
}
