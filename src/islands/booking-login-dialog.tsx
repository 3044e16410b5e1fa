import { TextCodeDialog } from '../features/auth/TextCodeDialog.tsx';
import type { LoginDialogProps } from '../features/booking/StepFinalize.tsx';

/** The text-code dialog, opened by the booking flow when the contact form's customer already exists. */
export const bookingLoginDialog = ({ email, phone, onClose }: LoginDialogProps) => <TextCodeDialog open email={email} phone={phone} onClose={onClose} />;
