import { afterEach, expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import { advanceClock, now, nowMs } from '../../server/clock.ts';
import { CODE_FAILURES_PER_DAY } from '../../server/domain/sign-in/auth.ts';
import { RATE_LIMITS } from '../../server/domain/sign-in/rate-limits.ts';
import { newCustomer } from './booking-helpers.ts';
import { demoAccounts } from '../../server/demo/seed.ts';
import { call, describeApi, type TestContext } from './harness.ts';
import { pinClock } from './suite-clock.ts';

async function latestMessage(ctx: TestContext, channel: 'email' | 'sms') {
  return ctx.database.db.selectFrom('outbox').selectAll().where('channel', '=', channel).orderBy('id', 'desc').executeTakeFirstOrThrow();
}

const tokenOf = (link: string | null) => new URL(link!).searchParams.get('token')!;

describeApi('login by magic link', (ctx) => {
  it('emails a customer a single-use link to /login and signs in with it', async () => {
    const client = ctx().client();
    const sent = await call(client, `/api/login?user_type=customer&email=${encodeURIComponent('ALEX@example.com')}`, { method: 'POST' });
    expect(sent.body).toEqual({ status: 'success' });
    const email = await latestMessage(ctx(), 'email');
    expect(email.to).toBe(demoAccounts.customer.email);
    expect(email.link).toMatch(/^http:\/\/localhost:4321\/login\?token=[A-Za-z0-9_-]{43}$/);
    expect(email.text).toContain(email.link!);

    const login = await call(client, `/api/login?token=${tokenOf(email.link)}`);
    expect(login.body).toEqual({ status: 'success', data: { token: { user_type: 'customer' } } });
    expect((await call(client, '/api/checkauth')).body.data.user_type).toBe('customer');

    // Spent: BadToken, and why (docs/contract-extensions.md), so the login screen can say the link was used.
    const again = await call(ctx().client(), `/api/login?token=${tokenOf(email.link)}`);
    expect(again.body).toEqual({ status: 'failure', error: { type: 'BadToken', reason: 'used' } });
  });

  it('signs a tutor in as a tutor', async () => {
    const client = ctx().client();
    await call(client, `/api/login?user_type=tutor&email=${demoAccounts.tutor.email}`, { method: 'POST' });
    const login = await call(client, `/api/login?token=${tokenOf((await latestMessage(ctx(), 'email')).link)}`);
    expect(login.body.data).toEqual({ token: { user_type: 'tutor' } });
    expect((await call(client, '/api/checkauth')).body.data.tutor.name).toBe('Jordan Alvarez');
  });

  it('answers UserNotFound for an unknown address or the wrong user type', async () => {
    for (const query of ['user_type=customer&email=nobody@example.com', `user_type=customer&email=${demoAccounts.tutor.email}`, 'user_type=tutor&email=alex@example.com', 'user_type=tutor&email=lena@beacontutoring.com']) {
      const { status, body } = await call(ctx().client(), `/api/login?${query}`, { method: 'POST' });
      expect(status, query).toBe(404);
      expect(body.error.type).toBe('UserNotFound');
    }
  });

  it('refuses malformed requests with BadInput', async () => {
    for (const query of ['', 'user_type=admin&email=alex@example.com', 'user_type=customer&email=not-an-email', 'user_type=customer']) {
      const { status, body } = await call(ctx().client(), `/api/login?${query}`, { method: 'POST' });
      expect(status, query).toBe(400);
      expect(body.error.type).toBe('BadInput');
    }
  });

  it('answers BadToken (not BadInput) to a missing, empty, null or malformed token, as the contract says', async () => {
    const queries = ['', 'token=', 'token=null', 'token=undefined', 'token=short', `token=${'x'.repeat(300)}`, `token=${encodeURIComponent('has spaces in it and more')}`, `token=${encodeURIComponent('a'.repeat(40) + '$%')}`, `token=${encodeURIComponent('ä'.repeat(43))}`];
    for (const query of queries) {
      const client = ctx().client();
      const { status, body } = await call(client, `/api/login?${query}`);
      expect(status, query).toBe(400);
      expect(body, query).toEqual({ status: 'failure', error: { type: 'BadToken', reason: 'malformed' } });
      expect(client.cookies.size, query).toBe(0);
    }
  });

  it('answers BadToken for an unknown token and OldToken after 15 minutes, each time it is tried', async () => {
    expect((await call(ctx().client(), `/api/login?token=${'a'.repeat(43)}`)).body.error).toEqual({ type: 'BadToken', reason: 'malformed' });
    await call(ctx().client(), `/api/login?user_type=customer&email=${demoAccounts.customer.email}`, { method: 'POST' });
    const link = (await latestMessage(ctx(), 'email')).link;
    await ctx().database.db.updateTable('login_tokens').set({ expires_at: new Date(nowMs() - 1000) }).execute();
    const client = ctx().client();
    expect((await call(client, `/api/login?token=${tokenOf(link)}`)).body).toEqual({ status: 'failure', error: { type: 'OldToken', reason: 'expired' } });
    expect(client.cookies.has('sid')).toBe(false);
    // Trying an expired link again does not make it look used.
    expect((await call(client, `/api/login?token=${tokenOf(link)}`)).body.error).toEqual({ type: 'OldToken', reason: 'expired' });
  });

  it('sends one email address 5 links in 15 minutes; past that, success without an email while one is unused, else TooSoon with Retry-After', async () => {
    // Earlier tests' requests for this email are forgotten; each request comes from a new client address.
    const { db } = ctx().database;
    await db.deleteFrom('rate_limits').execute();
    const email = demoAccounts.supervisor.email;
    const sent = async () => (await db.selectFrom('outbox').select('id').where('to', '=', email).execute()).length;
    const before = await sent();
    const { perTarget } = RATE_LIMITS.loginLink;
    expect(perTarget).toEqual({ max: 5, seconds: 15 * 60 });
    for (let i = 0; i < perTarget.max; i++) {
      expect((await call(ctx().client(), `/api/login?user_type=tutor&email=${email}`, { method: 'POST' })).body.status).toBe('success');
    }
    // The owner may be the one asking: they can use a link they have (rate-limits.test.ts).
    expect((await call(ctx().client(), `/api/login?user_type=tutor&email=${email}`, { method: 'POST' })).body).toEqual({ status: 'success' });
    expect(await sent()).toBe(before + perTarget.max);
    await db.updateTable('login_tokens').set({ used_at: now() }).where('used_at', 'is', null).execute();
    const refused = await ctx().client().fetch(`/api/login?user_type=tutor&email=${email}`, { method: 'POST' });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ status: 'failure', error: { type: 'TooSoon' } });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(perTarget.seconds);
    advanceClock(perTarget.seconds * 1000);
    try {
      expect((await call(ctx().client(), `/api/login?user_type=tutor&email=${email}`, { method: 'POST' })).body.status).toBe('success');
      expect(await sent()).toBe(before + perTarget.max + 1);
    } finally {
      pinClock();
    }
  });

  it('keeps only a hash of the token', async () => {
    await call(ctx().client(), `/api/login?user_type=customer&email=${demoAccounts.customer.email}`, { method: 'POST' });
    const token = tokenOf((await latestMessage(ctx(), 'email')).link);
    const rows = await ctx().database.db.selectFrom('login_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
  });
});

describeApi('login by texted code', (ctx) => {
  /** Forgets earlier codes and code requests, so that neither the minute between texts nor the per-email limit (rate-limits.test.ts) gets in the way. */
  async function freshStart() {
    await ctx().database.db.deleteFrom('verification_codes').execute();
    await ctx().database.db.deleteFrom('rate_limits').execute();
  }

  async function requestCode(email: string = demoAccounts.customer.email) {
    await freshStart();
    const client = ctx().client();
    const form = new FormData();
    form.set('email', email);
    const { status, body } = await call(client, '/api/verification', { method: 'POST', body: form });
    const sms = await latestMessage(ctx(), 'sms');
    return { client, status, body, code: sms.text.match(/\d{7}/)?.[0] ?? '', sms };
  }

  it('texts a 7-digit code to the phone on file and signs in with it once', async () => {
    const { client, status, body, code, sms } = await requestCode();
    expect(status).toBe(201);
    expect(body.data).toEqual({ code_id: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/), last_four_phone: '0199' });
    expect(sms.to).toBe(demoAccounts.customer.phone);
    expect(code).toMatch(/^\d{7}$/);
    const ok = await call(client, `/api/verification?code_id=${body.data.code_id}&code=${code}`);
    expect(ok.body.data).toMatchObject({ user_type: 'customer', customer: { firstname: 'Alex' } });
    expect((await call(client, '/api/checkauth')).body.data.user_type).toBe('customer');
    const reused = await call(ctx().client(), `/api/verification?code_id=${body.data.code_id}&code=${code}`);
    expect(reused.body.error.type).toBe('OldCode');
  });

  it('accepts urlencoded bodies too', async () => {
    await freshStart();
    const { body } = await call(ctx().client(), '/api/verification', {
      method: 'POST',
      body: new URLSearchParams({ email: demoAccounts.customer.email }),
    });
    expect(body.status).toBe('success');
  });

  it('answers TooSoon to a second request within 60 seconds', async () => {
    const { client } = await requestCode();
    const form = new FormData();
    form.set('email', demoAccounts.customer.email);
    const second = await call(client, '/api/verification', { method: 'POST', body: form });
    expect(second.status).toBe(429);
    expect(second.body.error.type).toBe('TooSoon');
    const texts = await ctx().database.db.selectFrom('outbox').select('id').where('channel', '=', 'sms').execute();
    const third = await call(client, '/api/verification', { method: 'POST', body: form });
    expect(third.body.error.type).toBe('TooSoon');
    expect(await ctx().database.db.selectFrom('outbox').select('id').where('channel', '=', 'sms').execute()).toHaveLength(texts.length);
  });

  it('sends one text when two requests race', async () => {
    await freshStart();
    const form = () => {
      const f = new FormData();
      f.set('email', demoAccounts.customer.email);
      return f;
    };
    const results = await Promise.all([1, 2, 3].map(() => call(ctx().client(), '/api/verification', { method: 'POST', body: form() })));
    expect(results.filter((r) => r.body.status === 'success')).toHaveLength(1);
    expect(results.filter((r) => r.body.error?.type === 'TooSoon')).toHaveLength(2);
  });

  it('answers BadCode to a wrong code and TooManyAttempts after five tries', async () => {
    const { client, body, code } = await requestCode();
    const wrong = code === '0000000' ? '1111111' : '0000000';
    for (let i = 0; i < 5; i++) {
      expect((await call(client, `/api/verification?code_id=${body.data.code_id}&code=${wrong}`)).body.error.type).toBe('BadCode');
    }
    const locked = await call(client, `/api/verification?code_id=${body.data.code_id}&code=${code}`);
    expect(locked.body.error.type).toBe('TooManyAttempts');
    expect(client.cookies.has('sid')).toBe(false);
  });

  it('answers OldCode after 10 minutes and BadCode for an unknown code id', async () => {
    const { client, body, code } = await requestCode();
    await ctx().database.db.updateTable('verification_codes').set({ expires_at: new Date(nowMs() - 1000) }).execute();
    expect((await call(client, `/api/verification?code_id=${body.data.code_id}&code=${code}`)).body.error.type).toBe('OldCode');
    expect((await call(client, `/api/verification?code_id=${'x'.repeat(22)}&code=1234567`)).body.error.type).toBe('BadCode');
  });

  it('never logs the code', async () => {
    const lines: string[] = [];
    const { outboxSender } = await import('../../server/notify/outbox.ts');
    await outboxSender(ctx().database.db, (line) => lines.push(line)).send({ channel: 'sms', to: '2065550199', subject: '', text: '1234567 is your code', link: 'http://x/login?token=secret' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/1234567|secret|2065550199/);
  });

  it('stores the code only hashed', async () => {
    const { code } = await requestCode();
    const rows = await ctx().database.db.selectFrom('verification_codes').select('code_hash').execute();
    expect(rows.some((r) => r.code_hash.includes(code))).toBe(false);
  });

  it('answers UserNotFound for an unknown email and BadInput for a malformed one', async () => {
    const unknown = new FormData();
    unknown.set('email', 'nobody@example.com');
    expect((await call(ctx().client(), '/api/verification', { method: 'POST', body: unknown })).body.error.type).toBe('UserNotFound');
    const bad = new FormData();
    bad.set('email', 'nope');
    expect((await call(ctx().client(), '/api/verification', { method: 'POST', body: bad })).body.error.type).toBe('BadInput');
    expect((await call(ctx().client(), '/api/verification', { method: 'POST' })).body.error.type).toBe('BadInput');
    expect((await call(ctx().client(), '/api/verification?code_id=abc&code=1')).body.error.type).toBe('BadInput');
  });

  it('texts a code to the customer with this phone when the form has a phone and no email (the booking flow, when a new email\'s phone is on file)', async () => {
    await freshStart();
    const client = ctx().client();
    const typed = `(${demoAccounts.customer.phone.slice(0, 3)}) ${demoAccounts.customer.phone.slice(3, 6)}-${demoAccounts.customer.phone.slice(6)}`;
    const sent = await call(client, '/api/verification', { method: 'POST', body: new URLSearchParams({ phone: typed }) });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toEqual({ code_id: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/), last_four_phone: demoAccounts.customer.phone.slice(-4) });
    const sms = await latestMessage(ctx(), 'sms');
    expect(sms.to).toBe(demoAccounts.customer.phone);
    const ok = await call(client, `/api/verification?code_id=${sent.body.data.code_id}&code=${sms.text.match(/\d{7}/)![0]}`);
    expect(ok.body.data).toMatchObject({ user_type: 'customer', customer: { firstname: 'Alex' } });
  });

  it('answers the contract\'s errors to a phone: BadInput when malformed, UserNotFound when no customer has it or its owner never vouched for it, TooSoon within a minute', async () => {
    await freshStart();
    const byPhone = (phone: string) => call(ctx().client(), '/api/verification', { method: 'POST', body: new URLSearchParams({ phone }) });
    const bad = await byPhone('12345');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual({ type: 'BadInput', fields: { phone: 'Invalid phone number' } });
    expect((await byPhone('2065559876')).body.error).toEqual({ type: 'UserNotFound' });
    // Made by the contact form and never proven: no code goes to it, by phone as by email.
    const stranger = { email: 'phone.stranger@example.com', phone: '2065559871', firstname: 'Sam', lastname: 'Stranger' };
    expect((await call(ctx().client(), '/api/customers', { method: 'POST', body: new URLSearchParams(stranger) })).status).toBe(201);
    expect((await byPhone(stranger.phone)).body.error).toEqual({ type: 'UserNotFound' });
    // A tutor's phone is not looked up: this is the customers' booking flow.
    expect((await byPhone('2065550102')).body.error).toEqual({ type: 'UserNotFound' });
    expect((await byPhone(demoAccounts.customer.phone)).status).toBe(201);
    const again = await byPhone(demoAccounts.customer.phone);
    expect(again.status).toBe(429);
    expect(again.body.error.type).toBe('TooSoon');
  });

  it('keeps the contract\'s form as it was: with an email the phone is not read, without either it is BadInput on the email', async () => {
    await freshStart();
    const both = await call(ctx().client(), '/api/verification', { method: 'POST', body: new URLSearchParams({ email: demoAccounts.tutor.email, phone: 'not a phone' }) });
    expect(both.status).toBe(201);
    expect((await latestMessage(ctx(), 'sms')).to).toBe('2065550102');
    const neither = await call(ctx().client(), '/api/verification', { method: 'POST', body: new URLSearchParams({}) });
    expect(neither.body.error.type).toBe('BadInput');
    expect(Object.keys(neither.body.error.fields)).toEqual(['email']);
  });

  it('texts one phone 5 times in 15 minutes, then answers TooSoon, as for an email', async () => {
    await freshStart();
    const { perTarget } = RATE_LIMITS.loginCode;
    const byPhone = () => call(ctx().client(), '/api/verification', { method: 'POST', body: new URLSearchParams({ phone: demoAccounts.customer.phone }) });
    try {
      for (let i = 0; i < perTarget.max; i++) {
        advanceClock(61_000); // past the minute between texts to one account
        expect((await byPhone()).body.error?.type, `request ${i + 1}`).not.toBe('TooSoon');
      }
      advanceClock(61_000);
      const refused = await byPhone();
      expect(refused.status).toBe(429);
      expect(refused.body.error.type).toBe('TooSoon');
    } finally {
      pinClock();
    }
  });

  it('texts staff too', async () => {
    const { body, sms } = await requestCode(demoAccounts.tutor.email);
    expect(body.data.last_four_phone).toBe('0102');
    expect(sms.to).toBe('2065550102');
  });
});

describeApi('failed codes per account per day', (ctx) => {
  afterEach(() => pinClock());

  it(`answers TooManyAttempts after ${CODE_FAILURES_PER_DAY} failed checks in 24 hours, even to a new code, and counts them off after a day`, async () => {
    const { id } = await newCustomer(ctx());
    const { email, phone } = await ctx().database.db.selectFrom('customers').select(['email', 'phone']).where('id', '=', id).executeTakeFirstOrThrow();
    const browser = ctx().client();
    async function freshCode() {
      advanceClock(4 * 60_000); // past the minute between texts (and the per-address text limits)
      const sent = await call(browser, '/api/verification', { method: 'POST', body: new URLSearchParams({ email }) });
      expect(sent.status).toBe(201);
      const sms = await ctx().database.db.selectFrom('outbox').select('text').where('to', '=', phone).orderBy('id', 'desc').executeTakeFirstOrThrow();
      return { codeId: sent.body.data.code_id as string, code: sms.text.match(/\d{7}/)![0] };
    }
    const check = (codeId: string, code: string) => call(browser, `/api/verification?code_id=${codeId}&code=${code}`);

    for (let spent = 0; spent < CODE_FAILURES_PER_DAY; spent += 5) {
      const { codeId, code } = await freshCode();
      const wrong = code === '0000000' ? '1111111' : '0000000';
      for (let i = 0; i < 5; i++) expect((await check(codeId, wrong)).body.error.type).toBe('BadCode');
    }
    const { codeId, code } = await freshCode();
    const refused = await check(codeId, code);
    expect(refused.status).toBe(429);
    expect(refused.body.error.type).toBe('TooManyAttempts');
    expect(browser.cookies.size).toBe(0);

    advanceClock(24 * 3600_000);
    const later = await freshCode();
    expect((await check(later.codeId, later.code)).body.data).toMatchObject({ user_type: 'customer', customer: { id } });
  });
});

describeApi('the customer record', (ctx) => {
  it('answers the signed-in customer with the card on file', async () => {
    const client = ctx().client();
    await call(client, `/api/login?user_type=customer&email=${demoAccounts.customer.email}`, { method: 'POST' });
    await call(client, `/api/login?token=${tokenOf((await latestMessage(ctx(), 'email')).link)}`);
    const { body } = await call(client, '/api/customers/myself');
    expect(body).toEqual({
      status: 'success',
      data: { id: expect.any(Number), firstname: 'Alex', lastname: 'Rivera', email: 'alex@example.com', phone: '2065550199', credits: 0, payment_method: 'Visa ending in 4242' },
    });
  });

  it('answers NoAuth without a session and Unauthorized to a tutor', async () => {
    expect((await call(ctx().client(), '/api/customers/myself')).body.error.type).toBe('NoAuth');
    const tutor = ctx().client();
    await call(tutor, `/api/login?user_type=tutor&email=${demoAccounts.tutor.email}`, { method: 'POST' });
    await call(tutor, `/api/login?token=${tokenOf((await latestMessage(ctx(), 'email')).link)}`);
    const { status, body } = await call(tutor, '/api/customers/myself');
    expect(status).toBe(403);
    expect(body.error.type).toBe('Unauthorized');
  });
});

describeApi('the demo outbox', (ctx) => {
  it('lists messages newest first as JSON and as a page', async () => {
    await call(ctx().client(), `/api/login?user_type=customer&email=${demoAccounts.customer.email}`, { method: 'POST' });
    await call(ctx().client(), `/api/login?user_type=tutor&email=${demoAccounts.tutor.email}`, { method: 'POST' });
    const json = (await (await ctx().client().fetch('/dev/outbox.json')).json()) as { id: number; to: string; link: string; created_at: number }[];
    expect(Object.keys(json[0]!).sort()).toEqual(['channel', 'created_at', 'html', 'ics', 'id', 'link', 'subject', 'text', 'to']);
    expect(json[0]!.to).toBe(demoAccounts.tutor.email);
    expect(json[0]!.id).toBeGreaterThan(json[1]!.id);
    const page = await ctx().client().fetch('/dev/outbox');
    expect(page.headers.get('content-type')).toContain('text/html');
    const text = await page.text();
    expect(text).toContain(json[0]!.link);
  });

  it('does not exist in production mode', async () => {
    const production = createApiApp({ database: ctx().database, config: { mode: 'production', siteUrl: 'https://tutors.example', logRequests: false }, log: () => {} });
    expect((await production.request('/dev/outbox.json')).status).toBe(404);
    expect((await production.request('/dev/outbox')).status).toBe(404);
  });
});
