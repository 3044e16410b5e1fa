import { BookingFlow } from '../features/booking/BookingFlow.tsx';
import { bookingLoginDialog } from './booking-login-dialog.tsx';

/**
 * The booking flow of a student with nothing upcoming, with the text-code dialog it may open: one
 * chunk, loaded when first shown, so the dashboard's first load carries neither.
 */
export function DashboardBooking({ onBooked }: { onBooked: () => void }) {
  return <BookingFlow loginDialog={bookingLoginDialog} onBooked={onBooked} />;
}
