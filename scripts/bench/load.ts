import autocannon from 'autocannon';

export interface LoadFigures {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** What a browser sends with a read: the encodings it accepts. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json, */*' };

/**
 * Keeps `connections` requests to one address in flight for `seconds` (after one second of
 * warm-up, not counted) and reports requests per second and latency. Any answer but 2xx or 304
 * counts as an error.
 */
export async function loadOne(url: string, { seconds, connections, headers = {} }: { seconds: number; connections: number; headers?: Record<string, string> }): Promise<LoadFigures> {
  await autocannon({ url, connections, duration: 1, headers: { ...BROWSER_HEADERS, ...headers } });
  const result = await autocannon({ url, connections, duration: seconds, headers: { ...BROWSER_HEADERS, ...headers } });
  return {
    requests: result.requests.total,
    perSecond: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

export interface Buyer {
  cookie: string;
  meeting: number;
  offering: number;
}

export interface WriteFigures {
  bookings: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: string[];
}

/**
 * The booking write path (`pay`: the checkout only, paid by card after it, or paid with an hour of a
 * package in the one call): `concurrency` buyers at once, each booking a meeting nobody else books
 * (POST /api/payments, which holds the seat and opens the checkout) and, with `pay`, paying for it
 * (the demo's card confirmation, which fulfils it), then taking the next buyer, for `seconds`.
 * Each buyer comes from an address of its own (X-Forwarded-For, the server trusting one proxy), as
 * real buyers do, so the per-address limits do not stand in for the database's work.
 */
export async function bookingLoad(
  base: string,
  buyers: Buyer[],
  { seconds, concurrency, pay }: { seconds: number; concurrency: number; pay: boolean | 'with-hours' },
): Promise<WriteFigures> {
  const origin = new URL(base).origin.replace('127.0.0.1', 'localhost');
  const latencies: number[] = [];
  const errors: string[] = [];
  let next = 0;
  const deadline = performance.now() + seconds * 1000;

  async function send(buyer: Buyer, index: number, path: string, fields: Record<string, string | number>) {
    const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      body,
      headers: { cookie: buyer.cookie, origin, 'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` },
    });
    const json = (await response.json()) as { status: string; data?: { client_secret?: string }; error?: { type: string } };
    if (json.status !== 'success') throw new Error(`${path}: ${json.error?.type ?? response.status}`);
    return json.data!;
  }

  async function worker() {
    while (performance.now() < deadline && next < buyers.length) {
      const index = next++;
      const buyer = buyers[index]!;
      const started = performance.now();
      try {
        const booking = { meeting: buyer.meeting, offering: buyer.offering, capacity: 1, course_style: 'online' };
        // With hours: booked and paid in the one call (an hour of the buyer's package).
        if (pay === 'with-hours') await send(buyer, index, '/api/payments', { ...booking, pay_with: 'credits' });
        else {
          const checkout = await send(buyer, index, '/api/payments', booking);
          if (pay) await send(buyer, index, '/api/offline-payments/confirm', { client_secret: checkout.client_secret!, card_number: '4242424242424242' });
        }
        latencies.push(performance.now() - started);
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  if (next >= buyers.length) errors.push(`ran out of prepared buyers after ${buyers.length}`);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { bookings: latencies.length, perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
}
