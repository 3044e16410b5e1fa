import { afterEach, expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import { advanceClock, now } from '../../server/clock.ts';
import { demoAccounts } from '../../server/demo/seed.ts';
import { HOLD_MINUTES } from '../../server/domain/booking/holds.ts';
import { keyedHash } from '../../server/domain/sign-in/keyed-hash.ts';
import { countHits, HELD_CHECKOUT_CUSTOMERS_PER_ADDRESS, purgeRateLimits, RATE_LIMITS, type RateRule } from '../../server/domain/sign-in/rate-limits.ts';
import { SIGN_IN_FLOOR_MS, TEXT_CODE_FLOOR_MS } from '../../server/http/even-timing.ts';
import type { Message } from '../../server/domain/sign-in/outgoing.ts';
import { confirmOffline, courseId, form, newCustomer } from './booking-helpers.ts';
import { call, describeApi, TestClient, type TestContext } from './harness.ts';
import { pinClock } from './suite-clock.ts';

afterEach(() => pinClock());

let serial = 0;
const ghostEmail = () => `ghost.${(serial += 1)}@example.com`;
const phoneNumber = () => `206${7_000_000 + (serial += 1)}`;

/** A client from the given address (several clients on one address are one household). */
function clientAt(ctx: TestContext, address: string): TestClient {
  const client = ctx.client();
  client.address = address;
  return client;
}

const requestLink = (client: TestClient, email: string) => call(client, `/api/login?user_type=customer&email=${encodeURIComponent(email)}`, { method: 'POST' });
const requestCode = (client: TestClient, email: string) => call(client, '/api/verification', { method: 'POST', body: form({ email }) });
const createCustomer = (client: TestClient, email: string, phone: string) => call(client, '/api/customers', { method: 'POST', body: form({ email, phone, firstname: 'Rae', lastname: 'Test' }) });
/** A booking call for a meeting that does not exist: it still counts against the booking limits. */
const bookNothing = (client: TestClient, path = '/api/payments') =>
  call(client, path, { method: 'POST', body: form({ meeting: 999_999, offering: 1, capacity: 1, course_style: 'online', slot: 999_999 }) });

/** The same call `times` times at once; answers their error types (or 'success'). */
async function burst(times: number, send: (i: number) => Promise<{ status: number; body: { status: string; error?: { type: string } } }>) {
  const answers = await Promise.all(Array.from({ length: times }, (_, i) => send(i)));
  return answers.map((a) => a.body.error?.type ?? a.body.status);
}

const count = (types: string[], type: string) => types.filter((t) => t === type).length;

/** A TooSoon answer: 429, the contract's envelope, and Retry-After within the rule's window. */
async function expectTooSoon(response: Response, windowSeconds: number) {
  expect(response.status).toBe(429);
  expect(await response.json()).toEqual({ status: 'failure', error: { type: 'TooSoon' } });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describeApi('rate limits: magic links', (ctx) => {
  const rule = RATE_LIMITS.loginLink;

  it('limits links per email (known or not) across addresses, until the window ends', async () => {
    const email = ghostEmail();
    for (let i = 0; i < rule.perTarget.max; i++) expect((await requestLink(ctx().client(), email)).body.error.type).toBe('UserNotFound');
    await expectTooSoon(await ctx().client().fetch(`/api/login?user_type=customer&email=${email}`, { method: 'POST' }), rule.perTarget.seconds);
    advanceClock(rule.perTarget.seconds * 1000);
    expect((await requestLink(ctx().client(), email)).body.error.type).toBe('UserNotFound');
  });

  it('limits links per client address, whatever the emails, exactly under a burst', async () => {
    const address = `203.0.113.${(serial += 1) % 250}`;
    const answers = await burst(rule.perAddress.max + 5, () => requestLink(clientAt(ctx(), address), ghostEmail()));
    expect(count(answers, 'UserNotFound')).toBe(rule.perAddress.max);
    expect(count(answers, 'TooSoon')).toBe(5);
    await expectTooSoon(await clientAt(ctx(), address).fetch(`/api/login?user_type=customer&email=${ghostEmail()}`, { method: 'POST' }), rule.perAddress.seconds);
    // Another address is not affected; this one starts over when its window ends.
    expect((await requestLink(ctx().client(), ghostEmail())).body.error.type).toBe('UserNotFound');
    advanceClock(rule.perAddress.seconds * 1000);
    expect((await requestLink(clientAt(ctx(), address), ghostEmail())).body.error.type).toBe('UserNotFound');
  });

  it('still sends a link to a known address under the limits', async () => {
    expect((await requestLink(ctx().client(), demoAccounts.customer.email)).body).toEqual({ status: 'success' });
  });
});

describeApi('rate limits: texted codes', (ctx) => {
  const rule = RATE_LIMITS.loginCode;

  it('limits code requests per email across addresses, until the window ends', async () => {
    const email = ghostEmail();
    for (let i = 0; i < rule.perTarget.max; i++) expect((await requestCode(ctx().client(), email)).body.error.type).toBe('UserNotFound');
    await expectTooSoon(await ctx().client().fetch('/api/verification', { method: 'POST', body: form({ email }) }), rule.perTarget.seconds);
    advanceClock(rule.perTarget.seconds * 1000);
    expect((await requestCode(ctx().client(), email)).body.error.type).toBe('UserNotFound');
  });

  it('limits code requests per client address', async () => {
    const address = '2001:db8:77:1::5';
    const answers = await burst(rule.perAddress.max + 3, () => requestCode(clientAt(ctx(), address), ghostEmail()));
    expect(count(answers, 'UserNotFound')).toBe(rule.perAddress.max);
    expect(count(answers, 'TooSoon')).toBe(3);
    // The rest of the same /64 is the same subscriber.
    await expectTooSoon(await clientAt(ctx(), '2001:db8:77:1:ffff::9').fetch('/api/verification', { method: 'POST', body: form({ email: ghostEmail() }) }), rule.perAddress.seconds);
    expect((await requestCode(clientAt(ctx(), '2001:db8:77:2::5'), ghostEmail())).body.error.type).toBe('UserNotFound');
  });
});

describeApi('rate limits: strangers never lock the owner out', (ctx) => {
  const links = RATE_LIMITS.loginLink;
  const codes = RATE_LIMITS.loginCode;

  /** A customer of its own (the per-email windows start empty), with the messages sent to it. */
  async function owner() {
    const { id } = await newCustomer(ctx());
    const { email, phone } = await ctx().database.db.selectFrom('customers').select(['email', 'phone']).where('id', '=', id).executeTakeFirstOrThrow();
    const sent = (to: string) => ctx().database.db.selectFrom('outbox').select(['link', 'text']).where('to', '=', to).orderBy('id').execute();
    return { id, email, inbox: () => sent(email), texts: () => sent(phone) };
  }
  /** A stranger at each of `n` addresses. */
  const strangers = (n: number) => Array.from({ length: n }, () => ctx().client());
  const signInWith = (client: TestClient, link: string | null) => call(client, `/api/login?token=${new URL(link!).searchParams.get('token')}`);

  it('answers requests past the per-email cap with success but no email while a link sent is unused, and the owner uses one', async () => {
    const { email, inbox } = await owner();
    const crowd = strangers(4);
    const answers = await burst(links.perTarget.max + 3, (i) => requestLink(crowd[i % 4]!, email));
    expect(answers).toEqual(Array(links.perTarget.max + 3).fill('success'));
    expect(await inbox()).toHaveLength(links.perTarget.max);
    // The owner, at an address never seen before: the same answer, no new email, and the links in the inbox work.
    const home = ctx().client();
    expect((await requestLink(home, email)).body).toEqual({ status: 'success' });
    const sent = await inbox();
    expect(sent).toHaveLength(links.perTarget.max);
    expect((await signInWith(home, sent.at(-1)!.link)).body.data).toEqual({ token: { user_type: 'customer' } });
  });

  it('sends a new link past the cap to an address the account signed in from, and only there', async () => {
    const { id, email, inbox } = await owner();
    const home = clientAt(ctx(), '198.51.100.77');
    await requestLink(home, email);
    expect((await signInWith(home, (await inbox())[0]!.link)).status).toBe(200);
    const crowd = strangers(4);
    await burst(links.perTarget.max + 2, (i) => requestLink(crowd[i % 4]!, email));
    expect(await inbox()).toHaveLength(links.perTarget.max);
    // Every link sent is spent (the owner used them on other devices): a stranger, or anyone at an
    // address the account never signed in from, is told to wait as before...
    await ctx().database.db.updateTable('login_tokens').set({ used_at: now() }).where('customer_id', '=', id).execute();
    expect((await requestLink(ctx().client(), email)).body.error.type).toBe('TooSoon');
    // ...and the owner at home gets a new link, which works.
    expect((await requestLink(home, email)).body).toEqual({ status: 'success' });
    const sent = await inbox();
    expect(sent).toHaveLength(links.perTarget.max + 1);
    const again = clientAt(ctx(), '198.51.100.77');
    expect((await signInWith(again, sent.at(-1)!.link)).body.data).toEqual({ token: { user_type: 'customer' } });
  });

  it('texts a code past the per-email cap to an address the account signed in from; a stranger past it gets TooSoon and no code id', async () => {
    const { email, inbox, texts } = await owner();
    const home = clientAt(ctx(), '198.51.100.78');
    await requestLink(home, email);
    expect((await signInWith(home, (await inbox())[0]!.link)).status).toBe(200);
    const crowd = strangers(4);
    const answers = await burst(codes.perTarget.max + 2, (i) => requestCode(crowd[i % 4]!, email));
    // One text (then a minute between texts), and TooSoon: a code id is never handed out without a text of its own.
    expect(count(answers, 'success')).toBe(1);
    expect(count(answers, 'TooSoon')).toBe(codes.perTarget.max + 1);
    advanceClock(61_000);
    expect((await requestCode(ctx().client(), email)).body.error.type).toBe('TooSoon');
    expect(await texts()).toHaveLength(1);
    const texted = await requestCode(home, email);
    expect(texted.status).toBe(201);
    const code = /\d{7}/.exec((await texts()).at(-1)!.text)![0];
    const signedIn = await call(home, `/api/verification?code_id=${texted.body.data.code_id}&code=${code}`);
    expect(signedIn.body.data).toMatchObject({ user_type: 'customer' });
  });
});

describeApi('rate limits: new customers', (ctx) => {
  const rule = RATE_LIMITS.newCustomer;

  it('limits attempts per email and per phone', async () => {
    // Probing whether an email has an account (AlreadyExists) stops after a few tries.
    for (let i = 0; i < rule.perTarget.max; i++) expect((await createCustomer(ctx().client(), demoAccounts.customer.email, phoneNumber())).body.error.type).toBe('AlreadyExists');
    await expectTooSoon(await ctx().client().fetch('/api/customers', { method: 'POST', body: form({ email: demoAccounts.customer.email, phone: phoneNumber(), firstname: 'R', lastname: 'T' }) }), rule.perTarget.seconds);
    for (let i = 0; i < rule.perTarget.max; i++) expect((await createCustomer(ctx().client(), ghostEmail(), demoAccounts.customer.phone)).body.error.type).toBe('AlreadyExists');
    expect((await createCustomer(ctx().client(), ghostEmail(), demoAccounts.customer.phone)).body.error.type).toBe('TooSoon');
    advanceClock(rule.perTarget.seconds * 1000);
    expect((await createCustomer(ctx().client(), demoAccounts.customer.email, phoneNumber())).body.error.type).toBe('AlreadyExists');
  });

  it('limits new accounts per client address', async () => {
    const address = '192.0.2.44';
    const answers = await burst(rule.perAddress.max + 2, () => createCustomer(clientAt(ctx(), address), ghostEmail(), phoneNumber()));
    expect(count(answers, 'success')).toBe(rule.perAddress.max);
    expect(count(answers, 'TooSoon')).toBe(2);
    await expectTooSoon(await clientAt(ctx(), address).fetch('/api/customers', { method: 'POST', body: form({ email: ghostEmail(), phone: phoneNumber(), firstname: 'R', lastname: 'T' }) }), rule.perAddress.seconds);
    advanceClock(rule.perAddress.seconds * 1000);
    expect((await createCustomer(clientAt(ctx(), address), ghostEmail(), phoneNumber())).status).toBe(201);
  });
});

describeApi('rate limits: booking calls', (ctx) => {
  const rule = RATE_LIMITS.booking;

  it('limits booking calls per customer, one-off and weekly together, from any address', async () => {
    const { client } = await newCustomer(ctx());
    for (let i = 0; i < rule.perTarget.max; i++) {
      client.address = `198.51.100.${i + 1}`;
      expect((await bookNothing(client, i % 2 ? '/api/subscriptions' : '/api/payments')).body.error.type).not.toBe('TooSoon');
    }
    await expectTooSoon(await client.fetch('/api/payments', { method: 'POST', body: form({ meeting: 1, offering: 1, capacity: 1, course_style: 'online' }) }), rule.perTarget.seconds);
    advanceClock(rule.perTarget.seconds * 1000);
    expect((await bookNothing(client)).body.error.type).toBe('MeetingNotFound');
  });

  it('limits booking calls per client address, whichever customer makes them', async () => {
    const address = '192.0.2.91';
    const customers = await Promise.all(Array.from({ length: Math.ceil(rule.perAddress.max / rule.perTarget.max) + 1 }, () => newCustomer(ctx())));
    let calls = 0;
    for (const { client } of customers) {
      client.address = address;
      for (let i = 0; i < rule.perTarget.max && calls < rule.perAddress.max; i++, calls++) expect((await bookNothing(client)).body.error.type).toBe('MeetingNotFound');
    }
    const fresh = customers.at(-1)!.client;
    await expectTooSoon(await fresh.fetch('/api/payments', { method: 'POST', body: form({ meeting: 1, offering: 1, capacity: 1, course_style: 'online' }) }), rule.perAddress.seconds);
    fresh.address = '192.0.2.92';
    expect((await bookNothing(fresh)).body.error.type).toBe('MeetingNotFound');
  });
});

describeApi('open checkouts per client address', (ctx) => {
  async function bookableMeetings(client: TestClient) {
    const cs121 = await courseId(ctx(), 'CS 121');
    return (await call(client, `/api/meetings?course=${cs121}&capacity=1&course_style=online`)).body.data as { id: number; offering: { id: number } }[];
  }
  const book = (client: TestClient, meeting: { id: number; offering: { id: number } }, capacity = 1) =>
    call(client, '/api/payments', { method: 'POST', body: form({ meeting: meeting.id, offering: meeting.offering.id, capacity, course_style: 'online' }) });
  const bookRaw = (client: TestClient, meeting: { id: number; offering: { id: number } }) =>
    client.fetch('/api/payments', { method: 'POST', body: form({ meeting: meeting.id, offering: meeting.offering.id, capacity: 2, course_style: 'online' }) });
  /** A seat still free in some course's pair meetings (the listing leaves out held seats). */
  async function freeSeat(client: TestClient) {
    const courses = await ctx().database.db.selectFrom('courses').select('id').orderBy('id').execute();
    for (const course of courses) {
      const [meeting] = (await call(client, `/api/meetings?course=${course.id}&capacity=2&course_style=online`)).body.data as { id: number; offering: { id: number } }[];
      if (meeting) return meeting;
    }
    throw new Error('The demo data has no free seat left');
  }
  async function holdOf(customerId: number) {
    return ctx()
      .database.db.selectFrom('reservations')
      .select(['meeting_id', 'status', 'address_hash'])
      .where('customer_id', '=', customerId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  }

  it("never gives up another customer's hold: customers on one address all keep theirs, and pay", async () => {
    const [first, second] = [await newCustomer(ctx()), await newCustomer(ctx())];
    first.client.address = second.client.address = '203.0.113.7';
    const seat = await freeSeat(first.client);
    const [intentA, intentB] = [await book(first.client, seat, 2), await book(second.client, seat, 2)];
    expect([intentA.status, intentB.status]).toEqual([201, 201]);
    expect((await holdOf(first.id)).status).toBe('held');
    expect((await holdOf(second.id)).status).toBe('held');
    // The first customer pays after the second started: the payment goes through.
    expect((await confirmOffline(first.client, intentA.body.data.client_secret, '4242 4242 4242 4242')).body.data.status).toBe('succeeded');
    expect((await confirmOffline(second.client, intentB.body.data.client_secret, '4242 4242 4242 4242')).body.data.status).toBe('succeeded');
    expect((await holdOf(first.id)).status).toBe('confirmed');
    expect((await holdOf(second.id)).status).toBe('confirmed');
  });

  it(`refuses a new customer's checkout from an address already holding seats for ${HELD_CHECKOUT_CUSTOMERS_PER_ADDRESS} others, until a hold runs out`, async () => {
    const address = '203.0.113.8';
    const holders = [];
    for (let i = 0; i < HELD_CHECKOUT_CUSTOMERS_PER_ADDRESS; i++) {
      const holder = await newCustomer(ctx());
      holder.client.address = address;
      expect((await book(holder.client, await freeSeat(holder.client), 2)).status).toBe(201);
      holders.push(holder);
    }
    const late = await newCustomer(ctx());
    late.client.address = address;
    const refused = await bookRaw(late.client, await freeSeat(late.client));
    await expectTooSoon(refused, HOLD_MINUTES * 60);
    expect(await ctx().database.db.selectFrom('reservations').select('id').where('customer_id', '=', late.id).execute()).toEqual([]);
    for (const holder of holders) expect((await holdOf(holder.id)).status).toBe('held');

    // A holder may still start another checkout (its own earlier hold goes), and other addresses are not affected.
    const before = await holdOf(holders[0]!.id);
    expect((await book(holders[0]!.client, await freeSeat(holders[0]!.client), 2)).status).toBe(201);
    expect((await ctx().database.db.selectFrom('reservations').select('status').where('customer_id', '=', holders[0]!.id).where('meeting_id', '=', before.meeting_id).executeTakeFirstOrThrow()).status).toBe('released');
    const elsewhere = await newCustomer(ctx());
    elsewhere.client.address = '203.0.113.9';
    expect((await book(elsewhere.client, await freeSeat(elsewhere.client), 2)).status).toBe(201);

    // Once those holds have run out, the address checks out again.
    advanceClock(HOLD_MINUTES * 60_000 + 1000);
    expect((await book(late.client, await freeSeat(late.client), 2)).status).toBe(201);
  });

  it('stores only a keyed hash of the address', async () => {
    const { client, id } = await newCustomer(ctx());
    client.address = '203.0.113.201';
    const [meeting] = await bookableMeetings(client);
    expect((await book(client, meeting!)).status).toBe(201);
    const { address_hash } = await holdOf(id);
    expect(address_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(address_hash).not.toContain('203.0.113.201');
    const { createHash } = await import('node:crypto');
    expect(address_hash).not.toBe(createHash('sha256').update('203.0.113.201').digest('hex'));
  });
});

describeApi('client address', (ctx) => {
  it('ignores X-Forwarded-For unless a proxy is trusted (TRUST_PROXY)', async () => {
    const direct = createApiApp({ database: ctx().database, config: { mode: 'demo', siteUrl: 'http://localhost:4321', logRequests: false }, log: () => {} });
    const clients = [new TestClient(direct), new TestClient(direct)];
    clients[1]!.address = '198.51.100.250';
    // Without a connection (in process) and without trust, every request is one unknown client:
    // a script rotating the header still hits the one per-address limit.
    const answers = await burst(RATE_LIMITS.loginLink.perAddress.max + 1, (i) => requestLink(clients[i % 2]!, ghostEmail()));
    expect(count(answers, 'TooSoon')).toBe(1);
  });

  it('counts only the address the trusted proxy saw, not what the client wrote before it', async () => {
    const address = '192.0.2.150';
    const answers = await burst(RATE_LIMITS.loginCode.perAddress.max + 1, (i) =>
      call(ctx().client(), '/api/verification', { method: 'POST', body: form({ email: ghostEmail() }), headers: { 'x-forwarded-for': `10.9.${i}.1, ${address}` } }),
    );
    expect(count(answers, 'TooSoon')).toBe(1);
  });
});

describeApi('even timing of sign-in requests', (ctx) => {
  it('answers an unknown address no sooner than a known one could be', async () => {
    for (const [send, floor] of [
      [() => requestLink(ctx().client(), ghostEmail()), SIGN_IN_FLOOR_MS],
      [() => requestCode(ctx().client(), ghostEmail()), TEXT_CODE_FLOOR_MS],
      [() => requestLink(ctx().client(), demoAccounts.customer.email), SIGN_IN_FLOOR_MS],
    ] as const) {
      const started = performance.now();
      const { body } = await send();
      expect(body.status === 'success' || body.error.type === 'UserNotFound').toBe(true);
      expect(performance.now() - started).toBeGreaterThanOrEqual(floor - 5);
    }
  });

  it('does not wait for a slow send beyond the floor; the message still goes, and a late failure is logged', async () => {
    const delivered: Message[] = [];
    const lines: string[] = [];
    let finish: (ok: boolean) => void = () => {};
    const slowSender = {
      send: (message: Message) =>
        new Promise<void>((resolve, reject) => {
          finish = (ok) => {
            if (ok) {
              delivered.push(message);
              resolve();
            } else reject(new Error('smtp timed out'));
          };
        }),
    };
    const app = createApiApp({ database: ctx().database, config: { mode: 'demo', siteUrl: 'http://localhost:4321', logRequests: false, trustProxy: 1 }, sender: slowSender, log: (line) => lines.push(line) });
    const started = performance.now();
    const answer = await call(new TestClient(app), `/api/login?user_type=tutor&email=${demoAccounts.supervisor.email}`, { method: 'POST' });
    const elapsed = performance.now() - started;
    expect(answer.body).toEqual({ status: 'success' });
    // The send never finished on its own: the answer came at the floor, not after it.
    expect(elapsed).toBeGreaterThanOrEqual(SIGN_IN_FLOOR_MS - 5);
    expect(elapsed).toBeLessThan(SIGN_IN_FLOOR_MS + 2000);
    expect(delivered).toHaveLength(0);
    finish(true);
    expect(delivered.map((m) => m.to)).toEqual([demoAccounts.supervisor.email]);

    await call(new TestClient(app), `/api/login?user_type=tutor&email=${demoAccounts.supervisor.email}`, { method: 'POST' });
    finish(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(lines.some((line) => line.includes('email send failed after the answer: smtp timed out'))).toBe(true);
  });
}, { realSignInFloors: true });

describeApi('rate limit store', (ctx) => {
  const rule: RateRule = { name: 'store-test', perAddress: { max: 2, seconds: 60 }, perTarget: { max: 1, seconds: 600 } };
  const hits = (key: string) => [{ bucket: `${rule.name}:address`, key, window: rule.perAddress }];

  it('counts atomically: of many hits at once, exactly max pass', async () => {
    const verdicts = await Promise.all(Array.from({ length: 12 }, () => countHits(ctx().database.db, hits('burst'))));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(2);
    expect(Math.max(...verdicts.map((v) => v.retryAfterSeconds))).toBeLessThanOrEqual(60);
  });

  it('starts a window over when the clock was set back', async () => {
    advanceClock(3600_000);
    await countHits(ctx().database.db, hits('back'));
    await countHits(ctx().database.db, hits('back'));
    expect((await countHits(ctx().database.db, hits('back'))).allowed).toBe(false);
    pinClock();
    expect((await countHits(ctx().database.db, hits('back'))).allowed).toBe(true);
  });

  it('keeps no key in the clear and purges ended windows only', async () => {
    await countHits(ctx().database.db, [...hits('short.lived@example.com'), { bucket: `${rule.name}:target`, key: 'long.lived@example.com', window: rule.perTarget }]);
    const rows = await ctx().database.db.selectFrom('rate_limits').select(['bucket', 'key_hash']).where('bucket', 'like', 'store-test:%').execute();
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.key_hash))).toBe(true);
    advanceClock(61_000);
    expect(await purgeRateLimits(ctx().database.db)).toBeGreaterThanOrEqual(1);
    // This test's rows only: a test before it counted hits an hour ahead, whose windows end later.
    const own = [await keyedHash(ctx().database.db, 'short.lived@example.com'), await keyedHash(ctx().database.db, 'long.lived@example.com')];
    const left = await ctx().database.db.selectFrom('rate_limits').select('bucket').where('bucket', 'like', 'store-test:%').where('key_hash', 'in', own).execute();
    expect(left).toEqual([{ bucket: 'store-test:target' }]);
  });
});
