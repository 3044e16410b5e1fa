import { afterEach, beforeEach, expect, it } from 'vitest';
import { now } from '../../server/clock.ts';
import { chargeDueWeeklyPayments } from '../../server/domain/billing/weekly-charges.ts';
import { CARD_AFTER_NOTICE_MS } from '../../server/domain/credits/weekly-draws.ts';
import { CANCEL_NOTICE_HOURS } from '../../server/domain/meetings/student-changes.ts';
import { confirmOffline, newCustomer, post } from './booking-helpers.ts';
import { creditsOf, ledgerOf } from './credit-helpers.ts';
import { call, describeApi, type TestClient, type TestContext } from './harness.ts';
import { recordingProvider } from './recording-provider.ts';
import { freeWeeklyHour, jordan, jumpClock, maya, offeringOf, pinClock } from './tutor-helpers.ts';

const WINDOW_MS = CANCEL_NOTICE_HOURS * 3600_000;
/** The weekly one-on-one price of the demo (prices.ts), which a week falling to the card is charged. */
const WEEKLY_CENTS = 4500;

beforeEach(() => pinClock());
afterEach(() => pinClock());

/** A package of `hours` one-on-one hours a supervisor puts on sale, bought by the customer with a typed card (kept on file). */
async function buyPackageOf(ctx: TestContext, client: TestClient, hours: number) {
  const lead = await maya(ctx);
  const made = await post(lead.client, '/api/packages', { name: `${hours} hours ${Math.random().toString(36).slice(2, 7)}`, hours, capacity: 1, price_cents: hours * 5000, valid_days: 90 });
  if (made.status !== 201) throw new Error(`package not made: ${JSON.stringify(made.body)}`);
  const started = await post(client, '/api/package-purchases', { package: made.body.data.id });
  expect((await confirmOffline(client, started.body.data.client_secret, '4242424242424242')).body.data?.status).toBe('succeeded');
}

/** A new weekly slot of Jordan's (CS 121 online) and its meetings, in start order. */
async function newSlot(ctx: TestContext) {
  const tutor = await jordan(ctx);
  const slot = await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: await freeWeeklyHour(ctx, tutor), tutor: 'myself' });
  if (slot.status !== 201) throw new Error(`slot not made: ${JSON.stringify(slot.body)}`);
  const meetings = await ctx.database.db.selectFrom('meetings').select(['id', 'occurrence']).where('slot_id', '=', slot.body.data.id).orderBy('occurrence').execute();
  return { id: slot.body.data.id as number, meetings, offering: await offeringOf(ctx, tutor.id, 'CS 121') };
}

type Slot = Awaited<ReturnType<typeof newSlot>>;

const subscribeWithHours = (client: TestClient, slot: Slot) =>
  post(client, '/api/subscriptions', { meeting: slot.meetings[0]!.id, slot: slot.id, offering: slot.offering, capacity: 1, course_style: 'online', pay_with: 'credits' });

/** The customer's payment of a week (its non-overtime one). */
const weekPayment = (ctx: TestContext, customerId: number, meetingId: number) =>
  ctx.database.db
    .selectFrom('payments')
    .select(['id', 'payment_status', 'provider', 'amount_cents', 'charge_retry_at'])
    .where('customer_id', '=', customerId)
    .where('meeting_id', '=', meetingId)
    .where('is_incremental', '=', false)
    .executeTakeFirstOrThrow();

/** Moves the clock a minute past the close of a week's skip window: its hour (or its charge) is due. */
const intoWindow = (ctx: TestContext, meeting: { occurrence: Date | string }) => jumpClock(ctx, new Date(new Date(meeting.occurrence).getTime() - WINDOW_MS + 60_000));

async function emailsTo(ctx: TestContext, client: TestClient) {
  await ctx.notifier.settle();
  const email = (await call(client, '/api/customers/myself')).body.data.email as string;
  return ctx.database.db.selectFrom('outbox').select(['subject', 'text as body']).where('to', '=', email).orderBy('id').execute();
}

describeApi('weekly sessions paid with hours of packages', (ctx) => {
  it('books every week at once: the first takes an hour now, each later one when its skip window closes, and no card is charged', async () => {
    const student = await newCustomer(ctx());
    await buyPackageOf(ctx(), student.client, 10);
    const slot = await newSlot(ctx());
    const booked = await subscribeWithHours(student.client, slot);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.data).toEqual({ paid_with: 'credits', payment_id: expect.any(Number), credits_left: 9 });
    const [first, second, third] = slot.meetings;
    expect(await weekPayment(ctx(), student.id, first!.id)).toMatchObject({ id: booked.body.data.payment_id, payment_status: 'succeeded', provider: 'credits', amount_cents: 0 });
    // The later weeks wait for their hour, at the weekly price the card would pay without one.
    expect(await weekPayment(ctx(), student.id, second!.id)).toMatchObject({ payment_status: 'subscription_pending', provider: 'credits', amount_cents: WEEKLY_CENTS });
    const seats = await ctx().database.db.selectFrom('reservations').select('status').distinct().where('customer_id', '=', student.id).execute();
    expect(seats).toEqual([{ status: 'confirmed' }]);
    const subject = (await emailsTo(ctx(), student.client)).map((m) => m.subject);
    expect(subject.some((s) => s.startsWith('You\'re booked: weekly'))).toBe(true);

    const { provider, calls: all } = recordingProvider();
    // Other customers' weeks may fall due in the same pass: only this customer's charges count here.
    const calls = { get charges() { return all.charges.filter((c) => c.customer.id === student.id); } };
    await intoWindow(ctx(), second!);
    await chargeDueWeeklyPayments({ db: ctx().database.db, provider, log: () => {} });
    expect(await weekPayment(ctx(), student.id, second!.id)).toMatchObject({ payment_status: 'succeeded', provider: 'credits', amount_cents: 0 });
    expect(await weekPayment(ctx(), student.id, third!.id)).toMatchObject({ payment_status: 'subscription_pending', provider: 'credits' });
    expect(calls.charges).toEqual([]);
    expect(await creditsOf(student.client)).toBe(8);
    // A second pass (another runner, a restart) takes nothing more.
    await chargeDueWeeklyPayments({ db: ctx().database.db, provider, log: () => {} });
    expect(await creditsOf(student.client)).toBe(8);
    const uses = (await ledgerOf(student.client)).entries.filter((e: { kind: string }) => e.kind === 'use').map((e: { meeting_id: number }) => e.meeting_id);
    expect(uses).toEqual([second!.id, first!.id]);
  });

  it('when the last hour goes the customer is told, and the next week is charged to the card on file', async () => {
    const student = await newCustomer(ctx());
    await buyPackageOf(ctx(), student.client, 2);
    const slot = await newSlot(ctx());
    expect((await subscribeWithHours(student.client, slot)).body.data).toMatchObject({ credits_left: 1 });
    const [, second, third] = slot.meetings;
    const { provider, calls: all } = recordingProvider();
    // Other customers' weeks may fall due in the same pass: only this customer's charges count here.
    const calls = { get charges() { return all.charges.filter((c) => c.customer.id === student.id); } };

    await intoWindow(ctx(), second!);
    await chargeDueWeeklyPayments({ db: ctx().database.db, provider, log: () => {} });
    expect(await creditsOf(student.client)).toBe(0);
    const told = (await emailsTo(ctx(), student.client)).filter((m) => m.subject === 'Your one-on-one hours have run out');
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('charged to your card ending in 4242 ($45)');

    await intoWindow(ctx(), third!);
    await chargeDueWeeklyPayments({ db: ctx().database.db, provider, log: () => {} });
    // Told a week before: charged at once, at the weekly price, through the card's provider.
    expect(await weekPayment(ctx(), student.id, third!.id)).toMatchObject({ payment_status: 'succeeded', provider: 'offline', amount_cents: WEEKLY_CENTS });
    expect(calls.charges.map((c) => c.amountCents)).toEqual([WEEKLY_CENTS]);
    // Told once, not again at the charge.
    expect((await emailsTo(ctx(), student.client)).filter((m) => m.subject === 'Your one-on-one hours have run out')).toHaveLength(1);
  });

  it('hours spent elsewhere: the week falling to the card waits an hour after the notice before it is charged', async () => {
    const student = await newCustomer(ctx());
    await buyPackageOf(ctx(), student.client, 2);
    const slot = await newSlot(ctx());
    await subscribeWithHours(student.client, slot);
    const [, second] = slot.meetings;
    // The last hour goes on another booking: nobody told the subscription it ran out.
    const lot = await ctx().database.db.selectFrom('credit_lots').select('id').where('customer_id', '=', student.id).executeTakeFirstOrThrow();
    await ctx().database.db.insertInto('credit_entries').values({ customer_id: student.id, lot_id: lot.id, kind: 'adjustment', hours: -1, reason: 'used elsewhere', created_at: now() }).execute();
    const { provider, calls: all } = recordingProvider();
    // Other customers' weeks may fall due in the same pass: only this customer's charges count here.
    const calls = { get charges() { return all.charges.filter((c) => c.customer.id === student.id); } };

    await intoWindow(ctx(), second!);
    await chargeDueWeeklyPayments({ db: ctx().database.db, provider, log: () => {} });
    expect(await weekPayment(ctx(), student.id, second!.id)).toMatchObject({ payment_status: 'subscription_pending', provider: 'offline', charge_retry_at: expect.any(Date) });
    expect(calls.charges).toEqual([]);
    expect((await emailsTo(ctx(), student.client)).filter((m) => m.subject === 'Your one-on-one hours have run out')).toHaveLength(1);

    await jumpClock(ctx(), new Date(new Date(second!.occurrence).getTime() - WINDOW_MS + 2 * 60_000 + CARD_AFTER_NOTICE_MS));
    await chargeDueWeeklyPayments({ db: ctx().database.db, provider, log: () => {} });
    expect(await weekPayment(ctx(), student.id, second!.id)).toMatchObject({ payment_status: 'succeeded', amount_cents: WEEKLY_CENTS });
    expect(calls.charges).toHaveLength(1);
  });

  it('with no hours and no card on file the week is not booked: its seat is freed, and the customer and the tutor are told', async () => {
    const student = await newCustomer(ctx());
    await buyPackageOf(ctx(), student.client, 2);
    // The card kept from the purchase is gone (the customer's bank took it back, say).
    await ctx().database.db.updateTable('customers').set({ payment_method_id: null, payment_method_label: null }).where('id', '=', student.id).execute();
    const slot = await newSlot(ctx());
    await subscribeWithHours(student.client, slot);
    const [, second, third, fourth] = slot.meetings;
    const { provider, calls: all } = recordingProvider();
    // Other customers' weeks may fall due in the same pass: only this customer's charges count here.
    const calls = { get charges() { return all.charges.filter((c) => c.customer.id === student.id); } };

    await intoWindow(ctx(), second!);
    await chargeDueWeeklyPayments({ db: ctx().database.db, provider, log: () => {} });
    const told = (await emailsTo(ctx(), student.client)).find((m) => m.subject === 'Your one-on-one hours have run out');
    expect(told?.body).toContain('There is no card on file');

    await intoWindow(ctx(), third!);
    await chargeDueWeeklyPayments({ db: ctx().database.db, provider, log: () => {} });
    expect(await weekPayment(ctx(), student.id, third!.id)).toMatchObject({ payment_status: 'canceled', provider: 'credits' });
    const seat = await ctx().database.db.selectFrom('reservations').select('status').where('customer_id', '=', student.id).where('meeting_id', '=', third!.id).executeTakeFirstOrThrow();
    expect(seat.status).toBe('released');
    expect(calls.charges).toEqual([]);
    const notBooked = (await emailsTo(ctx(), student.client)).find((m) => m.subject.startsWith('Not booked: CS 121'));
    expect(notBooked?.body).toContain('no card on file to pay it');
    const tutorMail = await ctx().database.db.selectFrom('outbox').select('subject').where('to', '=', 'jordan@beacontutoring.com').where('subject', 'like', '%is not booked').execute();
    expect(tutorMail).toHaveLength(1);
    // The week after still waits: buying hours before its window keeps it.
    await buyPackageOf(ctx(), student.client, 2);
    await intoWindow(ctx(), fourth!);
    await chargeDueWeeklyPayments({ db: ctx().database.db, provider, log: () => {} });
    expect(await weekPayment(ctx(), student.id, fourth!.id)).toMatchObject({ payment_status: 'succeeded', provider: 'credits' });
  });

  it('ending the subscription gives back the first week’s hour; a tutor’s cancel of a week paid with an hour gives it back and says so', async () => {
    const student = await newCustomer(ctx());
    await buyPackageOf(ctx(), student.client, 10);
    const slot = await newSlot(ctx());
    const booked = (await subscribeWithHours(student.client, slot)).body.data;
    const subscription = await ctx().database.db.selectFrom('payments').select('subscription_id').where('id', '=', booked.payment_id).executeTakeFirstOrThrow();
    expect(await creditsOf(student.client)).toBe(9);
    const ended = await call(student.client, `/api/subscriptions/${subscription.subscription_id}/cancel`, { method: 'POST' });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(await creditsOf(student.client)).toBe(10);

    // A new weekly booking with hours, then the tutor cancels its first week.
    const again = await newSlot(ctx());
    const second = (await subscribeWithHours(student.client, again)).body.data;
    expect(second.credits_left).toBe(9);
    const tutor = await jordan(ctx());
    const canceled = await call(tutor.client, `/api/meetings/${again.meetings[0]!.id}/cancel`, { method: 'POST' });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(await creditsOf(student.client)).toBe(10);
    const email = (await emailsTo(ctx(), student.client)).find((m) => m.subject.startsWith('Canceled: CS 121'));
    expect(email?.body).toContain('The hour you booked it with is back in your hours');
  });

  it('refuses NoCredits without an hour of the size, taking no seat', async () => {
    const student = await newCustomer(ctx(), true);
    const slot = await newSlot(ctx());
    const refused = await subscribeWithHours(student.client, slot);
    expect([refused.status, refused.body.error?.type]).toEqual([409, 'NoCredits']);
    const seats = await ctx().database.db.selectFrom('reservations').select('id').where('customer_id', '=', student.id).execute();
    expect(seats).toEqual([]);
    expect(await ctx().database.db.selectFrom('subscriptions').select('id').where('customer_id', '=', student.id).execute()).toEqual([]);
  });
});
