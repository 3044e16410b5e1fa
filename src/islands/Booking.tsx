import { BookingFlow } from '../features/booking/BookingFlow.tsx';

/** The home page's booking flow (client:visible: it is below the fold). */
export default function Booking() {
  return <BookingFlow />;
}
