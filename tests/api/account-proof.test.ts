import { afterEach, expect, it } from 'vitest';
import { advanceClock } from '../../server/clock.ts';
import { CODE_FAILURES_PER_ACCOUNT_PER_DAY, CODE_FAILURES_PER_DAY } from '../../server/domain/sign-in/auth.ts';
import { createApiApp } from '../../server/app.ts';
import { demoAccounts } from '../../server/demo/seed.ts';
import { offlineProvider } from '../../server/payments/offline.ts';
import type { IntentRequest, SavedCardCharge } from '../../server/payments/provider.ts';
import { courseId, confirmOffline, post } from './booking-helpers.ts';
import { call, describeApi, fastSignIn, TestClient, type TestContext } from './harness.ts';
import { pinClock } from './suite-clock.ts';

/**
 * Accounts made by the booking contact form prove nothing about who typed the address: the email
 * is the account's identity. A login link always signs in, and its first use ends every session of
 * the account; a texted code signs in only once the email is proven and its owner vouched for the
 * phone (by using the link in the browser that filled in the contact form).
 */

let serial = 0;
/** A fresh address and phone per call, so the tests never meet each other's accounts. */
function contact() {
  serial += 1;
  const n = String(serial).padStart(6, '0');
  return { email: `owner${n}@example.com`, phone: `2069${n}`, firstname: 'Casey', lastname: 'Owner' };
}

/**
 * The newest login link or code sent to this address. Only those: the confirmation of a booking
 * made just before goes out after its answer (the notifier), and may land after the login link.
 */
async function outboxFor(ctx: TestContext, to: string, channel: 'email' | 'sms') {
  return ctx.database.db
    .selectFrom('outbox')
    .selectAll()
    .where('to', '=', to)
    .where('channel', '=', channel)
    .where(channel === 'email' ? 'link' : 'text', 'like', channel === 'email' ? '%/login?token=%' : '%login code%')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** Signs a client in by the emailed link, as the owner of the address would. */
async function signInByLink(ctx: TestContext, client: TestClient, email: string) {
  const sent = await call(client, `/api/login?user_type=customer&email=${encodeURIComponent(email)}`, { method: 'POST' });
  if (sent.body.status !== 'success') return sent;
  const token = new URL((await outboxFor(ctx, email, 'email')).link!).searchParams.get('token')!;
  return call(client, `/api/login?token=${token}`);
}

/** Asks for a texted code; the text lands in the outbox under the account's phone. */
async function requestCode(client: TestClient, email: string) {
  return call(client, '/api/verification', { method: 'POST', body: new URLSearchParams({ email }) });
}

async function textedCode(ctx: TestContext, phone: string) {
  return (await outboxFor(ctx, phone, 'sms')).text.match(/\d{7}/)![0];
}

async function openMeetings(ctx: TestContext, course: string) {
  const id = await courseId(ctx, course);
  return (await call(ctx.client(), `/api/meetings?course=${id}&capacity=1&course_style=online`)).body.data as { id: number; offering: { id: number } }[];
}

const bookingOf = (meeting: { id: number; offering: { id: number } }) => ({ meeting: meeting.id, offering: meeting.offering.id, capacity: 1, course_style: 'online' });

describeApi('accounts made by the contact form', (ctx) => {
  it('pre-hijack: the session that made the account dies when the owner signs in, and never sees or spends what the owner adds', async () => {
    const victim = contact();
    const attacker = ctx().client();
    expect((await post(attacker, '/api/customers', victim)).status).toBe(201);
    expect((await call(attacker, '/api/checkauth')).body.data.user_type).toBe('customer');

    // The owner of the address signs in by the emailed link, books and pays; the card is kept.
    const owner = ctx().client();
    expect((await signInByLink(ctx(), owner, victim.email)).body).toEqual({ status: 'success', data: { token: { user_type: 'customer' } } });
    const [first, second] = await openMeetings(ctx(), 'CS 121');
    const intent = await post(owner, '/api/payments', bookingOf(first!));
    expect((await confirmOffline(owner, intent.body.data.client_secret, '4242 4242 4242 4242')).body.data.status).toBe('succeeded');
    expect((await call(owner, '/api/customers/myself')).body.data.payment_method).toBe('Visa ending in 4242');

    // The attacker's session ended at the owner's sign-in: nothing to read, nothing to spend.
    for (const path of ['/api/checkauth', '/api/customers/myself', '/api/customers/myself/payments', '/api/customers/myself/gradebooks']) {
      const { status, body } = await call(attacker, path);
      expect(status, path).toBe(401);
      expect(body.error.type, path).toBe('NoAuth');
    }
    const grab = await post(attacker, '/api/payments', bookingOf(second!));
    expect(grab.body.error.type).toBe('NoAuth');
    expect((await confirmOffline(attacker, intent.body.data.client_secret)).body.error.type).toBe('NoAuth');
    const payments = await ctx().database.db.selectFrom('payments').innerJoin('customers', 'customers.id', 'payments.customer_id').select('payments.meeting_id').where('customers.email', '=', victim.email).execute();
    expect(payments.map((p) => p.meeting_id)).toEqual([first!.id]);
  });

  it('lets the contact form\'s session pay for its own bookings with a typed card, never with the card on file', async () => {
    // An app whose payment provider records the intents and the saved-card charges it is asked for.
    const intents: IntentRequest[] = [];
    const charges: SavedCardCharge[] = [];
    const offline = offlineProvider();
    const payments = {
      ...offline,
      createIntent: (request: IntentRequest) => (intents.push(request), offline.createIntent(request)),
      chargeSavedCard: (charge: SavedCardCharge) => (charges.push(charge), offline.chargeSavedCard(charge)),
    };
    const app = createApiApp({ database: ctx().database, config: { mode: 'demo', siteUrl: 'http://localhost:4321', logRequests: false }, payments, log: () => {}, ...fastSignIn(ctx().database) });
    const browser = new TestClient(app);

    const newcomer = contact();
    const created = await post(browser, '/api/customers', newcomer);
    expect(created.body.data).toMatchObject({ email: newcomer.email, payment_method: null });
    const [first, second] = await openMeetings(ctx(), 'MATH 125');
    const intent = await post(browser, '/api/payments', bookingOf(first!));
    expect(intent.status).toBe(201);
    expect((await confirmOffline(browser, intent.body.data.client_secret, '4242424242424242')).body.data.status).toBe('succeeded');
    expect(intents.at(-1)).toMatchObject({ saveCard: true });
    expect(charges).toHaveLength(0);
    const stored = await ctx().database.db.selectFrom('customers').select(['payment_method_id', 'email_proven', 'phone_proven']).where('email', '=', newcomer.email).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ payment_method_id: expect.stringMatching(/^pm_/), email_proven: false, phone_proven: false });

    // The card is kept on the account, but this unproven session is neither shown nor offered it.
    expect((await call(browser, '/api/customers/myself')).body.data.payment_method).toBeNull();
    const next = await post(browser, '/api/payments', bookingOf(second!));
    expect(next.body.data.status).toBe('requires_payment_method');
    expect(intents).toHaveLength(2);
    expect(charges).toHaveLength(0);
    const withoutCard = await confirmOffline(browser, next.body.data.client_secret);
    expect(withoutCard.body.error).toMatchObject({ type: 'CardDeclined', code: 'incomplete_number' });
    // Its own bookings it does see.
    expect((await call(browser, '/api/customers/myself/payments')).body.data.map((p: { meeting: { id: number } }) => p.meeting.id)).toContain(first!.id);

    // No code is texted while the email is unproven (the phone may be anybody's).
    expect((await requestCode(new TestClient(app), newcomer.email)).body.error.type).toBe('UserNotFound');

    // The owner signs in by the emailed link in the browser that filled in the form: the email is
    // proven, and the phone and card typed there are the owner's, so both are kept.
    expect((await signInByLink(ctx(), browser, newcomer.email)).status).toBe(200);
    expect((await call(browser, '/api/customers/myself')).body.data.payment_method).toBe('Visa ending in 4242');
    expect(await ctx().database.db.selectFrom('customers').select(['email_proven', 'phone_proven']).where('email', '=', newcomer.email).executeTakeFirstOrThrow()).toEqual({ email_proven: true, phone_proven: true });

    // From then on a texted code signs the owner in elsewhere, and that proven session pays with
    // the card on file.
    const owner = new TestClient(app);
    const code = await requestCode(owner, newcomer.email);
    expect(code.status).toBe(201);
    const signedIn = await call(owner, `/api/verification?code_id=${code.body.data.code_id}&code=${await textedCode(ctx(), newcomer.phone)}`);
    expect(signedIn.body.data).toMatchObject({ user_type: 'customer', customer: { firstname: 'Casey' } });
    expect((await call(owner, '/api/customers/myself')).body.data.payment_method).toBe('Visa ending in 4242');
    const third = (await openMeetings(ctx(), 'MATH 125'))[0]!;
    const onFile = await post(owner, '/api/payments', bookingOf(third));
    // Charged to the card on file at once, with no card step.
    expect(charges.map((c) => c.paymentMethodId)).toEqual([stored.payment_method_id]);
    expect(onFile.body.data.status).toBe('succeeded');
    expect((await confirmOffline(owner, onFile.body.data.client_secret)).body.data.status).toBe('succeeded');
    expect((await call(browser, '/api/checkauth')).status).toBe(200);
  });

  it('a sign-in to a proven account leaves its other sessions alone; demo accounts are proven', async () => {
    const flags = await ctx().database.db.selectFrom('customers').select(['email_proven', 'phone_proven']).where('email', '=', demoAccounts.customer.email).executeTakeFirstOrThrow();
    expect(flags).toEqual({ email_proven: true, phone_proven: true });
    const phone = ctx().client();
    const laptop = ctx().client();
    expect((await signInByLink(ctx(), phone, demoAccounts.customer.email)).status).toBe(200);
    expect((await signInByLink(ctx(), laptop, demoAccounts.customer.email)).status).toBe(200);
    expect((await call(phone, '/api/checkauth')).status).toBe(200);
    expect((await call(laptop, '/api/customers/myself')).body.data.payment_method).toBe('Visa ending in 4242');
  });

  it('the victim\'s email with the attacker\'s phone: no code reaches the attacker, the victim signs in by link and the attacker is out', async () => {
    const victim = contact();
    const attackerPhone = contact().phone;
    const attacker = ctx().client();
    expect((await post(attacker, '/api/customers', { ...victim, phone: attackerPhone })).status).toBe(201);
    // The attacker pays a booking with a card he types: it is kept on the account.
    const [meeting] = await openMeetings(ctx(), 'CS 121');
    const intent = await post(attacker, '/api/payments', bookingOf(meeting!));
    expect((await confirmOffline(attacker, intent.body.data.client_secret, '4242424242424242')).body.data.status).toBe('succeeded');

    // No code is texted to the phone typed next to an email nobody has proven: the attacker cannot
    // prove the account with his own phone.
    const asked = await requestCode(ctx().client(), victim.email);
    expect(asked.body.error.type).toBe('UserNotFound');
    expect(await ctx().database.db.selectFrom('outbox').select('id').where('to', '=', attackerPhone).execute()).toHaveLength(0);

    // The victim signs in by link (the contact form answers AlreadyExists, as the email is taken).
    expect((await post(ctx().client(), '/api/customers', { ...victim, phone: contact().phone })).body.error.type).toBe('AlreadyExists');
    const owner = ctx().client();
    expect((await signInByLink(ctx(), owner, victim.email)).body).toEqual({ status: 'success', data: { token: { user_type: 'customer' } } });
    expect((await call(attacker, '/api/checkauth')).status).toBe(401);
    // The card the stranger typed is not the owner's: it is dropped, and the phone stays unproven.
    expect((await call(owner, '/api/customers/myself')).body.data.payment_method).toBeNull();
    expect(await ctx().database.db.selectFrom('customers').select(['email_proven', 'phone_proven', 'payment_method_id']).where('email', '=', victim.email).executeTakeFirstOrThrow()).toEqual({ email_proven: true, phone_proven: false, payment_method_id: null });

    // The attacker's phone still gets no code, so it never opens the account.
    const late = ctx().client();
    expect((await requestCode(late, victim.email)).body.error.type).toBe('UserNotFound');
    expect(late.cookies.size).toBe(0);
    expect(await ctx().database.db.selectFrom('outbox').select('id').where('to', '=', attackerPhone).execute()).toHaveLength(0);
    // The owner keeps signing in by link, and the first session lives on.
    expect((await signInByLink(ctx(), ctx().client(), victim.email)).status).toBe(200);
    expect((await call(owner, '/api/checkauth')).status).toBe(200);
  });

  it('an account whose phone a stranger proved first (the old rule) is still the email owner\'s: the link works and ends the stranger\'s session', async () => {
    const victim = contact();
    const attackerPhone = contact().phone;
    const attacker = ctx().client();
    expect((await post(attacker, '/api/customers', { ...victim, phone: attackerPhone })).status).toBe(201);
    // As the earlier rule left it after the stranger used a code: phone proven, email not.
    await ctx().database.db.updateTable('customers').set({ phone_proven: true, payment_method_id: 'pm_stranger', payment_method_label: 'Visa ending in 0005' }).where('email', '=', victim.email).execute();
    expect((await requestCode(ctx().client(), victim.email)).body.error.type).toBe('UserNotFound');

    const owner = ctx().client();
    expect((await signInByLink(ctx(), owner, victim.email)).status).toBe(200);
    expect((await call(attacker, '/api/checkauth')).status).toBe(401);
    expect(await ctx().database.db.selectFrom('customers').select(['email_proven', 'phone_proven', 'payment_method_id', 'payment_method_label']).where('email', '=', victim.email).executeTakeFirstOrThrow()).toEqual({ email_proven: true, phone_proven: false, payment_method_id: null, payment_method_label: null });
    expect((await requestCode(ctx().client(), victim.email)).body.error.type).toBe('UserNotFound');
  });

  describeCodeLockout(ctx);
});

/** A stranger burning failed code checks on the owner's account does not lock the owner out. */
function describeCodeLockout(ctx: () => TestContext) {
  afterEach(() => pinClock());

  /** An account of a customer who filled in the form and used the link in the same browser (both channels proven). */
  async function provenAccount() {
    const owner = contact();
    const browser = ctx().client();
    expect((await post(browser, '/api/customers', owner)).status).toBe(201);
    expect((await signInByLink(ctx(), browser, owner.email)).status).toBe(200);
    return owner;
  }

  /** Asks for a code from `client` (past the minute between texts) and reads it from the outbox. */
  async function freshCode(client: TestClient, account: { email: string; phone: string }) {
    advanceClock(4 * 60_000);
    const sent = await requestCode(client, account.email);
    expect(sent.status).toBe(201);
    return { codeId: sent.body.data.code_id as string, code: await textedCode(ctx(), account.phone) };
  }

  /** Spends `failures` wrong checks from `client`, five per code. */
  async function burn(client: TestClient, account: { email: string; phone: string }, failures: number) {
    for (let spent = 0; spent < failures; spent += 5) {
      const { codeId, code } = await freshCode(client, account);
      const wrong = code === '0000000' ? '1111111' : '0000000';
      for (let i = 0; i < 5; i++) expect((await call(client, `/api/verification?code_id=${codeId}&code=${wrong}`)).body.error.type).toBe('BadCode');
    }
  }

  it(`counts failed codes per account and client address (${CODE_FAILURES_PER_DAY} a day): the stranger is refused, the owner still signs in`, async () => {
    const owner = await provenAccount();
    const stranger = ctx().client();
    await burn(stranger, owner, CODE_FAILURES_PER_DAY);
    const next = await freshCode(stranger, owner);
    expect((await call(stranger, `/api/verification?code_id=${next.codeId}&code=${next.code}`)).body.error.type).toBe('TooManyAttempts');
    expect(stranger.cookies.size).toBe(0);

    const phone = ctx().client();
    const mine = await freshCode(phone, owner);
    const signedIn = await call(phone, `/api/verification?code_id=${mine.codeId}&code=${mine.code}`);
    expect(signedIn.body.data).toMatchObject({ user_type: 'customer', customer: { firstname: 'Casey' } });
  });

  it(`refuses every address after ${CODE_FAILURES_PER_ACCOUNT_PER_DAY} failed codes of the account in a day`, async () => {
    const owner = await provenAccount();
    for (let n = 0; n < CODE_FAILURES_PER_ACCOUNT_PER_DAY / CODE_FAILURES_PER_DAY; n++) await burn(ctx().client(), owner, CODE_FAILURES_PER_DAY);
    const phone = ctx().client();
    const mine = await freshCode(phone, owner);
    const refused = await call(phone, `/api/verification?code_id=${mine.codeId}&code=${mine.code}`);
    expect(refused.status).toBe(429);
    expect(refused.body.error.type).toBe('TooManyAttempts');
  });
}

