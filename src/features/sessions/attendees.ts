import type { Payment } from '../../contract/entities.ts';

/** A payment as the tutor's meeting list carries it (without its meeting). */
export type StaffPayment = Omit<Payment, 'meeting'>;

export interface Attendee {
  customer: StaffPayment['customer'];
  /** The customer's payments for this meeting: the booking first, then overtime, oldest first. */
  payments: StaffPayment[];
  /** True when one of them belongs to a weekly subscription. */
  weekly: boolean;
}

/** A meeting's payments grouped per customer (one may have a booking payment and overtime payments). */
export function attendeesOf(payments: StaffPayment[]): Attendee[] {
  const byCustomer = new Map<string, Attendee>();
  for (const payment of payments) {
    const key = String(payment.customer.id);
    const attendee = byCustomer.get(key) ?? { customer: payment.customer, payments: [], weekly: false };
    attendee.payments.push(payment);
    attendee.weekly ||= payment.subscription !== null;
    byCustomer.set(key, attendee);
  }
  for (const attendee of byCustomer.values()) {
    attendee.payments.sort((a, b) => Number(a.is_incremental) - Number(b.is_incremental) || a.inserted_at_epoch - b.inserted_at_epoch);
  }
  return [...byCustomer.values()];
}

/** Whether anyone still attends: a payment that was not canceled or refunded. */
export const hasActivePayments = (payments: Pick<Payment, 'payment_status'>[]) => payments.some((p) => p.payment_status !== 'canceled');
