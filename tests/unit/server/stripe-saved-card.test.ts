// @vitest-environment node
import { expect, it } from 'vitest';
import { stripeStub } from './stripe-stub.ts';

/**
 * The Stripe adapter's off-session charge against a local stub that speaks Stripe's REST API
 * (no network): what it sends, and how it reads a success, a 3-D Secure request and a decline.
 */
const { seen, provider } = stripeStub(({ method, path, form }) => {
  const amount = Number(form.get('amount'));
  if (form.get('payment_method') === 'pm_card_chargeDeclined') {
    return {
      status: 402,
      body: {
        error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.', payment_intent: { id: 'pi_declined', object: 'payment_intent', status: 'requires_payment_method', client_secret: 'pi_declined_secret_x' } },
      },
    };
  }
  // GET /v1/payment_intents/{id}: the intent's status as Stripe keeps it.
  const retrieved = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(path);
  if (method === 'GET' && retrieved) {
    const status = { pi_paid: 'succeeded', pi_3ds: 'requires_action', pi_unconfirmed: 'requires_confirmation', pi_open: 'requires_payment_method' }[retrieved[1]!] ?? 'canceled';
    return { body: { id: retrieved[1], object: 'payment_intent', status } };
  }
  const status = form.get('payment_method') === 'pm_card_authenticationRequired' ? 'requires_action' : 'succeeded';
  return { body: { id: `pi_${amount}`, object: 'payment_intent', amount, status, client_secret: `pi_${amount}_secret_x` } };
});
const charge = (paymentId: number, paymentMethodId: string | null, providerCustomerId: string | null = 'cus_1') => ({
  paymentId,
  amountCents: 2750,
  customer: { id: 1, email: 'a@example.com', name: 'A B', providerCustomerId },
  paymentMethodId,
  description: '30 min overtime',
});

it('charges the saved card off-session and at once, keyed by the payment id', async () => {
  const result = await provider().chargeSavedCard(charge(41, 'pm_card_visa'));
  expect(result).toEqual({ status: 'succeeded', intentId: 'pi_2750', clientSecret: 'pi_2750_secret_x' });
  const request = seen.at(-1)!;
  expect(request.path).toBe('/v1/payment_intents');
  expect(request.idempotencyKey).toBe('payment-41');
  expect(Object.fromEntries(request.form)).toMatchObject({
    amount: '2750',
    currency: 'usd',
    customer: 'cus_1',
    payment_method: 'pm_card_visa',
    off_session: 'true',
    confirm: 'true',
    'metadata[payment_id]': '41',
  });
});

it('reads a decline as a failed charge that names its intent, its secret (another card can pay it) and Stripe\'s message', async () => {
  expect(await provider().chargeSavedCard(charge(42, 'pm_card_chargeDeclined'))).toEqual({
    status: 'failed',
    intentId: 'pi_declined',
    clientSecret: 'pi_declined_secret_x',
    code: 'card_declined',
    message: 'Your card was declined.',
  });
});

it('keeps a charge that needs the customer (3-D Secure) open with its secret', async () => {
  expect(await provider().chargeSavedCard(charge(43, 'pm_card_authenticationRequired'))).toEqual({ status: 'requires_action', intentId: 'pi_2750', clientSecret: 'pi_2750_secret_x' });
});

it('fails without calling Stripe when no card is on file', async () => {
  const before = seen.length;
  const none = { status: 'failed', intentId: null, clientSecret: null, code: 'no_saved_card', message: 'No card on file.' };
  expect(await provider().chargeSavedCard(charge(44, null))).toEqual(none);
  expect(await provider().chargeSavedCard(charge(45, 'pm_card_visa', null))).toEqual(none);
  expect(seen.length).toBe(before);
});

it('asks Stripe for an intent\'s status (the reconciliation pass, when a webhook never came)', async () => {
  const stripe = provider();
  expect(await stripe.retrieveIntent('pi_paid')).toBe('succeeded');
  expect(seen.at(-1)!.path).toBe('/v1/payment_intents/pi_paid');
  expect(await stripe.retrieveIntent('pi_3ds')).toBe('requires_action');
  // Made with a card but not confirmed: the customer confirms it with the secret.
  expect(await stripe.retrieveIntent('pi_unconfirmed')).toBe('requires_action');
  expect(await stripe.retrieveIntent('pi_open')).toBe('requires_payment_method');
  expect(await stripe.retrieveIntent('pi_gone')).toBe('canceled');
});

it('a saved-card checkout sends the same off-session charge again under the same key after a crash', async () => {
  const stripe = provider();
  await stripe.chargeSavedCard({ ...charge(46, 'pm_card_visa'), description: 'MATH 124 with Jordan Alvarez' });
  await stripe.chargeSavedCard({ ...charge(46, 'pm_card_visa'), description: 'MATH 124 with Jordan Alvarez' });
  const [first, again] = seen.slice(-2);
  expect(again!.idempotencyKey).toBe(first!.idempotencyKey);
  expect(Object.fromEntries(again!.form)).toEqual(Object.fromEntries(first!.form));
});
