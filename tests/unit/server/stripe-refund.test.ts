// @vitest-environment node
import { expect, it } from 'vitest';
import { stripeStub } from './stripe-stub.ts';

/**
 * The Stripe adapter's refund against a local stub that speaks Stripe's REST API (no network):
 * keyed by the intent, a refund Stripe made before counts as done, and any other error is thrown
 * (so the refund stays pending for the retry pass).
 */
const { seen, provider } = stripeStub(({ form }) => {
  const intent = form.get('payment_intent');
  if (intent === 'pi_refunded_before') {
    return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge ch_1 has already been refunded.' } } };
  }
  if (intent === 'pi_unknown') {
    return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent.' } } };
  }
  return { body: { id: `re_${intent}`, object: 'refund', payment_intent: intent, status: 'succeeded' } };
});

it('refunds the intent, keyed by it so that asking again never refunds twice', async () => {
  await provider().refund('pi_123');
  const request = seen.at(-1)!;
  expect(request.path).toBe('/v1/refunds');
  expect(request.idempotencyKey).toBe('refund-pi_123');
  expect(request.form.get('payment_intent')).toBe('pi_123');
});

it('counts a charge Stripe refunded before as refunded', async () => {
  await expect(provider().refund('pi_refunded_before')).resolves.toBeUndefined();
});

it('throws any other error, so that the refund stays pending', async () => {
  await expect(provider().refund('pi_unknown')).rejects.toThrow(/No such payment_intent/);
});
