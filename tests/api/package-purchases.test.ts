import { afterEach, expect, it } from 'vitest';
import { fromNow, nowMs, setClock } from '../../server/clock.ts';
import { reconcilePayments } from '../../server/domain/billing/reconcile.ts';
import { fulfilProviderEvent, receiveProviderEvent } from '../../server/domain/billing/fulfilment.ts';
import { PACKAGE_CHECKOUT_MS } from '../../server/domain/credits/purchases.ts';
import { startSignIn } from '../../server/domain/sign-in/sign-ins.ts';
import { offlineProvider } from '../../server/payments/offline.ts';
import { confirmOffline, newCustomer, post } from './booking-helpers.ts';
import { creditsOf, demoPackage, ledgerOf, startBuying } from './credit-helpers.ts';
import { call, describeApi, type TestContext } from './harness.ts';
import { jordan, maya, pinClock } from './tutor-helpers.ts';

afterEach(() => pinClock());

const DAY_MS = 24 * 3600_000;
const GOOD_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';

const credits = creditsOf;
const ledger = ledgerOf;
const buy = startBuying;

const lotsOf = (ctx: TestContext, paymentId: number) => ctx.database.db.selectFrom('credit_lots').selectAll().where('payment_id', '=', paymentId).execute();
const purchaseEvents = (ctx: TestContext, paymentId: number) =>
  ctx.database.db.selectFrom('events').select('facts').where('kind', '=', 'PackagePurchased').where(({ ref }) => ref('facts', '->>').key('paymentId' as never), '=', String(paymentId) as never).execute();

describeApi('buying an hour package', (ctx) => {
  it('answers an intent to confirm like a booking’s; once paid, the hours are in the balance and the ledger, with their expiry, and a receipt names them', async () => {
    const student = await newCustomer(ctx());
    expect(await credits(student.client)).toBe(0);
    const { sold, intent } = await buy(ctx(), student.client);
    expect(intent).toEqual({ client_secret: expect.any(String), payment_id: expect.any(Number), amount_cents: sold.price_cents, status: 'requires_payment_method' });
    // Nothing until it is paid.
    expect(await credits(student.client)).toBe(0);

    expect((await confirmOffline(student.client, intent.client_secret, GOOD_CARD)).body.data).toMatchObject({ status: 'succeeded' });
    expect(await credits(student.client)).toBe(10);
    const view = await ledger(student.client);
    expect(view.total).toBe(10);
    expect(view.balance).toEqual([
      { capacity: 1, hours: 10 },
      { capacity: 2, hours: 0 },
    ]);
    expect(view.lots).toEqual([
      {
        id: expect.any(Number),
        capacity: 1,
        package_name: sold.name,
        paid_hours: 10,
        bonus_hours: 0,
        price_cents: sold.price_cents,
        hours_left: 10,
        expired: false,
        expires_at_epoch: expect.any(Number),
        bought_at_epoch: expect.any(Number),
      },
    ]);
    // Valid for the package's 180 days from the payment.
    expect(view.lots[0].expires_at_epoch - view.lots[0].bought_at_epoch).toBe(180 * 24 * 3600);
    expect(view.entries).toEqual([
      { id: expect.any(Number), kind: 'purchase', hours: 10, capacity: 1, lot_id: view.lots[0].id, meeting_id: null, reason: null, entered_by: null, at_epoch: expect.any(Number) },
    ]);
    // The card is kept on file, as a booking keeps it.
    expect((await call(student.client, '/api/customers/myself')).body.data.payment_method).toBe('Visa ending in 4242');

    await ctx().notifier.settle();
    const email = await ctx().database.db.selectFrom('outbox').selectAll().where('subject', '=', `Receipt: $500 for ${sold.name}`).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(email.text).toContain('You have 10 more one-on-one hours to book with, until ');
    expect(email.text).toContain(`Receipt number: ${intent.payment_id}`);
    // The package's payment is not a session: the payments list (of meetings) leaves it out.
    expect((await call(student.client, '/api/customers/myself/payments')).body.data).toEqual([]);
  });

  it('lands the hours exactly once when the provider’s event and the confirmation arrive together', async () => {
    for (let round = 0; round < 5; round++) {
      const student = await newCustomer(ctx());
      const { intent } = await buy(ctx(), student.client, round % 2 ? 2 : 1);
      const payment = await ctx().database.db.selectFrom('payments').select('provider_intent_id').where('id', '=', intent.payment_id).executeTakeFirstOrThrow();
      const event = { eventId: `evt_package_${intent.payment_id}`, outcome: { intentId: payment.provider_intent_id!, paymentId: intent.payment_id, succeeded: true } };
      const [confirmed, webhook, again] = await Promise.all([confirmOffline(student.client, intent.client_secret, GOOD_CARD), fulfilProviderEvent(ctx().database.db, event), fulfilProviderEvent(ctx().database.db, event)]);
      expect(confirmed.body.data?.status, JSON.stringify(confirmed.body)).toBe('succeeded');
      expect([webhook, again]).toContainEqual({ paymentId: intent.payment_id, result: 'paid' });
      expect([webhook, again]).toContain('duplicate');
      expect(await lotsOf(ctx(), intent.payment_id)).toHaveLength(1);
      expect((await ledger(student.client)).entries).toHaveLength(1);
      expect(await credits(student.client)).toBe(10);
      expect(await purchaseEvents(ctx(), intent.payment_id)).toHaveLength(1);
    }
  });

  it('gives no hours for a declined card, and the same purchase is paid with another', async () => {
    const student = await newCustomer(ctx());
    const { intent } = await buy(ctx(), student.client, 2);
    const declined = await confirmOffline(student.client, intent.client_secret, DECLINED_CARD);
    expect(declined.body.error?.type).toBe('CardDeclined');
    expect(await credits(student.client)).toBe(0);
    expect((await confirmOffline(student.client, intent.client_secret, GOOD_CARD)).body.data.status).toBe('succeeded');
    expect((await ledger(student.client)).balance).toEqual([
      { capacity: 1, hours: 0 },
      { capacity: 2, hours: 10 },
    ]);
  });

  it('a second purchase gives up the first: confirming the first after that is refused (as a booking whose hold ran out), and gives no hours', async () => {
    const student = await newCustomer(ctx());
    const first = await buy(ctx(), student.client);
    const second = await buy(ctx(), student.client);
    const late = await confirmOffline(student.client, first.intent.client_secret, GOOD_CARD);
    expect(late.body.error?.type).toBe('PaymentFailed');
    expect(await credits(student.client)).toBe(0);
    expect((await confirmOffline(student.client, second.intent.client_secret, GOOD_CARD)).body.data.status).toBe('succeeded');
    expect(await credits(student.client)).toBe(10);
    const firstRow = await ctx().database.db.selectFrom('payments').select(['payment_status']).where('id', '=', first.intent.payment_id).executeTakeFirstOrThrow();
    expect(firstRow.payment_status).toBe('abandoned');
    expect(await lotsOf(ctx(), first.intent.payment_id)).toEqual([]);
  });

  it('refunds a charge that lands on a purchase given up (the provider’s event), with a refund receipt, and gives no hours', async () => {
    const student = await newCustomer(ctx());
    const first = await buy(ctx(), student.client);
    await buy(ctx(), student.client);
    const { provider_intent_id } = await ctx().database.db.selectFrom('payments').select('provider_intent_id').where('id', '=', first.intent.payment_id).executeTakeFirstOrThrow();
    await receiveProviderEvent(ctx().database.db, offlineProvider(), () => {}, { eventId: `evt_late_${first.intent.payment_id}`, outcome: { intentId: provider_intent_id!, succeeded: true } });
    const row = await ctx().database.db.selectFrom('payments').select(['payment_status', 'refund_pending', 'refunded_at']).where('id', '=', first.intent.payment_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ payment_status: 'abandoned', refund_pending: false, refunded_at: expect.any(Date) });
    expect(await credits(student.client)).toBe(0);
    await ctx().notifier.settle();
    const email = await ctx().database.db.selectFrom('outbox').selectAll().where('to', '=', (await call(student.client, '/api/customers/myself')).body.data.email).where('subject', 'like', 'Refund:%').executeTakeFirstOrThrow();
    expect(email.subject).toBe(`Refund: $500 for ${first.sold.name}`);
    expect(email.text).toContain(`Receipt number: ${first.intent.payment_id}`);
  });

  it('gives up a purchase left unpaid for an hour (the reconciliation pass); confirming it after that is refused', async () => {
    const student = await newCustomer(ctx());
    const { intent } = await buy(ctx(), student.client);
    const provider = offlineProvider();
    await reconcilePayments(ctx().database.db, provider, () => {});
    expect((await ctx().database.db.selectFrom('payments').select('payment_status').where('id', '=', intent.payment_id).executeTakeFirstOrThrow()).payment_status).toBe('requires_payment_method');
    setClock(new Date(nowMs() + PACKAGE_CHECKOUT_MS + 60_000));
    await reconcilePayments(ctx().database.db, provider, () => {});
    expect((await ctx().database.db.selectFrom('payments').select('payment_status').where('id', '=', intent.payment_id).executeTakeFirstOrThrow()).payment_status).toBe('abandoned');
    expect((await confirmOffline(student.client, intent.client_secret, GOOD_CARD)).body.error?.type).toBe('PaymentFailed');
    expect(await credits(student.client)).toBe(0);
  });

  it('sells only packages on sale, to signed-in customers; a customer confirms only their own purchase, and cannot skip it as a session', async () => {
    const student = await newCustomer(ctx());
    const lead = await maya(ctx());
    const sold = await demoPackage(ctx(), 1);
    expect((await post(student.client, '/api/package-purchases', { package: 999999 })).body.error.type).toBe('PackageNotFound');
    await call(lead.client, `/api/packages/${sold.id}/archive`, { method: 'POST' });
    try {
      const refused = await post(student.client, '/api/package-purchases', { package: sold.id });
      expect([refused.status, refused.body.error.type]).toEqual([404, 'PackageNotFound']);
    } finally {
      await call(lead.client, `/api/packages/${sold.id}/archive?unarchive=true`, { method: 'POST' });
    }
    const stranger = await post(ctx().client(), '/api/package-purchases', { package: sold.id });
    expect(stranger.status).toBe(401);
    const tutor = await jordan(ctx());
    expect((await post(tutor.client, '/api/package-purchases', { package: sold.id })).status).toBeGreaterThanOrEqual(401);
    expect((await post(student.client, '/api/package-purchases', {})).body.error.fields).toHaveProperty('package');

    const { intent } = await buy(ctx(), student.client);
    const other = await newCustomer(ctx());
    expect((await confirmOffline(other.client, intent.client_secret, GOOD_CARD)).body.error.type).toBe('PaymentNotFound');
    expect(await credits(other.client)).toBe(0);
    expect((await confirmOffline(student.client, intent.client_secret, GOOD_CARD)).body.data.status).toBe('succeeded');
    const skip = await call(student.client, `/api/payments/${intent.payment_id}/skip`, { method: 'POST' });
    expect(skip.body.error?.type).toBe('PaymentNotFound');
    expect(await credits(student.client)).toBe(10);
    // Nobody else sees the ledger: a stranger is refused, another customer sees their own (empty).
    expect((await call(ctx().client(), '/api/customers/myself/credits')).status).toBe(401);
    expect((await ledger(other.client)).entries).toEqual([]);
  });

  it('leaves expired hours out of the balance', async () => {
    const student = await newCustomer(ctx());
    const { intent } = await buy(ctx(), student.client);
    await confirmOffline(student.client, intent.client_secret, GOOD_CARD);
    const lot = (await lotsOf(ctx(), intent.payment_id))[0]!;
    expect(new Date(lot.expires_at).getTime()).toBeCloseTo(fromNow(180 * DAY_MS).getTime(), -4);
    setClock(new Date(new Date(lot.expires_at).getTime() + 1000));
    // Signed in again: a sign-in lasts 30 days.
    student.client.cookies.set('sid', await startSignIn(ctx().database.db, { customerId: student.id }));
    expect(await credits(student.client)).toBe(0);
    const view = await ledger(student.client);
    expect(view.lots[0]).toMatchObject({ hours_left: 0, expired: true });
  });
});
