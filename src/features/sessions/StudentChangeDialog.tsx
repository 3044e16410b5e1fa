import { cancelSubscription, skipPayment } from '../../api/customers.ts';
import type { Payment } from '../../contract/entities.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

export interface StudentChangeDialogProps {
  kind: 'skip' | 'cancel';
  payment: Payment;
  /** The meeting is less than 12 hours away (by the browser's clock): it stays booked on a cancel. */
  closed: boolean;
  onClose: (changed: boolean) => void;
}

/**
 * A student's skip or subscription cancel, confirmed. Its own chunk, with its words and calls, so
 * the sessions list (the student dashboard's first screen) carries none of them.
 */
export default function StudentChangeDialog({ kind, payment, closed, onClose }: StudentChangeDialogProps) {
  const skip = kind === 'skip';
  return (
    <ConfirmDialog
      open
      action={skip ? 'Skip Meeting' : 'Cancel Subscription'}
      what={skip ? 'Meeting' : 'Subscription'}
      body={
        skip
          ? 'You will not be charged for this meeting, and your tutor will be told. Meetings less than 12 hours away cannot be skipped.'
          : `${closed ? 'This meeting stays booked: it is less than 12 hours away. ' : ''}All later meetings of this weekly subscription will be canceled and not charged.`
      }
      messageContext={skip ? 'skip' : undefined}
      run={() => (skip ? skipPayment(payment.id) : cancelSubscription(payment.subscription!.id))}
      onClose={onClose}
    />
  );
}
