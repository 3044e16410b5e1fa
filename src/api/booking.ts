import type { BookableMeeting, BookableSlot, Customer, PaymentIntent } from '../contract/entities.ts';
import type {
  AvailabilityInput,
  CustomerCreateInput,
  PaymentCreateInput,
  SubscriptionCreateInput,
} from '../contract/schemas.ts';
import { normalizeEmail } from '../lib/email.ts';
import { request } from './http.ts';

type Availability = Omit<AvailabilityInput, 'subscription'>;

/** Weekly slots with their upcoming meetings. */
export const getSlots = (input: Availability) =>
  request<BookableSlot[]>('GET', '/api/slots', { query: { ...input, subscription: true } });

/** One-time meetings with a free seat. */
export const getMeetings = (input: Availability) => request<BookableMeeting[]>('GET', '/api/meetings', { query: input });

/** Creates the customer of the booking contact form and starts its session. */
export const createCustomer = (input: CustomerCreateInput) =>
  request<Customer>('POST', '/api/customers', { form: { ...input, email: normalizeEmail(input.email) } });

/** The one-time "create intent" call. */
export const createPayment = (input: PaymentCreateInput) =>
  request<PaymentIntent>('POST', '/api/payments', { form: input });

/** The weekly "create intent" call: the first meeting is charged now, the rest are scheduled. */
export const createSubscription = (input: SubscriptionCreateInput) =>
  request<PaymentIntent>('POST', '/api/subscriptions', { form: input });

/**
 * Demo mode only: confirms a payment with the offline provider, as Stripe.js confirms with Stripe.
 * Without a card number the card on file pays. Used by the browser's Stripe stand-in.
 */
export const confirmOfflinePayment = (clientSecret: string, cardNumber?: string) =>
  request<{ id: string; status: 'succeeded' }>('POST', '/api/offline-payments/confirm', {
    form: { client_secret: clientSecret, card_number: cardNumber },
  });
