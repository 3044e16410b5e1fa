import { useStore } from '../../ui/use-store.ts';
import { Suspense, useEffect, useRef } from 'react';
import { Button } from '../../ui/Button.tsx';
import { FailureBoundary } from '../../ui/FailureBoundary.tsx';
import { lazyChunk } from '../../ui/lazy-chunk.ts';
import { Loader } from '../../ui/Loader.tsx';
import { $booking, dispatchBooking, resetBooking } from './booking-store.ts';
import { useBookingHost } from './booking-host.ts';
import styles from './booking.module.css';
import { StepList } from './StepList.tsx';
import { StepSelect } from './StepSelect.tsx';
import { useAvailability } from './use-availability.ts';
import { type BuiltCatalog, useCatalog } from './use-catalog.ts';
import type { StepFinalizeProps } from './StepFinalize.tsx';

// Step 3 carries Stripe: it is loaded only when the visitor gets there.
const StepFinalize = lazyChunk(() => import('./StepFinalize.tsx'));

export interface BookingFlowProps extends Pick<StepFinalizeProps, 'loginDialog' | 'onSignedIn'> {
  /** Called when the student moves on from the booked screen, instead of going to their classes (the sessions screen embeds the flow). */
  onBooked?: () => void;
  /** The catalog the page was built with: step 1 is drawn at once, in the page's HTML (the widget's frame). */
  builtCatalog?: BuiltCatalog;
}

/** The three-step booking flow (spec 1 §2): choose, pick an appointment, pay. */
export function BookingFlow({ onBooked, loginDialog, onSignedIn, builtCatalog }: BookingFlowProps) {
  const booking = useStore($booking);
  const [catalog, retry] = useCatalog(builtCatalog);
  const availability = useAvailability(booking.selection, booking.listVisits);
  const root = useRef<HTMLDivElement>(null);
  const previousStep = useRef(booking.step);
  const host = useBookingHost();

  // The page the flow runs in hears of each step (the embedded widget tells the partner's page).
  const { report } = host;
  useEffect(() => {
    report({ type: 'step', step: booking.step });
  }, [report, booking.step]);

  // The school and course the page asked for are chosen once the catalog is there, unless the
  // visitor already chose (after hydration: the page's HTML is the flow's own first screen).
  const openedWith = useRef(false);
  useEffect(() => {
    if (openedWith.current || catalog.status !== 'ready' || (!host.school && !host.course)) return;
    openedWith.current = true;
    const { step, selection } = $booking.get();
    if (step !== 'select' || selection.courseId !== null) return;
    const school = host.school ?? selection.school;
    const wanted = host.course?.toUpperCase();
    const course = catalog.courses.find((c) => c.school === school && c.course_number.toUpperCase() === wanted);
    dispatchBooking({ type: 'choose', changes: course ? { school, courseId: String(course.id) } : { school } });
  }, [catalog, host.course, host.school]);

  // Each step replaces the last: move focus to the new step's title so keyboard and screen reader
  // users land on it rather than on the page's start.
  useEffect(() => {
    if (previousStep.current === booking.step) return;
    previousStep.current = booking.step;
    root.current?.querySelector<HTMLElement>('h3')?.focus();
  }, [booking.step]);

  // A booked screen left without moving on (another dashboard screen) is not shown again.
  useEffect(
    () => () => {
      if ($booking.get().step === 'paid') resetBooking();
    },
    [],
  );

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
  return (
    <div ref={root}>
      {booking.step === 'select' && <StepSelect selection={booking.selection} courses={courses} prices={prices} availability={availability} />}
      {booking.step === 'list' && <StepList selection={booking.selection} courses={courses} prices={prices} availability={availability} />}
      {(booking.step === 'finalize' || booking.step === 'paid') && booking.appointment && (
        <FailureBoundary where="booking step 3">
          <Suspense fallback={<Loader text="Loading secure payment…" />}>
            <StepFinalize
              appointment={booking.appointment}
              selection={{ ...booking.selection, capacity: booking.selection.capacity ?? 1 }}
              prices={prices}
              onBooked={onBooked}
              loginDialog={loginDialog}
              onSignedIn={onSignedIn}
            />
          </Suspense>
        </FailureBoundary>
      )}
    </div>
  );
}
