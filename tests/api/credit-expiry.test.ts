import { afterEach, expect, it } from 'vitest';
import { now, setClock } from '../../server/clock.ts';
import { EXPIRY_WARNING_MS, expireCredits } from '../../server/domain/credits/expiry.ts';
import { startSignIn } from '../../server/domain/sign-in/sign-ins.ts';
import { newCustomer } from './booking-helpers.ts';
import { buyHours, creditsOf, ledgerOf } from './credit-helpers.ts';
import { call, describeApi, type TestClient, type TestContext } from './harness.ts';
import { pinClock } from './tutor-helpers.ts';

afterEach(() => pinClock());

const lotOf = async (ctx: TestContext, paymentId: number) => ctx.database.db.selectFrom('credit_lots').selectAll().where('payment_id', '=', paymentId).executeTakeFirstOrThrow();

/** Signs the customer in again (a sign-in lasts 30 days; these tests move the clock months ahead). */
async function signedInAgain(ctx: TestContext, student: { client: TestClient; id: number }) {
  student.client.cookies.set('sid', await startSignIn(ctx.database.db, { customerId: student.id }));
}

describeApi('hours that expire', (ctx) => {
  it('tells the customer once, 14 days before, how many hours expire and when', async () => {
    const student = await newCustomer(ctx());
    const { intent, sold } = await buyHours(ctx(), student.client);
    const lot = await lotOf(ctx(), intent.payment_id);
    // 15 days before: not yet.
    setClock(new Date(new Date(lot.expires_at).getTime() - EXPIRY_WARNING_MS - 24 * 3600_000));
    expect((await expireCredits(ctx().database.db)).warned).toBe(0);
    setClock(new Date(new Date(lot.expires_at).getTime() - EXPIRY_WARNING_MS + 3600_000));
    expect((await expireCredits(ctx().database.db)).warned).toBe(1);
    expect((await expireCredits(ctx().database.db)).warned).toBe(0);
    await ctx().notifier.settle();
    await signedInAgain(ctx(), student);
    const email = (await call(student.client, '/api/customers/myself')).body.data.email;
    const notices = await ctx().database.db.selectFrom('outbox').select(['subject', 'text']).where('to', '=', email).where('subject', 'like', 'Your %expire on%').execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toMatch(/^Your 10 one-on-one hours expire on \w+day, \w+ \d+, \d{4}$/);
    expect(notices[0]!.text).toContain(`You still have 10 one-on-one hours from ${sold.name}.`);
  });

  it('expires what is left at the end of the validity, once, as a ledger entry; the balance is 0 and stays so', async () => {
    const student = await newCustomer(ctx());
    const { intent } = await buyHours(ctx(), student.client);
    // One hour used: the expiry takes the other nine.
    const lot = await lotOf(ctx(), intent.payment_id);
    await ctx().database.db.insertInto('credit_entries').values({ customer_id: student.id, lot_id: lot.id, kind: 'adjustment', hours: -1, reason: 'test: an hour spent', created_at: now() }).execute();
    expect((await expireCredits(ctx().database.db)).expired).toBe(0);
    setClock(new Date(new Date(lot.expires_at).getTime() + 60_000));
    expect((await expireCredits(ctx().database.db)).expired).toBeGreaterThanOrEqual(1);
    expect((await expireCredits(ctx().database.db)).expired).toBe(0);
    await signedInAgain(ctx(), student);
    expect(await creditsOf(student.client)).toBe(0);
    const ledger = await ledgerOf(student.client);
    expect(ledger.entries.filter((e: { kind: string }) => e.kind === 'expiry')).toEqual([expect.objectContaining({ kind: 'expiry', hours: -9, lot_id: lot.id })]);
    const sum = await ctx().database.db.selectFrom('credit_entries').select((eb) => eb.fn.sum<number>('hours').as('hours')).where('lot_id', '=', lot.id).executeTakeFirstOrThrow();
    expect(Number(sum.hours)).toBe(0);
  });
});
