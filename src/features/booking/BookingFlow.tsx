import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { $booking } from './booking-store.ts';
import styles from './booking.module.css';
import { StepList } from './StepList.tsx';
import { StepSelect } from './StepSelect.tsx';
import { useAvailability } from './use-availability.ts';
import { useCatalog } from './use-catalog.ts';

// Step 3 carries Stripe: it is loaded only when the visitor gets there.
const StepFinalize = lazy(() => import('./StepFinalize.tsx'));

export interface BookingFlowProps {
  /** Called after payment instead of going to the dashboard (the sessions screen embeds the flow). */
  onBooked?: () => void;
}

/** The three-step booking flow (spec 1 §2): choose, pick an appointment, pay. */
export function BookingFlow({ onBooked }: BookingFlowProps) {
  const booking = useStore($booking);
  const [catalog, retry] = useCatalog();
  const availability = useAvailability(booking.selection);

  if (catalog.status === 'loading') return <Loader text="Loading courses…" />;
  if (catalog.status === 'error') {
    return (
      <div className={styles.step}>
        <p className={styles.error} role="alert">
          {catalog.message}
        </p>
        <Button variant="secondary" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  }
  const { courses, prices } = catalog;
  if (booking.step === 'select') return <StepSelect selection={booking.selection} courses={courses} prices={prices} availability={availability} />;
  if (booking.step === 'list') return <StepList selection={booking.selection} courses={courses} prices={prices} availability={availability} />;
  if (!booking.appointment) return null;
  return (
    <Suspense fallback={<Loader text="Loading secure payment…" />}>
      <StepFinalize
        appointment={booking.appointment}
        selection={{ ...booking.selection, capacity: booking.selection.capacity ?? 1 }}
        prices={prices}
        onBooked={onBooked}
      />
    </Suspense>
  );
}
