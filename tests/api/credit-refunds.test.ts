import { afterEach, expect, it } from 'vitest';
import { fromNow, now, setClock } from '../../server/clock.ts';
import { reconcilePayments } from '../../server/domain/billing/reconcile.ts';
import { refundUnusedHours } from '../../server/domain/credits/lot-refunds.ts';
import { lotToDraw } from '../../server/domain/credits/ledger.ts';
import { confirmOffline, newCustomer, post } from './booking-helpers.ts';
import { bookingOf, creditsOf, ledgerOf } from './credit-helpers.ts';
import { call, describeApi, type TestClient, type TestContext } from './harness.ts';
import { recordingProvider } from './recording-provider.ts';
import { freeHour, jordan, maya, offeringOf, pinClock } from './tutor-helpers.ts';

afterEach(() => pinClock());

/** A supervisor's package of 10 paid and `bonus` bonus one-on-one hours for $500, bought by a new customer. */
async function boughtPackage(ctx: TestContext, bonus = 0) {
  const lead = await maya(ctx);
  const made = await post(lead.client, '/api/packages', { name: `Ten ${Math.random().toString(36).slice(2, 7)}`, hours: 10, bonus_hours: bonus, capacity: 1, price_cents: 50000, valid_days: 90 });
  if (made.status !== 201) throw new Error(`package not made: ${JSON.stringify(made.body)}`);
  const student = await newCustomer(ctx);
  const started = await post(student.client, '/api/package-purchases', { package: made.body.data.id });
  expect((await confirmOffline(student.client, started.body.data.client_secret, '4242424242424242')).body.data?.status).toBe('succeeded');
  const lot = (await ledgerOf(student.client)).lots[0] as { id: number };
  const { provider_intent_id: intentId } = await ctx.database.db.selectFrom('payments').select('provider_intent_id').where('id', '=', started.body.data.payment_id).executeTakeFirstOrThrow();
  return { lead, student, lotId: lot.id, paymentId: started.body.data.payment_id as number, intentId: intentId! };
}

/** `n` new one-off meetings Jordan publishes at free hours, to book CS 121 in. */
async function newMeetings(ctx: TestContext, n: number) {
  const tutor = await jordan(ctx);
  const offering = { id: await offeringOf(ctx, tutor.id, 'CS 121') };
  const meetings = [];
  for (let i = 0; i < n; i++) {
    const created = await post(tutor.client, '/api/meetings', { occurrence_epoch: await freeHour(ctx, tutor.id), tutor: 'myself' });
    if (created.status !== 201) throw new Error(`meeting not created: ${JSON.stringify(created.body)}`);
    meetings.push({ id: created.body.data.id as number, offering });
  }
  return meetings;
}

/** Books `n` one-time sessions with hours. */
async function useHours(ctx: TestContext, client: TestClient, n: number) {
  const meetings = await newMeetings(ctx, n);
  for (const meeting of meetings.slice(0, n)) expect((await post(client, '/api/payments', { ...bookingOf(meeting), pay_with: 'credits' })).status).toBe(201);
}

const refund = (client: TestClient, lotId: number, reason = 'Moving away') => post(client, `/api/credit-lots/${lotId}/refund`, { reason });

describeApi('a supervisor refunds a package’s unused hours', (ctx) => {
  it('pro rata to the price per paid hour, to the card that paid: the hours leave the ledger with who and why, and a receipt is sent', async () => {
    const { lead, student, lotId, paymentId } = await boughtPackage(ctx());
    await useHours(ctx(), student.client, 3);
    expect(await creditsOf(student.client)).toBe(7);
    // The supervisor sees the customer's hours, and the purchase among those with hours left, with what a refund gives back.
    const seen = await call(lead.client, `/api/customers/${student.id}/credits`);
    expect(seen.body.data.lots).toEqual([expect.objectContaining({ id: lotId, hours_left: 7 })]);
    const unused = (await call(lead.client, '/api/credit-lots')).body.data;
    expect(unused.find((p: { id: number }) => p.id === lotId)).toEqual({
      id: lotId,
      customer: { id: student.id, firstname: expect.any(String), lastname: 'Student' },
      package_name: expect.stringMatching(/^Ten /),
      capacity: 1,
      paid_hours: 10,
      bonus_hours: 0,
      price_cents: 50000,
      hours_left: 7,
      refundable_cents: 35000,
      expires_at_epoch: expect.any(Number),
      bought_at_epoch: expect.any(Number),
    });

    const refunded = await refund(lead.client, lotId);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    // $500 for 10 hours, 7 unused: $350.
    expect(refunded.body.data).toEqual({ lot_id: lotId, hours: 7, amount_cents: 35000 });
    expect(await creditsOf(student.client)).toBe(0);
    const [entry] = (await ledgerOf(student.client)).entries;
    expect(entry).toMatchObject({ kind: 'refund', hours: -7, reason: 'Moving away', entered_by: 'Maya Chen' });
    const row = await ctx().database.db.selectFrom('credit_refunds').selectAll().where('lot_id', '=', lotId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ payment_id: paymentId, hours: 7, amount_cents: 35000, refunded_at: expect.any(Date) });
    await ctx().notifier.settle();
    const email = (await call(student.client, '/api/customers/myself')).body.data.email;
    const receipts = await ctx().database.db.selectFrom('outbox').select('subject').where('to', '=', email).where('subject', 'like', 'Refund:%').execute();
    expect(receipts.map((m) => m.subject)).toEqual([expect.stringMatching(/^Refund: \$350 for Ten \w+ \(7 unused hours\)$/)]);
    // Nothing is left: off the list, and a second refund is refused.
    expect((await call(lead.client, '/api/credit-lots')).body.data.some((p: { id: number }) => p.id === lotId)).toBe(false);
    expect((await refund(lead.client, lotId)).body.error.type).toBe('NotRefundable');
  });

  it('never refunds bonus hours as money: they count as the last ones used', async () => {
    const { lead, student, lotId } = await boughtPackage(ctx(), 2);
    await useHours(ctx(), student.client, 3);
    expect(await creditsOf(student.client)).toBe(9);
    // 12 hours, 3 used, 9 left: 2 of them the bonus, 7 paid, $350.
    expect((await refund(lead.client, lotId)).body.data).toEqual({ lot_id: lotId, hours: 9, amount_cents: 35000 });
    expect(await creditsOf(student.client)).toBe(0);
  });

  it('sends the card’s refund once, keyed by the refund: a provider failure leaves it for the reconciliation pass', async () => {
    const { lead, student, lotId, intentId } = await boughtPackage(ctx());
    const { provider, calls, faults } = recordingProvider();
    faults.refund = 1;
    const staff = await ctx().database.db.selectFrom('tutors').select('id').where('email', '=', 'maya@beacontutoring.com').executeTakeFirstOrThrow();
    const lines: string[] = [];
    // The hours leave at once; the money waits for the provider.
    expect(await refundUnusedHours(ctx().database.db, provider, (line) => lines.push(line), staff.id, lotId, 'Unhappy')).toEqual({ lot_id: lotId, hours: 10, amount_cents: 50000 });
    expect(await creditsOf(student.client)).toBe(0);
    expect(lines.join('\n')).toContain('not confirmed');
    expect(calls.partialRefunds).toEqual([]);
    await reconcilePayments(ctx().database.db, provider, () => {});
    await reconcilePayments(ctx().database.db, provider, () => {});
    expect(calls.partialRefunds).toEqual([{ intentId, amountCents: 50000, key: expect.stringMatching(/^credit-refund-\d+$/) }]);
    expect((await refund(lead.client, lotId)).body.error.type).toBe('NotRefundable');
  });

  it('refuses what is not a supervisor’s to refund: expired hours, unknown lots, a tutor, a customer; a reason is required', async () => {
    const { student, lotId } = await boughtPackage(ctx());
    const lead = await maya(ctx());
    const tutor = await jordan(ctx());
    expect((await refund(tutor.client, lotId)).status).toBe(403);
    expect((await refund(student.client, lotId)).status).toBe(403);
    expect((await call(student.client, `/api/customers/${student.id}/credits`)).status).toBe(403);
    expect((await call(tutor.client, '/api/credit-lots')).status).toBe(403);
    expect((await refund(lead.client, lotId, '  ')).body.error.type).toBe('BadInput');
    expect((await refund(lead.client, 999_999)).body.error.type).toBe('LotNotFound');
    expect((await call(lead.client, '/api/customers/999999/credits')).body.error.type).toBe('UserNotFound');
    setClock(fromNow(91 * 24 * 3600_000));
    expect((await refund((await maya(ctx())).client, lotId)).body.error.type).toBe('NotRefundable');
    expect(await ctx().database.db.selectFrom('credit_refunds').select('id').where('lot_id', '=', lotId).execute()).toEqual([]);
  });

  it('an hour drawn while the refund is asked for is never refunded too: the refund waits for the customer, then takes what is left', async () => {
    const { lead, student, lotId } = await boughtPackage(ctx());
    const db = ctx().database.db;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let drawn!: () => void;
    const drawing = new Promise<void>((resolve) => (drawn = resolve));
    // A booking's transaction that has taken an hour (the customer locked) and not committed yet.
    const booking = db.transaction().execute(async (trx) => {
      const lot = await lotToDraw(trx, student.id, 1);
      await trx.insertInto('credit_entries').values({ customer_id: student.id, lot_id: lot, kind: 'adjustment', hours: -1, reason: 'a booking in flight', created_at: now() }).execute();
      drawn();
      await held;
    });
    await drawing;
    const refunding = refund(lead.client, lotId);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await booking;
    expect((await refunding).body.data).toEqual({ lot_id: lotId, hours: 9, amount_cents: 45000 });
    expect(await creditsOf(student.client)).toBe(0);
  });
});
