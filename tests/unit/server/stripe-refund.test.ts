// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stripeProvider } from '../../../server/payments/stripe.ts';

/**
 * The Stripe adapter's refund against a local stub that speaks Stripe's REST API (no network):
 * keyed by the intent, a refund Stripe made before counts as done, and any other error is thrown
 * (so the refund stays pending for the retry pass).
 */
const seen: { path: string; idempotencyKey: string | undefined; form: URLSearchParams }[] = [];
let server: Server;
let port = 0;

async function body(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const form = new URLSearchParams(await body(request));
    seen.push({ path: request.url ?? '', idempotencyKey: request.headers['idempotency-key'] as string | undefined, form });
    response.setHeader('content-type', 'application/json');
    const intent = form.get('payment_intent');
    if (intent === 'pi_refunded_before') {
      response.statusCode = 400;
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge ch_1 has already been refunded.' } }));
      return;
    }
    if (intent === 'pi_unknown') {
      response.statusCode = 404;
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent.' } }));
      return;
    }
    response.end(JSON.stringify({ id: `re_${intent}`, object: 'refund', payment_intent: intent, status: 'succeeded' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const provider = () => stripeProvider('sk_test_stub', 'pk_test_stub', { host: '127.0.0.1', port, protocol: 'http' });

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
