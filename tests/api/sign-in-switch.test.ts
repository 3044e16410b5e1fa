import { expect, it } from 'vitest';
import { demoAccounts } from '../../server/demo/seed.ts';
import { confirmOffline, courseId, form, post } from './booking-helpers.ts';
import { call, describeApi, signInAs, type TestClient, type TestContext } from './harness.ts';

/**
 * Login CSRF (issue 33): a hostile page sends a signed-in browser to the attacker's own login
 * link (or texted code). The browser must not end up in the attacker's account unawares, where a
 * card typed next would be saved for the attacker to charge. The link or code is kept, the answer
 * names both accounts, and only the person's POST (from our pages) switches.
 */

let serial = 0;
/** The attacker's own account, named as the victim is ("Alex"), with a phone for codes. */
async function attackerAccount(ctx: TestContext) {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  const email = `alex.rivera${n}@example.net`;
  await ctx.database.db.insertInto('customers').values({ firstname: 'Alex', lastname: 'Rivera', email, phone: `425555${n}`, email_proven: true, phone_proven: true }).execute();
  return { email, phone: `425555${n}` };
}

async function linkFor(ctx: TestContext, email: string): Promise<string> {
  await ctx.database.db.deleteFrom('rate_limits').execute();
  const asker = ctx.client();
  expect((await call(asker, `/api/login?user_type=customer&email=${encodeURIComponent(email)}`, { method: 'POST' })).body.status).toBe('success');
  const message = await ctx.database.db.selectFrom('outbox').select('link').where('to', '=', email).where('channel', '=', 'email').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return new URL(message.link!).searchParams.get('token')!;
}

async function codeFor(ctx: TestContext, attacker: { email: string; phone: string }) {
  await ctx.database.db.deleteFrom('verification_codes').execute();
  await ctx.database.db.deleteFrom('rate_limits').execute();
  const asked = await post(ctx.client(), '/api/verification', { email: attacker.email });
  expect(asked.status).toBe(201);
  const sms = await ctx.database.db.selectFrom('outbox').select('text').where('to', '=', attacker.phone).where('channel', '=', 'sms').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return { code_id: asked.body.data.code_id as string, code: sms.text.match(/\d{7}/)![0] };
}

async function whoIs(client: TestClient) {
  const { body } = await call(client, '/api/customers/myself');
  return body.data?.email as string | undefined;
}

/** Headers a browser sends with a POST from another site's page. */
const FROM_ANOTHER_SITE = { origin: 'https://hostile.example', 'sec-fetch-site': 'cross-site' };

describeApi('a sign-in never replaces another without the person\'s say', (ctx) => {
  it('a link of another account, opened by a signed-in browser: nothing spent, both accounts named, still signed in as before', async () => {
    const attacker = await attackerAccount(ctx());
    const token = await linkFor(ctx(), attacker.email);
    const victim = ctx().client();
    await signInAs(ctx(), victim, demoAccounts.customer.email);

    const opened = await call(victim, `/api/login?token=${token}`);
    expect(opened.status).toBe(409);
    expect(opened.body).toEqual({ status: 'failure', error: { type: 'OtherAccountSignedIn', current: demoAccounts.customer.email, next: attacker.email } });
    expect(await whoIs(victim)).toBe(demoAccounts.customer.email);
    // Opened again (a reload): the same question, the link still unspent.
    expect((await call(victim, `/api/login?token=${token}`)).body.error.type).toBe('OtherAccountSignedIn');
    expect((await ctx().database.db.selectFrom('login_tokens').select('used_at').where('used_at', 'is not', null).execute()).length).toBe(0);
  });

  it("'Continue as' is a POST from our own pages: another site's cannot send it, the person's switches", async () => {
    const attacker = await attackerAccount(ctx());
    const token = await linkFor(ctx(), attacker.email);
    const victim = ctx().client();
    await signInAs(ctx(), victim, demoAccounts.customer.email);

    const forged = await call(victim, '/api/login/continue', { method: 'POST', body: form({ token }), headers: FROM_ANOTHER_SITE });
    expect(forged.body.error.type).toBe('BadOrigin');
    expect(await whoIs(victim)).toBe(demoAccounts.customer.email);

    const chosen = await call(victim, '/api/login/continue', { method: 'POST', body: form({ token }), headers: { origin: 'http://localhost:4321', 'sec-fetch-site': 'same-origin' } });
    expect(chosen.body).toEqual({ status: 'success', data: { token: { user_type: 'customer' } } });
    expect(await whoIs(victim)).toBe(attacker.email);
    // Spent now, as any used link.
    expect((await call(ctx().client(), `/api/login?token=${token}`)).body.error).toEqual({ type: 'BadToken', reason: 'used' });
    expect((await post(ctx().client(), '/api/login/continue', { token })).body.error).toEqual({ type: 'BadToken', reason: 'used' });
    expect((await post(ctx().client(), '/api/login/continue', { token: 'short' })).body.error.type).toBe('BadToken');
  });

  it('a signed-out browser, or one signed in to the same account, signs in with no extra step', async () => {
    const attacker = await attackerAccount(ctx());
    const signedOut = ctx().client();
    expect((await call(signedOut, `/api/login?token=${await linkFor(ctx(), attacker.email)}`)).body.status).toBe('success');
    expect(await whoIs(signedOut)).toBe(attacker.email);
    // The same browser, a second link of the same account: no question.
    expect((await call(signedOut, `/api/login?token=${await linkFor(ctx(), attacker.email)}`)).body.status).toBe('success');
    expect(await whoIs(signedOut)).toBe(attacker.email);
  });

  it('the planted link cannot lead to the victim\'s card on the attacker\'s account', async () => {
    const attacker = await attackerAccount(ctx());
    const token = await linkFor(ctx(), attacker.email);
    const victim = ctx().client();
    const victimId = await signInAs(ctx(), victim, demoAccounts.customer.email);
    expect((await call(victim, `/api/login?token=${token}`)).body.error.type).toBe('OtherAccountSignedIn');

    // The victim books and types a card: it is theirs, and the attacker's account has none.
    const id = await courseId(ctx(), 'CS 122');
    const [meeting] = (await call(ctx().client(), `/api/meetings?course=${id}&capacity=1&course_style=online`)).body.data as { id: number; offering: { id: number } }[];
    const intent = await post(victim, '/api/payments', { meeting: meeting!.id, offering: meeting!.offering.id, capacity: 1, course_style: 'online' });
    expect((await confirmOffline(victim, intent.body.data.client_secret, '4242 4242 4242 4242')).body.data.status).toBe('succeeded');
    const payment = await ctx().database.db.selectFrom('payments').select('customer_id').where('meeting_id', '=', meeting!.id).executeTakeFirstOrThrow();
    expect(payment.customer_id).toBe(victimId);
    const planted = await ctx().database.db.selectFrom('customers').select('payment_method_id').where('email', '=', attacker.email).executeTakeFirstOrThrow();
    expect(planted.payment_method_id).toBeNull();
  });

  it('a texted code of another account: the same question, the code kept, and the POST switches', async () => {
    const attacker = await attackerAccount(ctx());
    const { code_id, code } = await codeFor(ctx(), attacker);
    const victim = ctx().client();
    await signInAs(ctx(), victim, demoAccounts.customer.email);

    const checked = await call(victim, `/api/verification?code_id=${code_id}&code=${code}`);
    expect(checked.status).toBe(409);
    expect(checked.body.error).toEqual({ type: 'OtherAccountSignedIn', current: demoAccounts.customer.email, next: attacker.email });
    expect(await whoIs(victim)).toBe(demoAccounts.customer.email);

    expect((await call(victim, '/api/verification/continue', { method: 'POST', body: form({ code_id, code }), headers: FROM_ANOTHER_SITE })).body.error.type).toBe('BadOrigin');
    const chosen = await post(victim, '/api/verification/continue', { code_id, code });
    expect(chosen.body.data).toMatchObject({ user_type: 'customer', customer: { firstname: 'Alex' } });
    expect(await whoIs(victim)).toBe(attacker.email);
    expect((await post(victim, '/api/verification/continue', { code_id, code })).body.error.type).toBe('OldCode');
    // A wrong code is only a wrong code: no account is named to whoever guesses.
    const again = await codeFor(ctx(), attacker);
    const stranger = ctx().client();
    await signInAs(ctx(), stranger, demoAccounts.tutor.email);
    expect((await call(stranger, `/api/verification?code_id=${again.code_id}&code=0000000`)).body.error).toEqual({ type: 'BadCode' });
  });
});
