import type {
  AvailabilityInput,
  CustomerCreateInput,
  PaymentCreateInput,
  SubscriptionCreateInput,
} from '../contract/schemas.ts';
import { normalizeEmail } from '../lib/email.ts';
import type { CreditBooking, PaymentIntent } from '../contract/entities.ts';
import { type ApiResult, send } from './http.ts';

type Availability = Omit<AvailabilityInput, 'subscription'>;

/** Weekly slots with their upcoming meetings. */
export const getSlots = (input: Availability) =>
  send('GET /slots', { query: { ...input, subscription: true } });

/** One-time meetings with a free seat. */
export const getMeetings = (input: Availability) => send('GET /meetings', { query: input });

/** Creates the customer of the booking contact form and starts its session. */
export const createCustomer = (input: CustomerCreateInput) =>
  send('POST /customers', { form: { ...input, email: normalizeEmail(input.email) } });

/** The one-time "create intent" call (paid by card). */
export const createPayment = (input: Omit<PaymentCreateInput, 'pay_with'>) =>
  send('POST /payments', { form: input }) as Promise<ApiResult<PaymentIntent>>;

/** The one-time booking paid with an hour of a package: booked at once, no card step. */
export const bookWithHours = (input: Omit<PaymentCreateInput, 'pay_with'>) =>
  send('POST /payments', { form: { ...input, pay_with: 'credits' } }) as Promise<ApiResult<CreditBooking>>;

/** The weekly "create intent" call: the first meeting is charged now, the rest are scheduled. */
export const createSubscription = (input: Omit<SubscriptionCreateInput, 'pay_with'>) =>
  send('POST /subscriptions', { form: input }) as Promise<ApiResult<PaymentIntent>>;

/** The weekly booking paid with hours of packages: the first week takes an hour now, each later one when its skip window closes. */
export const bookWeeklyWithHours = (input: Omit<SubscriptionCreateInput, 'pay_with'>) =>
  send('POST /subscriptions', { form: { ...input, pay_with: 'credits' } }) as Promise<ApiResult<CreditBooking>>;

/**
 * Demo mode only: confirms a payment with the offline provider, as Stripe.js confirms with Stripe.
 * Without a card number the card on file pays. Used by the browser's Stripe stand-in.
 */
export const confirmOfflinePayment = (clientSecret: string, cardNumber?: string) =>
  send('POST /offline-payments/confirm', {
    form: { client_secret: clientSecret, card_number: cardNumber },
  });
