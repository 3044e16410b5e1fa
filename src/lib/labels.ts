import type { CourseStyle, PaymentStatus } from '../contract/entities.ts';

/** Spec 2 §2: 0 = Empty, 1 = One-on-One, 2 = Group-of-Two, otherwise Group of N. */
export function capacityLabel(capacity: number): string {
  if (capacity === 0) return 'Empty';
  if (capacity === 1) return 'One-on-One';
  if (capacity === 2) return 'Group-of-Two';
  return `Group of ${capacity}`;
}

/** An hour package's size in a sentence: 'one-on-one' or 'group-of-two' hours. */
export const packageSizeWords = (capacity: number) => (capacity === 2 ? 'group-of-two' : 'one-on-one');

export function styleLabel(style: CourseStyle | string | null): string {
  if (style === 'online') return 'Online';
  if (style === 'in-person') return 'On Campus';
  return style ?? '';
}

const statusLabels: Record<string, string> = {
  processing: 'Processing',
  succeeded: 'Complete',
  subscription_pending: 'Scheduled',
  requires_payment_method: 'Failed',
  canceled: 'Canceled/Refunded',
};

/** Spec 2 §4: known statuses get their label, any other value is shown raw. */
export function paymentStatusLabel(status: PaymentStatus): string {
  return statusLabels[status] ?? status;
}

/** A paid session that has not happened yet: 'Complete' would read as if it had. */
export const PAID_LABEL = 'Paid';

/**
 * The chip of one payment: overtime payments name their minutes of extra time, and a payment that
 * went through for an upcoming session reads 'Paid' (spec 2 §4's 'Complete' once it is past).
 */
export function paymentChipLabel(
  payment: {
    payment_status: PaymentStatus;
    is_incremental: boolean;
    minutes_paid: number;
  },
  upcoming = false,
): string {
  const status = upcoming && payment.payment_status === 'succeeded' ? PAID_LABEL : paymentStatusLabel(payment.payment_status);
  return payment.is_incremental ? `${status}: ${payment.minutes_paid} min overtime` : status;
}
