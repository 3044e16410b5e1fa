import { loadAuth } from '../api/auth-state.ts';
import { BookingFlow } from '../features/booking/BookingFlow.tsx';
import { FailureBoundary } from '../ui/FailureBoundary.tsx';
import { bookingLoginDialog } from './booking-login-dialog.tsx';

/** The home page's booking flow (client:visible: it is below the fold). A new session updates the hero. */
export default function Booking() {
  return (
    <FailureBoundary where="booking">
      <BookingFlow loginDialog={bookingLoginDialog} onSignedIn={() => void loadAuth()} />
    </FailureBoundary>
  );
}
