import { TextCodeDialog } from '../features/auth/TextCodeDialog.tsx';
import { loadAuth } from '../features/auth/session-store.ts';
import { BookingFlow } from '../features/booking/BookingFlow.tsx';
import type { LoginDialogProps } from '../features/booking/StepFinalize.tsx';

/** The text-code dialog, opened by the booking flow when the contact form's customer already exists. */
export const bookingLoginDialog = ({ email, onClose }: LoginDialogProps) => <TextCodeDialog open email={email} onClose={onClose} />;

/** The home page's booking flow (client:visible: it is below the fold). A new session updates the hero. */
export default function Booking() {
  return <BookingFlow loginDialog={bookingLoginDialog} onSignedIn={() => void loadAuth()} />;
}
