import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { stripeProvider } from '../../../server/payments/stripe.ts';

/** A request the stub received: its path, the idempotency key the SDK sent, and its form body. */
export interface StubRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

/** Answers one request: `status` (200 when absent) and the JSON body Stripe would send. */
export type StubAnswer = (request: StubRequest) => { status?: number; body: unknown };

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

/**
 * A local server that speaks Stripe's REST API for one test file (no network), started before
 * its tests and stopped after them. `seen` lists what the real SDK sent; `provider()` is the Stripe
 * adapter pointed at the stub.
 */
export function stripeStub(answer: StubAnswer) {
  const seen: StubRequest[] = [];
  let port = 0;
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const received: StubRequest = {
      method: request.method ?? 'GET',
      path: request.url ?? '',
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      form: new URLSearchParams(await readBody(request)),
    };
    seen.push(received);
    const { status = 200, body } = answer(received);
    response.statusCode = status;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(body));
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    seen,
    provider: () => stripeProvider('sk_test_stub', 'pk_test_stub', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }),
  };
}
