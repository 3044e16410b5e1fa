import type { StripeCardElement, Stripe } from '@stripe/stripe-js';

/**
 * Pays an intent with the card typed in the card field. `setup_future_usage: 'off_session'` saves
 * the card on the Stripe customer for later off-session charges (the weekly charges): an intent
 * made for a typed card asks for this itself, but a declined saved-card intent, which the customer
 * then pays with a typed card, was made off-session without it, and without it the new card would
 * become the card on file without being attached to the customer.
 */
export function confirmTypedCard(stripe: Pick<Stripe, 'confirmCardPayment'>, clientSecret: string, card: StripeCardElement, name: string) {
  return stripe.confirmCardPayment(clientSecret, { payment_method: { card, billing_details: { name } }, setup_future_usage: 'off_session' });
}

/** The secret of a declined card-on-file payment (CardDeclined's `client_secret`), paid next with a typed card. */
export function declinedPaymentSecret(error: { type: string }): string | null {
  const secret = (error as { client_secret?: unknown }).client_secret;
  return error.type === 'CardDeclined' && typeof secret === 'string' && secret !== '' ? secret : null;
}
