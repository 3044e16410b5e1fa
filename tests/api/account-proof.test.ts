import { expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import { demoAccounts } from '../../server/demo/seed.ts';
import { offlineProvider } from '../../server/payments/offline.ts';
import type { IntentRequest, SavedCardCharge } from '../../server/payments/provider.ts';
import { courseId, confirmOffline, post } from './booking-helpers.ts';
import { call, describeApi, TestClient, type TestContext } from './harness.ts';

/**
 * Accounts made by the booking contact form prove nothing about who typed the address: such an
 * account is unproven until a login link or code for it is used, and that first proof ends every
 * other session of the account.
 */

let serial = 0;
/** A fresh address and phone per call, so the tests never meet each other's accounts. */
function contact() {
  serial += 1;
  const n = `${Date.now() % 10000}${serial}`.padStart(6, '0').slice(-6);
  return { email: `owner${n}@example.com`, phone: `2069${n}`, firstname: 'Casey', lastname: 'Owner' };
}

async function outboxFor(ctx: TestContext, to: string, channel: 'email' | 'sms') {
  return ctx.database.db.selectFrom('outbox').selectAll().where('to', '=', to).where('channel', '=', channel).orderBy('id', 'desc').executeTakeFirstOrThrow();
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
    const app = createApiApp({ database: ctx().database, config: { mode: 'demo', siteUrl: 'http://localhost:4321', logRequests: false }, payments, log: () => {} });
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

    // The owner signs in by a texted code: the phone is proven, the contact form's session ends,
    // and the proven session pays with the card on file.
    const owner = new TestClient(app);
    const code = await requestCode(owner, newcomer.email);
    expect(code.status).toBe(201);
    const signedIn = await call(owner, `/api/verification?code_id=${code.body.data.code_id}&code=${await textedCode(ctx(), newcomer.phone)}`);
    expect(signedIn.body.data).toMatchObject({ user_type: 'customer', customer: { firstname: 'Casey' } });
    expect((await call(browser, '/api/checkauth')).body.error.type).toBe('NoAuth');
    expect((await call(owner, '/api/customers/myself')).body.data.payment_method).toBe('Visa ending in 4242');
    const third = (await openMeetings(ctx(), 'MATH 125'))[0]!;
    const onFile = await post(owner, '/api/payments', bookingOf(third));
    // Charged to the card on file at once, with no card step.
    expect(charges.map((c) => c.paymentMethodId)).toEqual([stored.payment_method_id]);
    expect(onFile.body.data.status).toBe('succeeded');
    expect((await confirmOffline(owner, onFile.body.data.client_secret)).body.data.status).toBe('succeeded');
    expect(await ctx().database.db.selectFrom('customers').select(['email_proven', 'phone_proven']).where('email', '=', newcomer.email).executeTakeFirstOrThrow()).toEqual({ email_proven: false, phone_proven: true });
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

  it('the victim\'s email with the attacker\'s phone: once the email is proven, the phone no longer opens the account', async () => {
    const victim = contact();
    const attackerPhone = contact().phone;
    const attacker = ctx().client();
    expect((await post(attacker, '/api/customers', { ...victim, phone: attackerPhone })).status).toBe(201);
    // A code asked for before the owner's sign-in…
    const early = await requestCode(ctx().client(), victim.email);
    expect(early.status).toBe(201);
    const earlyCode = await textedCode(ctx(), attackerPhone);

    const owner = ctx().client();
    expect((await signInByLink(ctx(), owner, victim.email)).status).toBe(200);
    expect((await call(attacker, '/api/checkauth')).status).toBe(401);
    // …does not sign in afterwards, and no new code is texted to that phone.
    const late = ctx().client();
    expect((await call(late, `/api/verification?code_id=${early.body.data.code_id}&code=${earlyCode}`)).body.error.type).toBe('BadCode');
    expect(late.cookies.size).toBe(0);
    const texts = await ctx().database.db.selectFrom('outbox').select('id').where('to', '=', attackerPhone).execute();
    expect((await requestCode(ctx().client(), victim.email)).body.error.type).toBe('UserNotFound');
    expect(await ctx().database.db.selectFrom('outbox').select('id').where('to', '=', attackerPhone).execute()).toHaveLength(texts.length);
    // The owner keeps signing in by link.
    expect((await signInByLink(ctx(), ctx().client(), victim.email)).status).toBe(200);
    expect((await call(owner, '/api/checkauth')).status).toBe(200);
  });

  it('the attacker\'s email with the victim\'s phone: once the phone is proven, links to that email no longer open the account', async () => {
    const victim = contact();
    const attackerEmail = contact().email;
    const attacker = ctx().client();
    expect((await post(attacker, '/api/customers', { ...victim, email: attackerEmail })).status).toBe(201);
    // A link asked for before the owner's sign-in (it reaches the attacker's inbox)…
    expect((await call(ctx().client(), `/api/login?user_type=customer&email=${attackerEmail}`, { method: 'POST' })).status).toBe(200);
    const earlyLink = (await outboxFor(ctx(), attackerEmail, 'email')).link!;

    // The owner of the phone signs in by code (the booking form texts one for a known phone's account).
    const owner = ctx().client();
    const code = await requestCode(owner, attackerEmail);
    expect((await call(owner, `/api/verification?code_id=${code.body.data.code_id}&code=${await textedCode(ctx(), victim.phone)}`)).status).toBe(200);
    expect((await call(attacker, '/api/checkauth')).status).toBe(401);

    const late = ctx().client();
    expect((await call(late, `/api/login?token=${new URL(earlyLink).searchParams.get('token')}`)).body.error.type).toBe('BadToken');
    expect(late.cookies.size).toBe(0);
    expect((await call(ctx().client(), `/api/login?user_type=customer&email=${attackerEmail}`, { method: 'POST' })).body.error.type).toBe('UserNotFound');
    expect((await call(owner, '/api/checkauth')).status).toBe(200);
  });
});
