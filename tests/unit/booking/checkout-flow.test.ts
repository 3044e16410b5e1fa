import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../src/api/http.ts';
import type { Customer, PaymentIntent } from '../../../src/contract/entities.ts';
import { type Checkout, type CheckoutCalls, type CheckoutEvent, checkoutReducer, runCheckout, startCheckout } from '../../../src/features/booking/checkout-flow.ts';

const alex: Customer = { id: 50, firstname: 'Alex', lastname: 'Rivera', email: 'alex@example.com', phone: '2065550199', credits: 0, payment_method: null };
const typed = { firstname: ' Alex ', lastname: 'Rivera', email: ' Alex@Example.com ', phone: '(206) 555-0199' };

const ok = <T>(data: T): ApiResult<T> => ({ status: 'success', data });
const refused = (type: string, extra: Record<string, unknown> = {}): ApiResult<never> => ({ status: 'failure', error: { type, ...extra } });
const offline: ApiResult<never> = { status: 'network-error', error: { type: 'NetworkError', message: 'fetch failed' } };
const intent = (status: PaymentIntent['status'], secret = 'pi_1_secret_a'): ApiResult<PaymentIntent> => ok({ client_secret: secret, payment_id: 7, amount_cents: 5500, status });

const atCustomer = startCheckout({ contact: typed })!;
const atIntent: Checkout = { at: 'intent', payer: alex };
const atConfirm: Checkout = { at: 'confirm', payer: alex, secret: 'pi_1_secret_a' };
/** A stop's fields (toEqual takes one left undefined as absent). */
const stopOf = (state: Checkout) => {
  if (state.at !== 'stopped') throw new Error(`expected a stop, got ${state.at}`);
  const { at: _at, ...stop } = state;
  return stop;
};

describe('where Pay starts', () => {
  it("goes to a known customer's intent, and does nothing while the customer is not known", () => {
    expect(startCheckout({ known: alex })).toStrictEqual({ at: 'intent', payer: alex });
    expect(startCheckout(null)).toBeNull();
  });

  it('creates a new customer from the contact form, cleaned', () => {
    expect(atCustomer).toEqual({ at: 'customer', contact: { firstname: 'Alex', lastname: 'Rivera', email: 'alex@example.com', phone: '2065550199' } });
  });

  it('stops at the contact form: empty fields are marked, a bad phone is said without marks, and nothing is reported', () => {
    expect(stopOf(startCheckout({ contact: { ...typed, lastname: ' ' } })!)).toEqual({ message: 'Please fill in all fields', markEmpty: true });
    expect(stopOf(startCheckout({ contact: { ...typed, phone: '555' } })!)).toEqual({ message: 'Invalid phone number', markEmpty: false });
  });
});

describe('creating the customer', () => {
  it('goes on to the intent of the created customer', () => {
    expect(checkoutReducer(atCustomer, { at: 'customer', result: ok(alex) })).toEqual({ at: 'intent', payer: alex, created: true });
  });

  it('opens the sign-in for an existing account, with the email and phone typed', () => {
    expect(stopOf(checkoutReducer(atCustomer, { at: 'customer', result: refused('AlreadyExists') }))).toEqual({
      message: 'You have an account with us already, please log in and retry',
      report: 'AlreadyExists',
      login: { email: 'alex@example.com', phone: '2065550199' },
    });
  });

  it('says the server could not be reached, and reports it', () => {
    expect(stopOf(checkoutReducer(atCustomer, { at: 'customer', result: offline }))).toEqual({ message: 'Cannot contact server', report: 'NetworkError' });
  });
});

describe('the intent', () => {
  it('confirms an intent kept from an earlier try', () => {
    expect(checkoutReducer(atIntent, { at: 'intent', result: 'pi_0_secret_k' })).toEqual({ at: 'confirm', payer: alex, secret: 'pi_0_secret_k' });
  });

  it('is paid at once when the server charged the card on file, and confirmed with its secret otherwise', () => {
    expect(checkoutReducer(atIntent, { at: 'intent', result: intent('succeeded') })).toEqual({ at: 'paid', payer: alex });
    expect(checkoutReducer(atIntent, { at: 'intent', result: intent('processing') })).toEqual({ at: 'paid', payer: alex });
    expect(checkoutReducer(atIntent, { at: 'intent', result: intent('requires_payment_method', 'pi_2_secret_b') })).toEqual({ at: 'confirm', payer: alex, secret: 'pi_2_secret_b' });
    expect(checkoutReducer(atIntent, { at: 'intent', result: intent('requires_action') }).at).toBe('confirm');
  });

  it("asks for another card when the card on file is declined, keeping the declined payment's secret", () => {
    const declined = refused('CardDeclined', { message: 'Your card has insufficient funds.', client_secret: 'pi_3_secret_c' });
    expect(stopOf(checkoutReducer(atIntent, { at: 'intent', result: declined }))).toEqual({
      message: 'Your card has insufficient funds.',
      needCard: true,
      payer: alex,
      keep: 'pi_3_secret_c',
    });
  });

  it("words a decline without the provider's message itself, and reports it", () => {
    expect(stopOf(checkoutReducer(atIntent, { at: 'intent', result: refused('CardDeclined') }))).toEqual({
      message: 'Your card was declined. Please try another card.',
      report: 'CardDeclined',
      needCard: true,
      payer: alex,
    });
  });

  it('stops on any other refusal without asking for a card', () => {
    expect(stopOf(checkoutReducer(atIntent, { at: 'intent', result: refused('MeetingNotFound') }))).toEqual({
      message: 'This session is no longer offered. Please choose another time.',
      report: 'MeetingNotFound',
    });
    expect(stopOf(checkoutReducer(atIntent, { at: 'intent', result: offline }))).toEqual({ message: 'Cannot contact server', report: 'NetworkError' });
  });
});

describe('confirming with the card', () => {
  it('is paid when Stripe confirms', () => {
    expect(checkoutReducer(atConfirm, { at: 'confirm', typedCard: true })).toEqual({ at: 'paid', payer: alex });
  });

  it('keeps the typed card field after a typed card is declined, and reports the decline', () => {
    const event: CheckoutEvent = { at: 'confirm', typedCard: true, error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
    expect(stopOf(checkoutReducer(atConfirm, event))).toEqual({ message: 'Your card was declined.', report: 'CardDeclined', payer: alex });
  });

  it("asks for a typed card when the card on file's check failed", () => {
    const event: CheckoutEvent = { at: 'confirm', typedCard: false, error: { type: 'card_error', code: 'authentication_required' } };
    expect(stopOf(checkoutReducer(atConfirm, event))).toEqual({ message: 'Your payment did not go through', report: 'card_error', needCard: true, payer: alex });
  });

  it('forgets an intent whose hold ran out, so the next try creates another', () => {
    const event: CheckoutEvent = { at: 'confirm', typedCard: false, error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'Expired.' } };
    expect(stopOf(checkoutReducer(atConfirm, event))).toEqual({ message: 'Expired.', report: 'invalid_request_error', payer: alex, keep: null });
  });
});

it('ignores an answer that does not belong to the step it is at', () => {
  expect(checkoutReducer(atIntent, { at: 'confirm', typedCard: true })).toBe(atIntent);
  expect(checkoutReducer(atConfirm, { at: 'intent', result: intent('succeeded') })).toBe(atConfirm);
  const paid: Checkout = { at: 'paid', payer: alex };
  expect(checkoutReducer(paid, { at: 'customer', result: ok(alex) })).toBe(paid);
});

describe('running a checkout', () => {
  /** Calls that answer from the given queues and record what was asked, over one kept-secret store. */
  function fakeCalls(answers: { intents?: ApiResult<PaymentIntent>[]; confirms?: CheckoutEvent[] }, kept = new Map<string, string>()) {
    const asked: string[] = [];
    const calls: CheckoutCalls = {
      createCustomer: async (contact) => (asked.push(`customer ${contact.email}`), ok(alex)),
      createIntent: async (payer) => (asked.push(`intent ${payer.id}`), answers.intents!.shift()!),
      confirm: async (_payer, secret) => {
        asked.push(`confirm ${secret}`);
        const event = answers.confirms!.shift()!;
        if (event.at !== 'confirm') throw new Error('a confirm answer');
        return { typedCard: event.typedCard, error: event.error };
      },
      secrets: kept,
      intentKey: 'meeting-9:1:online',
    };
    return { calls, asked, kept };
  }

  it('creates the customer, then the intent, then confirms it, showing each state', async () => {
    const { calls, asked, kept } = fakeCalls({ intents: [intent('requires_payment_method')], confirms: [{ at: 'confirm', typedCard: true }] });
    const shown: string[] = [];
    const end = await runCheckout(atCustomer, calls, (state) => shown.push(state.at));
    expect(end).toEqual({ at: 'paid', payer: alex });
    expect(asked).toEqual(['customer alex@example.com', 'intent 50', 'confirm pi_1_secret_a']);
    expect(shown).toEqual(['customer', 'intent', 'confirm', 'paid']);
    expect(kept.get('50:meeting-9:1:online')).toBe('pi_1_secret_a');
  });

  it('confirms the kept intent on the next try instead of creating another', async () => {
    const declined: CheckoutEvent = { at: 'confirm', typedCard: true, error: { type: 'card_error', code: 'card_declined' } };
    const { calls, asked } = fakeCalls({ intents: [intent('requires_payment_method')], confirms: [declined, { at: 'confirm', typedCard: true }] });
    expect((await runCheckout(atIntent, calls, () => {})).at).toBe('stopped');
    expect((await runCheckout(atIntent, calls, () => {})).at).toBe('paid');
    expect(asked).toEqual(['intent 50', 'confirm pi_1_secret_a', 'confirm pi_1_secret_a']);
  });

  it('keeps a declined card-on-file payment for the typed card, and forgets an expired intent', async () => {
    const expired: CheckoutEvent = { at: 'confirm', typedCard: true, error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' } };
    const { calls, asked, kept } = fakeCalls({
      intents: [refused('CardDeclined', { client_secret: 'pi_3_secret_c' }), intent('requires_payment_method', 'pi_4_secret_d')],
      confirms: [expired, { at: 'confirm', typedCard: true }],
    });
    expect(stopOf(await runCheckout(atIntent, calls, () => {})).needCard).toBe(true);
    expect(kept.get('50:meeting-9:1:online')).toBe('pi_3_secret_c');
    expect((await runCheckout(atIntent, calls, () => {})).at).toBe('stopped');
    expect(kept.has('50:meeting-9:1:online')).toBe(false);
    expect((await runCheckout(atIntent, calls, () => {})).at).toBe('paid');
    expect(asked).toEqual(['intent 50', 'confirm pi_3_secret_c', 'intent 50', 'confirm pi_4_secret_d']);
  });
});
