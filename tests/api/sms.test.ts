import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import { SIGN_IN_FLOOR_MS } from '../../server/http/even-timing.ts';
import { advanceClock } from '../../server/clock.ts';
import type { Config } from '../../server/config.ts';
import { demoAccounts } from '../../server/demo/seed.ts';
import { createSender } from '../../server/notify/index.ts';
import { type Message, type Sender, TextFailed, TextRefused } from '../../server/domain/sign-in/outgoing.ts';
import { northAmericanNumber, smsGuard } from '../../server/notify/sms-guard.ts';
import { twilioSender } from '../../server/notify/twilio.ts';
import { newCustomer } from './booking-helpers.ts';
import { awaitedSender, call, describeApi, type TestContext, TestClient } from './harness.ts';
import { pinClock } from './suite-clock.ts';

const ACCOUNT_SID = 'AC00000000000000000000000000000001';
const AUTH_TOKEN = 'stub-auth-token-1';
const FROM = '+12065550100';

interface StubRequest {
  path: string;
  form: URLSearchParams;
}

/**
 * A local stand-in for Twilio's Messages API (127.0.0.1, a free port): it checks the Basic auth
 * and the form as Twilio does, records each accepted request and answers 201 with a queued
 * message, or what it was told to answer next (a Twilio error, or no answer at all).
 */
async function startTwilioStub() {
  const requests: StubRequest[] = [];
  let next: { status: number; code: number } | 'hang' | undefined;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const reply = (status: number, body: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const error = (status: number, code: number, message: string) => reply(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
      const expected = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`) return error(404, 20404, 'The requested resource was not found');
      if (req.headers.authorization !== expected) return error(401, 20003, 'Authenticate');
      if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return error(400, 21604, 'A form body is required');
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      if (!/^\+[1-9]\d{7,14}$/.test(form.get('To') ?? '')) return error(400, 21211, `The 'To' number ${form.get('To')} is not a valid phone number.`);
      if (!form.get('From') && !form.get('MessagingServiceSid')) return error(400, 21603, "A 'From' phone number is required.");
      if (!form.get('Body')) return error(400, 21602, 'Message body is required.');
      const answer = next;
      next = undefined;
      if (answer === 'hang') return; // never answers: the sender's time-out must end the wait
      requests.push({ path: req.url, form });
      if (answer) return error(answer.status, answer.code, `Stub failure; the body was ${form.get('Body')}`);
      reply(201, { sid: `SM${String(requests.length).padStart(32, '0')}`, account_sid: ACCOUNT_SID, to: form.get('To'), from: form.get('From'), body: form.get('Body'), status: 'queued', error_code: null });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** The next request is answered with this Twilio error (after being recorded). */
    failNext(status: number, code: number) {
      next = { status, code };
    },
    hangNext() {
      next = 'hang';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Stub = Awaited<ReturnType<typeof startTwilioStub>>;
type SenderConfig = Parameters<typeof createSender>[0];

const smsSettings = (stub: Stub): NonNullable<Config['sms']> => ({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM, apiUrl: stub.url });

/** The production wiring (Twilio behind the guard, email to the outbox as SMTP is not set). */
const twilioConfig = (stub: Stub, smsDailyCap = 500): SenderConfig => ({ mode: 'production', smtpUrl: undefined, emailFrom: 'x@example.com', sms: smsSettings(stub), textLogin: true, smsDailyCap });

/**
 * The stub answers within milliseconds, so a 300 ms floor (not the real 1 s, tested in
 * rate-limits.test.ts) still sees every provider error before the answer.
 */
function appWith(ctx: TestContext, sender: Sender) {
  return createApiApp({
    database: ctx.database,
    config: { mode: 'demo', siteUrl: 'http://localhost:4321', logRequests: false, trustProxy: 1 },
    sender,
    log: () => {},
    signInFloors: { linkMs: SIGN_IN_FLOOR_MS, codeMs: SIGN_IN_FLOOR_MS },
  });
}

/** Each request from a new browser (address), so that only the per-email and per-number limits count. */
const requestCode = (app: ReturnType<typeof appWith>, email: string = demoAccounts.customer.email) =>
  call(new TestClient(app), '/api/verification', { method: 'POST', body: new URLSearchParams({ email }) });

const requestLink = (app: ReturnType<typeof appWith>, email: string = demoAccounts.customer.email) =>
  call(new TestClient(app), `/api/login?user_type=${email.endsWith('@example.com') ? 'customer' : 'tutor'}&email=${encodeURIComponent(email)}`, { method: 'POST' });

describeApi('login codes texted through Twilio', (ctx) => {
  let stub: Stub;
  beforeAll(async () => {
    stub = await startTwilioStub();
  });
  afterAll(() => stub.close());
  beforeEach(async () => {
    stub.requests.length = 0;
    await ctx().database.db.deleteFrom('verification_codes').execute();
    await ctx().database.db.deleteFrom('rate_limits').execute();
  });
  afterEach(() => pinClock());

  const codeRows = () => ctx().database.db.selectFrom('verification_codes').select('id').execute();

  /**
   * New browsers at the demo customer's home, an address it signed in from by an emailed link: its
   * code requests from there take the number's whole caps, not strangers' share (sms-guard.ts).
   */
  async function homeOf(app: ReturnType<typeof appWith>): Promise<() => TestClient> {
    const atHome = () => {
      const client = new TestClient(app);
      client.address = '198.51.100.199';
      return client;
    };
    expect((await call(atHome(), `/api/login?user_type=customer&email=${encodeURIComponent(demoAccounts.customer.email)}`, { method: 'POST' })).body).toEqual({ status: 'success' });
    const { link } = await ctx().database.db.selectFrom('outbox').select('link').where('to', '=', demoAccounts.customer.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect((await call(atHome(), `/api/login?token=${new URL(link!).searchParams.get('token')}`)).status).toBe(200);
    return atHome;
  }
  const codeAt = (client: TestClient) => call(client, '/api/verification', { method: 'POST', body: new URLSearchParams({ email: demoAccounts.customer.email }) });

  it('texts the code to +1 and the number on file, with the configured sender, and signs in with it', async () => {
    const app = appWith(ctx(), createSender(twilioConfig(stub), ctx().database.db, () => {}));
    const { status, body } = await requestCode(app);
    expect(status).toBe(201);
    expect(stub.requests).toHaveLength(1);
    const { path, form } = stub.requests[0]!;
    expect(path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(form.get('To')).toBe(`+1${demoAccounts.customer.phone}`);
    expect(form.get('From')).toBe(FROM);
    const code = form.get('Body')!.match(/^(\d{7}) is your .+ login code\./)![1]!;
    const browser = new TestClient(app);
    const signedIn = await call(browser, `/api/verification?code_id=${body.data.code_id}&code=${code}`);
    expect(signedIn.body.data).toMatchObject({ user_type: 'customer', customer: { firstname: 'Alex' } });
    // With a provider, the code is in no table: the outbox has no text.
    expect(await ctx().database.db.selectFrom('outbox').select('id').where('channel', '=', 'sms').execute()).toHaveLength(0);
  });

  it('sends from a messaging service when TWILIO_FROM is an MG… SID', async () => {
    const sender = twilioSender({ ...smsSettings(stub), from: 'MG00000000000000000000000000000001' }, { send: async () => {} });
    await sender.send({ channel: 'sms', to: '2065550123', subject: '', text: 'hello' });
    expect(Object.fromEntries(stub.requests[0]!.form)).toEqual({ To: '+12065550123', MessagingServiceSid: 'MG00000000000000000000000000000001', Body: 'hello' });
  });

  it('answers TextNotSent when Twilio answers an error, forgets the code, and sends again right after', async () => {
    const app = appWith(ctx(), createSender(twilioConfig(stub), ctx().database.db, () => {}));
    const home = await homeOf(app);
    for (const [status, code] of [
      [400, 21211],
      [500, 20500],
    ] as const) {
      stub.failNext(status, code);
      const failed = await codeAt(home());
      expect(failed.status, `${status}`).toBe(502);
      expect(failed.body).toEqual({ status: 'failure', error: { type: 'TextNotSent' } });
      expect(await codeRows()).toHaveLength(0);
    }
    // No minute to wait: the unsent codes are gone.
    const retried = await codeAt(home());
    expect(retried.status).toBe(201);
    expect(await codeRows()).toHaveLength(1);
    expect(stub.requests).toHaveLength(3);
  });

  it("fails with Twilio's status and error code, never the text, on an error answer, a time-out or no connection", async () => {
    const text = '7654321 is your login code';
    const message: Message = { channel: 'sms', to: '2065550123', subject: '', text };
    const failure = async (sender: Sender) => {
      const error = await sender.send(message).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(error).toBeInstanceOf(Error);
      expect(error!.message).not.toContain('7654321');
      return error!.message;
    };
    const sender = twilioSender(smsSettings(stub), { send: async () => {} }, 300);
    stub.failNext(400, 21211);
    expect(await failure(sender)).toBe('Twilio answered 400 (error 21211: https://www.twilio.com/docs/errors/21211)');
    stub.hangNext();
    expect(await failure(sender)).toBe('Twilio did not answer within 0.3 s');
    const closed = await startTwilioStub();
    await closed.close();
    expect(await failure(twilioSender(smsSettings(closed), { send: async () => {} }))).toBe('Twilio could not be reached (ECONNREFUSED)');
    // Behind the guard the failure is a TextFailed (the message queue retries those).
    stub.failNext(500, 20500);
    const guarded = await smsGuard(sender, ctx().database.db, 500).send(message).catch((e: unknown) => e);
    expect(guarded).toBeInstanceOf(TextFailed);
    expect((guarded as TextFailed).message).toBe('Twilio answered 500 (error 20500: https://www.twilio.com/docs/errors/20500)');
  });

  it('passes emails on to the fallback sender', async () => {
    const emails: Message[] = [];
    await twilioSender(smsSettings(stub), { send: async (m) => void emails.push(m) }).send({ channel: 'email', to: 'a@example.com', subject: 'Hi', text: 'Hello' });
    expect(emails.map((m) => m.to)).toEqual(['a@example.com']);
    expect(stub.requests).toHaveLength(0);
  });

  it('texts only North American numbers: BadPhone for others, and nothing is sent or kept', async () => {
    expect(['2065550199', '(206) 555-0199', '+1 206 555 0199', '1-206-555-0199'].map(northAmericanNumber)).toEqual(Array(4).fill('2065550199'));
    for (const other of ['1065550199', '2061550199', '0065550199', '+442071838750', '206555019', '+12065550199999']) expect(northAmericanNumber(other), other).toBeUndefined();

    const app = appWith(ctx(), createSender(twilioConfig(stub), ctx().database.db, () => {}));
    const { db } = ctx().database;
    await db.updateTable('customers').set({ phone: '1065550199' }).where('email', '=', demoAccounts.customer.email).execute();
    try {
      const refused = await requestCode(app);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ status: 'failure', error: { type: 'BadPhone' } });
      expect(stub.requests).toHaveLength(0);
      expect(await codeRows()).toHaveLength(0);
    } finally {
      await db.updateTable('customers').set({ phone: demoAccounts.customer.phone }).where('email', '=', demoAccounts.customer.email).execute();
    }
  });

  it('texts one number at most 3 times an hour and 6 a day (refused tries count), then TextLimit; the emailed link still works', async () => {
    const app = appWith(ctx(), createSender(twilioConfig(stub), ctx().database.db, () => {}));
    const home = await homeOf(app);
    const nextMinute = () => advanceClock(61_000); // past the one code a minute per account
    for (let i = 0; i < 3; i++) {
      expect((await codeAt(home())).status).toBe(201);
      nextMinute();
    }
    const refused = await home().fetch('/api/verification', { method: 'POST', body: new URLSearchParams({ email: demoAccounts.customer.email }) });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ status: 'failure', error: { type: 'TextLimit' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(await codeRows()).toHaveLength(3);
    expect(stub.requests).toHaveLength(3);
    expect((await requestLink(app)).body).toEqual({ status: 'success' });

    // A new hour: two more (the refused try counted in the day), then the day is full.
    advanceClock(3600_000);
    for (let i = 0; i < 2; i++) {
      expect((await codeAt(home())).status).toBe(201);
      nextMinute();
    }
    const overDay = await codeAt(home());
    expect(overDay.body.error.type).toBe('TextLimit');
    expect(stub.requests).toHaveLength(5);
    // Another number is not held back by this one's limits.
    expect((await requestCode(app, demoAccounts.tutor.email)).status).toBe(201);
  });
});

describeApi('the daily cap on texts', (ctx) => {
  afterEach(() => pinClock());

  it('refuses texts to anyone past SMS_DAILY_CAP in a day with TextLimit (demo outbox too), and the emailed link still works', async () => {
    const { db } = ctx().database;
    await db.deleteFrom('rate_limits').execute();
    const app = appWith(ctx(), createSender({ mode: 'demo', smtpUrl: undefined, emailFrom: 'x@example.com', sms: undefined, textLogin: true, smsDailyCap: 2 }, db, () => {}));
    expect((await requestCode(app, demoAccounts.customer.email)).status).toBe(201);
    expect((await requestCode(app, demoAccounts.tutor.email)).status).toBe(201);
    const capped = await requestCode(app, demoAccounts.supervisor.email);
    expect(capped.status).toBe(429);
    expect(capped.body.error.type).toBe('TextLimit');
    expect(await db.selectFrom('outbox').select('to').where('channel', '=', 'sms').execute()).toHaveLength(2);
    expect((await requestLink(app, demoAccounts.supervisor.email)).body).toEqual({ status: 'success' });

    // The guard's reasons, as the message queue reads them (TextRefused: do not retry).
    const guard = smsGuard({ send: async () => {} }, db, 2);
    const refusal = await guard.send({ channel: 'sms', to: '+44 20 7183 8750', subject: '', text: 'x' }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(TextRefused);
    expect((refusal as TextRefused).reason).toBe('not-north-american');
    expect(((await guard.send({ channel: 'sms', to: '2065550177', subject: '', text: 'x' }).catch((e: unknown) => e)) as TextRefused).reason).toBe('daily-cap');

    advanceClock(24 * 3600_000);
    expect((await requestCode(app, demoAccounts.supervisor.email)).status).toBe(201);
  });
});

describeApi('text login turned off', (ctx) => {
  it('answers TextLoginOff, drops texts with a masked number in the log, and still emails', async () => {
    const { db } = ctx().database;
    const lines: string[] = [];
    const sender = createSender({ mode: 'production', smtpUrl: undefined, emailFrom: 'x@example.com', sms: undefined, textLogin: false, smsDailyCap: 500 }, db, (line) => lines.push(line));
    const app = appWith(ctx(), sender);
    const newest = async () => (await db.selectFrom('outbox').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;
    const before = await newest();
    const off = await requestCode(app);
    expect(off.status).toBe(503);
    expect(off.body).toEqual({ status: 'failure', error: { type: 'TextLoginOff' } });

    await sender.send({ channel: 'sms', to: '2065550199', subject: '', text: '1234567 is your code' });
    expect(lines).toEqual(['sms to ******0199 dropped: no SMS provider is configured']);
    expect((await requestLink(app)).body).toEqual({ status: 'success' });
    const after = await db.selectFrom('outbox').select('channel').where('id', '>', before).execute();
    expect(after.map((r) => r.channel)).toEqual(['email']);
  });
});

describe('production without SMS settings', () => {
  it('refuses to start, naming each missing Twilio setting', async () => {
    const env = {
      PATH: process.env.PATH,
      MODE: 'production',
      DATABASE_URL: 'postgres://u@127.0.0.1:1/none',
      SITE_URL: 'https://tutors.example',
      SMTP_URL: 'smtp://127.0.0.1:1',
      STRIPE_SECRET_KEY: 'sk_test_1',
      PUBLIC_STRIPE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    };
    // Killed after 20 s should it start after all (it would fail to reach the database anyway).
    const child = spawn(process.execPath, [fileURLToPath(new URL('../../server/main.ts', import.meta.url))], { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 20_000 });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(exitCode).toBe(1);
    for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM']) {
      expect(stderr).toContain(`${key}: is required when MODE=production and TEXT_LOGIN=on`);
    }
  });
});

describeApi('texts asked for from addresses the account never signed in from', (ctx) => {
  const HOUR_MS = 3600_000;
  /**
   * The demo wiring: texts to the outbox through the guard, with no floors: the answer then waits
   * for the send (server/http/even-timing.ts), so the guard's refusal is the answer whatever the
   * machine's load (the floors' own timing is rate-limits.test.ts's).
   */
  let app: ReturnType<typeof createApiApp>;
  beforeAll(() => {
    const { database } = ctx();
    const sender = createSender({ mode: 'demo', smtpUrl: undefined, emailFrom: 'x@example.com', sms: undefined, textLogin: true, smsDailyCap: 500 }, database.db, () => {});
    app = createApiApp({
      database,
      config: { mode: 'demo', siteUrl: 'http://localhost:4321', logRequests: false, trustProxy: 1 },
      log: () => {},
      sender: awaitedSender(sender),
      signInFloors: { linkMs: 0, codeMs: 0 },
    });
  });
  afterEach(() => pinClock());

  /** A browser at this address (a new one each time, with no sign-in of its own). */
  const browserAt = (address: string) => {
    const client = new TestClient(app);
    client.address = address;
    return client;
  };
  const askCode = (client: TestClient, email: string) => call(client, '/api/verification', { method: 'POST', body: new URLSearchParams({ email }) });
  /** A code asked for from a browser at an address of its own, never signed in to the account: its error type, or 'success'. */
  const stranger = async (email: string) => {
    const { body } = await askCode(new TestClient(app), email);
    return body.error?.type ?? body.status;
  };
  const signInWith = (client: TestClient, link: string | null | undefined) => call(client, `/api/login?token=${new URL(link!).searchParams.get('token')}`);

  /**
   * A customer of its own (the number's windows start empty) with a textable number, and its
   * browser at home, which signed in by an emailed link once and then logged out.
   */
  async function owner() {
    const { db } = ctx().database;
    const { id } = await newCustomer(ctx());
    const phone = `2067${String(id).padStart(6, '0')}`;
    const { email } = await db.updateTable('customers').set({ phone }).where('id', '=', id).returning('email').executeTakeFirstOrThrow();
    const sent = (to: string) => db.selectFrom('outbox').select(['link', 'text']).where('to', '=', to).orderBy('id').execute();
    const home = browserAt(`198.51.100.${(id % 200) + 20}`);
    expect((await call(home, `/api/login?user_type=customer&email=${encodeURIComponent(email)}`, { method: 'POST' })).body).toEqual({ status: 'success' });
    expect((await signInWith(home, (await sent(email)).at(-1)?.link)).status).toBe(200);
    expect((await call(home, '/api/logout', { method: 'POST' })).status).toBe(200);
    return {
      email,
      home,
      /** The owner's browser asks for a code: its error type, or 'success'. */
      ask: async () => {
        const { body } = await askCode(home, email);
        return body.error?.type ?? body.status;
      },
      texts: () => sent(phone),
      inbox: () => sent(email),
      codes: () => db.selectFrom('verification_codes').select('id').where('customer_id', '=', id).execute(),
    };
  }
  const nextMinute = () => advanceClock(61_000); // past the one code a minute per account

  it("six strangers at six addresses over six hours get three texts; the owner's browser still gets a code, and signs in with it", async () => {
    const { email, home, texts } = await owner();
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push(await stranger(email));
      advanceClock(HOUR_MS + 1000);
    }
    expect(answers).toEqual(['success', 'success', 'success', 'TextLimit', 'TextLimit', 'TextLimit']);
    expect(await texts()).toHaveLength(3);
    const asked = await askCode(home, email);
    expect(asked.status).toBe(201);
    expect(await texts()).toHaveLength(4);
    const code = /\d{7}/.exec((await texts()).at(-1)!.text)![0];
    expect((await call(home, `/api/verification?code_id=${asked.body.data.code_id}&code=${code}`)).body.data).toMatchObject({ user_type: 'customer' });
  });

  it("six strangers at once in an hour get one text, and past it TextLimit with nothing sent or kept; the owner's browser gets the hour's other two, no more", async () => {
    const { email, home, ask, texts, codes } = await owner();
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push(await stranger(email));
      nextMinute();
    }
    expect(answers).toEqual(['success', 'TextLimit', 'TextLimit', 'TextLimit', 'TextLimit']);
    const refused = await new TestClient(app).fetch('/api/verification', { method: 'POST', body: new URLSearchParams({ email }) });
    // The sixth is past the per-email limit on code requests (5 in 15 minutes) as well.
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ status: 'failure', error: { type: 'TooSoon' } });
    expect(await texts()).toHaveLength(1);
    expect(await codes()).toHaveLength(1);
    expect(await ask()).toBe('success');
    nextMinute();
    expect(await ask()).toBe('success');
    expect(await texts()).toHaveLength(3);
    // The number's 3 an hour hold for the owner too, and for strangers after them.
    nextMinute();
    const full = await home.fetch('/api/verification', { method: 'POST', body: new URLSearchParams({ email }) });
    expect(full.status).toBe(429);
    expect(await full.json()).toEqual({ status: 'failure', error: { type: 'TextLimit' } });
    expect(Number(full.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(Number(full.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(await texts()).toHaveLength(3);
    expect(await codes()).toHaveLength(3);
  });

  it('strangers alone get at most one text an hour, however often they ask (their refused tries count in the day, as for every cap)', async () => {
    const { email, texts } = await owner();
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push(await stranger(email));
      advanceClock(31 * 60_000);
    }
    // 0 min: a text; 31: refused; 62: a text; 93: refused, and the strangers' 3 tries a day are used.
    expect(answers).toEqual(['success', 'TextLimit', 'success', 'TextLimit', 'TextLimit', 'TextLimit']);
    expect(await texts()).toHaveLength(2);
    // A day after the first of them, strangers may have one again.
    advanceClock(24 * HOUR_MS - 6 * 31 * 60_000 + 60_000);
    expect(await stranger(email)).toBe('success');
    expect(await texts()).toHaveLength(3);
  });

  it("holds the number's caps in total: 6 texts a day, strangers' and the owner's together", async () => {
    const { email, home, ask, texts } = await owner();
    expect(await stranger(email)).toBe('success');
    nextMinute();
    expect(await stranger(email)).toBe('TextLimit');
    expect(await ask()).toBe('success');
    nextMinute();
    expect(await ask()).toBe('success');
    advanceClock(HOUR_MS);
    expect(await stranger(email)).toBe('success');
    nextMinute();
    expect(await ask()).toBe('success');
    advanceClock(HOUR_MS);
    expect(await ask()).toBe('success');
    expect(await texts()).toHaveLength(6);
    nextMinute();
    const refused = await home.fetch('/api/verification', { method: 'POST', body: new URLSearchParams({ email }) });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ status: 'failure', error: { type: 'TextLimit' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(20 * 3600);
    expect(await texts()).toHaveLength(6);
  });

  it('leaves the owner the emailed link once strangers used their share; a browser signed in by it gets codes from then on', async () => {
    const { email, texts, inbox, codes } = await owner();
    expect(await stranger(email)).toBe('success');
    nextMinute();
    const refused = await new TestClient(app).fetch('/api/verification', { method: 'POST', body: new URLSearchParams({ email }) });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ status: 'failure', error: { type: 'TextLimit' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(await codes()).toHaveLength(1);
    // The owner on a device of theirs that never signed in: no code, the emailed link instead.
    const phone = browserAt('203.0.113.77');
    expect((await askCode(phone, email)).body.error.type).toBe('TextLimit');
    expect((await call(phone, `/api/login?user_type=customer&email=${encodeURIComponent(email)}`, { method: 'POST' })).body).toEqual({ status: 'success' });
    expect((await signInWith(phone, (await inbox()).at(-1)?.link)).body.data).toEqual({ token: { user_type: 'customer' } });
    expect(await texts()).toHaveLength(1);
    // That address has signed in now: its requests take the owner's share.
    await call(phone, '/api/logout', { method: 'POST' });
    expect((await askCode(browserAt('203.0.113.77'), email)).status).toBe(201);
    expect(await texts()).toHaveLength(2);
  });
});
