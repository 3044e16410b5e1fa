import type { ApiResult } from '../../api/http.ts';
import type { Customer, PaymentIntent } from '../../contract/entities.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { declinedPaymentSecret } from '../../ui/card/card-payment.ts';
import { type ContactFields, cleanContact, contactError, FILL_IN_ALL } from './contact-validation.ts';

/**
 * Step 3's Pay as an explicit flow (spec 1 §4, §5), beside the booking's step machine
 * (booking-machine.ts): create the customer (a new one, from the contact form) → the payment
 * intent (one kept from an earlier try of this payer, or a new one) → confirm it with the card →
 * paid, or stopped with what the form says. The transitions are pure; runCheckout performs the
 * calls they ask for. StepFinalize.tsx shows each state as it comes.
 */
export type Checkout =
  | { at: 'customer'; contact: ContactFields }
  /** `created`: the payer was created by this checkout (a session started on this page). */
  | { at: 'intent'; payer: Customer; created?: true }
  | { at: 'confirm'; payer: Customer; secret: string }
  | { at: 'paid'; payer: Customer }
  | ({ at: 'stopped' } & CheckoutStop);

/** Why a checkout stopped, and what the form does about it. */
export interface CheckoutStop {
  /** The form's one alert. */
  message: string;
  /** The error type the embedding page hears of (booking-host.ts), if any. */
  report?: string;
  /** After 'Please fill in all fields': the contact fields still empty are marked (false clears the marks). */
  markEmpty?: boolean;
  /** The card on file failed: a card field asks for another card. */
  needCard?: true;
  /** The contact form's customer already exists: the sign-in dialog for this email and phone. */
  login?: { email: string; phone: string };
  /** The payer's intent kept for the next try: a secret to confirm again, or null to create a new one. */
  keep?: string | null;
  payer?: Customer;
}

/** What Stripe.js answers a confirmation with when it did not go through. */
export interface ConfirmError {
  type: string;
  code?: string;
  message?: string;
}

/** The answer of the call a state made, named by that state. */
export type CheckoutEvent =
  | { at: 'customer'; result: ApiResult<Customer> }
  /** The intent: a secret kept from an earlier try, or the server's answer. */
  | { at: 'intent'; result: ApiResult<PaymentIntent> | string }
  /** `typedCard`: a card typed in the card field paid (else the card on file). */
  | { at: 'confirm'; typedCard: boolean; error?: ConfirmError };

/** The sentence for a refused or unanswered call; the page hears of its error type. */
const refusal = (result: Exclude<ApiResult<unknown>, { status: 'success' }>): Extract<Checkout, { at: 'stopped' }> => ({
  at: 'stopped',
  message: result.status === 'failure' ? errorMessage(result.error) : 'Cannot contact server',
  report: result.error.type,
});

/**
 * Where Pay starts: the known customer's intent, or the new customer of a valid contact form.
 * Null while the customer is not known either way (the button is disabled then).
 */
export function startCheckout(payer: { known: Customer } | { contact: ContactFields } | null): Checkout | null {
  if (!payer) return null;
  if ('known' in payer) return { at: 'intent', payer: payer.known };
  const problem = contactError(payer.contact);
  return problem ? { at: 'stopped', message: problem, markEmpty: problem === FILL_IN_ALL } : { at: 'customer', contact: cleanContact(payer.contact) };
}

export function checkoutReducer(state: Checkout, event: CheckoutEvent): Checkout {
  // An answer to another step than the one the checkout is at changes nothing.
  if (state.at === 'customer' && event.at === 'customer') {
    const { result } = event;
    if (result.status === 'success') return { at: 'intent', payer: result.data, created: true };
    // The email or phone has an account: its owner signs in, and the booking continues.
    const { email, phone } = state.contact;
    return { ...refusal(result), login: result.error.type === 'AlreadyExists' ? { email, phone } : undefined };
  }
  if (state.at === 'intent' && event.at === 'intent') {
    const { result } = event;
    const { payer } = state;
    if (typeof result === 'string') return { at: 'confirm', payer, secret: result };
    if (result.status === 'success') {
      // The server charged the card on file at once: nothing left to confirm.
      const charged = result.data.status === 'succeeded' || result.data.status === 'processing';
      return charged ? { at: 'paid', payer } : { at: 'confirm', payer, secret: result.data.client_secret };
    }
    if (result.error.type !== 'CardDeclined') return refusal(result);
    // The card on file was declined: the provider's message, and a card field for another card
    // (the seat stays held, and the same payment, whose secret comes with the error, takes the new card).
    const { message } = result.error;
    return { ...(message == null ? refusal(result) : { at: 'stopped', message }), needCard: true, payer, keep: declinedPaymentSecret(result.error) ?? undefined };
  }
  if (state.at === 'confirm' && event.at === 'confirm') {
    const { error } = event;
    if (!error) return { at: 'paid', payer: state.payer };
    // An intent whose hold ran out cannot be paid any more: the next try starts a new one.
    const expired = error.code === 'payment_intent_unexpected_state';
    return {
      at: 'stopped',
      message: error.message ?? 'Your payment did not go through',
      report: error.code === 'card_declined' ? 'CardDeclined' : error.type,
      // The card on file failed (or its 3-D Secure check): the customer types another.
      needCard: expired || event.typedCard ? undefined : true,
      payer: state.payer,
      keep: expired ? null : undefined,
    };
  }
  return state;
}

/** The calls a checkout makes, and where payers' intents are kept between tries. */
export interface CheckoutCalls {
  createCustomer: (contact: ContactFields) => Promise<ApiResult<Customer>>;
  createIntent: (payer: Customer) => Promise<ApiResult<PaymentIntent>>;
  confirm: (payer: Customer, secret: string) => Promise<{ typedCard: boolean; error?: ConfirmError }>;
  /** Intent secrets kept, by payer and `intentKey` (booking-store.ts `intentSecrets`). */
  secrets: Map<string, string>;
  /** What the intent pays for (appointment, size, place): with the payer's id, the key of its kept secret. */
  intentKey: string;
}

/**
 * Runs a checkout from `state` until it is paid or stopped, making each call its state asks for;
 * `shown` sees every state, the first included. An intent about to be confirmed is kept, so a
 * retry (another card, after a decline) confirms it instead of creating another.
 */
export async function runCheckout(state: Checkout, calls: CheckoutCalls, shown: (state: Checkout) => void): Promise<Checkout> {
  const { secrets } = calls;
  const key = (payer: Customer) => `${payer.id}:${calls.intentKey}`;
  for (;;) {
    if (state.at === 'confirm') secrets.set(key(state.payer), state.secret);
    if (state.at === 'stopped' && state.keep) secrets.set(key(state.payer!), state.keep);
    if (state.at === 'stopped' && state.keep === null) secrets.delete(key(state.payer!));
    shown(state);
    const { at } = state;
    if (at === 'customer') state = checkoutReducer(state, { at, result: await calls.createCustomer(state.contact) });
    else if (at === 'intent') state = checkoutReducer(state, { at, result: secrets.get(key(state.payer)) || (await calls.createIntent(state.payer)) });
    else if (at === 'confirm') state = checkoutReducer(state, { at, ...(await calls.confirm(state.payer, state.secret)) });
    else return state;
  }
}
