import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getMyPayments } from '../../../src/api/customers.ts';
import { configureApi, EARLY_READ_TTL_MS, type EarlyReads } from '../../../src/api/http.ts';

const envelope = (data: unknown) => new Response(JSON.stringify({ status: 'success', data }), { status: 200 });
const page = globalThis as { __earlyReads?: EarlyReads };
let fetched: string[] = [];

beforeEach(() => {
  fetched = [];
  configureApi({ baseUrl: '', fetch: (async (input: RequestInfo | URL) => (fetched.push(String(input)), envelope(['fetched']))) as typeof fetch });
});
afterEach(() => delete page.__earlyReads);

describe("the app shell's early reads", () => {
  it('answer the first GET of their address, once; the next one fetches', async () => {
    page.__earlyReads = { '/api/customers/myself/payments': { at: performance.now(), response: Promise.resolve(envelope(['early'])) } };
    expect(await getMyPayments()).toEqual({ status: 'success', data: ['early'] });
    expect(fetched).toEqual([]);
    expect(await getMyPayments()).toEqual({ status: 'success', data: ['fetched'] });
    expect(fetched).toEqual(['/api/customers/myself/payments']);
  });

  it('are not used once stale, and a read that failed reads as a network failure', async () => {
    page.__earlyReads = { '/api/customers/myself/payments': { at: performance.now() - EARLY_READ_TTL_MS - 1, response: Promise.resolve(envelope(['old'])) } };
    expect(await getMyPayments()).toEqual({ status: 'success', data: ['fetched'] });
    page.__earlyReads = { '/api/customers/myself/payments': { at: performance.now(), response: Promise.reject(new TypeError('Failed to fetch')) } };
    expect(await getMyPayments()).toMatchObject({ status: 'network-error', error: { type: 'NetworkError' } });
  });
});
