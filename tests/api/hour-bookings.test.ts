import { afterEach, expect, it } from 'vitest';
import { form, newCustomer, post } from './booking-helpers.ts';
import { bookingOf, buyHours, creditsOf, ledgerOf } from './credit-helpers.ts';
import { call, describeApi, type TestContext } from './harness.ts';
import { freeHour, jordan, jumpClock, maya, offeringOf, pinClock } from './tutor-helpers.ts';
import { now } from '../../server/clock.ts';

afterEach(() => pinClock());

/** A new one-off meeting Jordan publishes at a free hour (two days ahead or more, so it can be skipped), to book CS 121 in. */
async function freeMeeting(ctx: TestContext) {
  const tutor = await jordan(ctx);
  const created = await post(tutor.client, '/api/meetings', { occurrence_epoch: await freeHour(ctx, tutor.id), tutor: 'myself' });
  if (created.status !== 201) throw new Error(`meeting not created: ${JSON.stringify(created.body)}`);
  return { id: created.body.data.id as number, offering: { id: await offeringOf(ctx, tutor.id, 'CS 121') } };
}

const uses = (ctx: TestContext, customerId: number) => ctx.database.db.selectFrom('credit_entries').select(['kind', 'hours', 'meeting_id', 'payment_id']).where('customer_id', '=', customerId).where('kind', 'in', ['use', 'return']).orderBy('id').execute();

describeApi('booking a one-time session with hours of a package', (ctx) => {
  it('books at once with pay_with=credits: paid, no card step, an hour used from the package, the confirmation sent', async () => {
    const student = await newCustomer(ctx());
    await buyHours(ctx(), student.client);
    const meeting = await freeMeeting(ctx());
    const booked = await post(student.client, '/api/payments', { ...bookingOf(meeting), pay_with: 'credits' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.data).toEqual({ paid_with: 'credits', payment_id: expect.any(Number), credits_left: 9 });
    expect(await creditsOf(student.client)).toBe(9);
    const payments = (await call(student.client, '/api/customers/myself/payments')).body.data;
    expect(payments).toEqual([expect.objectContaining({ id: booked.body.data.payment_id, payment_status: 'succeeded', minutes_paid: 60 })]);
    const ledger = await ledgerOf(student.client);
    expect(ledger.entries[0]).toMatchObject({ kind: 'use', hours: -1, meeting_id: meeting.id, capacity: 1 });
    expect(ledger.lots[0]).toMatchObject({ hours_left: 9 });
    // The seat is confirmed (not held), and the gradebook of the course is there.
    const seat = await ctx().database.db.selectFrom('reservations').select(['status', 'expires_at']).where('meeting_id', '=', meeting.id).where('customer_id', '=', student.id).executeTakeFirstOrThrow();
    expect(seat).toEqual({ status: 'confirmed', expires_at: null });
    expect((await call(student.client, '/api/customers/myself/gradebooks')).body.data).toHaveLength(1);
    // The booking is told (the confirmation with its invite); no receipt for a charge of nothing.
    await ctx().notifier.settle();
    const email = (await call(student.client, '/api/customers/myself')).body.data.email;
    const sent = await ctx().database.db.selectFrom('outbox').select('subject').where('to', '=', email).execute();
    expect(sent.map((m) => m.subject)).toContain('You\'re booked: CS 121 with Jordan Alvarez');
    expect(sent.some((m) => m.subject.startsWith('Receipt: $0'))).toBe(false);
    // The same meeting again: booked already.
    expect((await post(student.client, '/api/payments', { ...bookingOf(meeting), pay_with: 'credits' })).body.error.type).toBe('AlreadyBooked');
  });

  it('refuses NoCredits, with its sentence, without hours of the session’s size, and takes nothing', async () => {
    const student = await newCustomer(ctx());
    const meeting = await freeMeeting(ctx());
    const none = await post(student.client, '/api/payments', { ...bookingOf(meeting), pay_with: 'credits' });
    expect([none.status, none.body.error?.type]).toEqual([409, 'NoCredits']);
    // Group-of-two hours do not book a one-on-one session.
    await buyHours(ctx(), student.client, 2);
    const wrongSize = await post(student.client, '/api/payments', { ...bookingOf(meeting), pay_with: 'credits' });
    expect(wrongSize.body.error?.type).toBe('NoCredits');
    expect(await creditsOf(student.client)).toBe(10);
    const seat = await ctx().database.db.selectFrom('reservations').select('id').where('meeting_id', '=', meeting.id).where('customer_id', '=', student.id).execute();
    expect(seat).toEqual([]);
    // The card is still the way to pay it (the one kept from buying the hours: charged at once).
    const byCard = await post(student.client, '/api/payments', bookingOf(meeting));
    expect(byCard.body.data).toMatchObject({ client_secret: expect.any(String), payment_id: expect.any(Number) });
    expect(byCard.body.data.paid_with).toBeUndefined();
  });

  it('gives the hour back, once, when the student skips 12 hours or more ahead', async () => {
    const student = await newCustomer(ctx());
    await buyHours(ctx(), student.client);
    const booked = (await post(student.client, '/api/payments', { ...bookingOf(await freeMeeting(ctx())), pay_with: 'credits' })).body.data;
    expect(await creditsOf(student.client)).toBe(9);
    const skipped = await call(student.client, `/api/payments/${booked.payment_id}/skip`, { method: 'POST' });
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    expect(await creditsOf(student.client)).toBe(10);
    expect((await call(student.client, `/api/payments/${booked.payment_id}/skip`, { method: 'POST' })).body.error.type).toBe('PaymentNotFound');
    expect((await uses(ctx(), student.id)).map((e) => [e.kind, e.hours])).toEqual([
      ['use', -1],
      ['return', 1],
    ]);
    expect((await ledgerOf(student.client)).entries[0]).toMatchObject({ kind: 'return', hours: 1 });
  });

  it('gives the hour back when staff cancel the session', async () => {
    const student = await newCustomer(ctx());
    await buyHours(ctx(), student.client);
    const meeting = await freeMeeting(ctx());
    await post(student.client, '/api/payments', { ...bookingOf(meeting), pay_with: 'credits' });
    expect(await creditsOf(student.client)).toBe(9);
    const lead = await maya(ctx());
    const canceled = await call(lead.client, `/api/meetings/${meeting.id}/cancel`, { method: 'POST' });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(await creditsOf(student.client)).toBe(10);
    expect((await uses(ctx(), student.id)).map((e) => e.kind)).toEqual(['use', 'return']);
  });

  it('of 10 bookings at once from 10 devices with one hour left, exactly one gets it; the others are refused NoCredits and hold no seat', { timeout: 60_000 }, async () => {
    const student = await newCustomer(ctx());
    await buyHours(ctx(), student.client);
    // Nine hours used by bookings, one left.
    for (let i = 0; i < 9; i++) {
      const answer = await post(student.client, '/api/payments', { ...bookingOf(await freeMeeting(ctx())), pay_with: 'credits' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    expect(await creditsOf(student.client)).toBe(1);
    const meetings = [];
    for (let i = 0; i < 10; i++) meetings.push(await freeMeeting(ctx()));
    // From ten devices (ten addresses, so nothing per address keeps them apart): the ledger alone must.
    const answers = await Promise.all(
      meetings.map((meeting, i) => call(student.client, '/api/payments', { method: 'POST', body: form({ ...bookingOf(meeting), pay_with: 'credits' }), headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } })),
    );
    const outcomes = answers.map((a) => (a.status === 201 ? 'booked' : a.body.error?.type));
    expect(outcomes.filter((o) => o === 'booked'), JSON.stringify(outcomes)).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'NoCredits'), JSON.stringify(outcomes)).toHaveLength(9);
    expect(await creditsOf(student.client)).toBe(0);
    expect((await uses(ctx(), student.id)).filter((e) => e.kind === 'use')).toHaveLength(10);
    const seats = await ctx().database.db.selectFrom('reservations').select('meeting_id').where('customer_id', '=', student.id).where('meeting_id', 'in', meetings.map((m) => m.id)).execute();
    expect(seats).toHaveLength(1);
  });

  /** A session of Jordan's booked with an hour by a new customer with 10 hours, the clock 10 minutes past its booked hour. */
  async function hourBookedSession() {
    const student = await newCustomer(ctx());
    await buyHours(ctx(), student.client);
    const tutor = await jordan(ctx());
    const start = await freeHour(ctx(), tutor.id);
    const created = await post(tutor.client, '/api/meetings', { occurrence_epoch: start, tutor: 'myself' });
    const meeting = { id: created.body.data.id as number, offering: { id: await offeringOf(ctx(), tutor.id, 'CS 121') } };
    expect((await post(student.client, '/api/payments', { ...bookingOf(meeting), pay_with: 'credits' })).status).toBe(201);
    await jumpClock(ctx(), new Date((start + 3600 + 600) * 1000));
    const overtime = () =>
      ctx().database.db.selectFrom('payments').select(['id', 'amount_cents', 'minutes_paid', 'provider', 'payment_status']).where('meeting_id', '=', meeting.id).where('is_incremental', '=', true).orderBy('id').execute();
    const preview = async (minutes: number) => (await call(tutor.client, `/api/meetings/${meeting.id}/overtime?duration_mins=${minutes}`)).body.data.charges;
    return { student, tutor, meeting, overtime, preview };
  }

  it('bills overtime on a session booked with an hour in whole hours, taken from the customer’s hours, after the same preview', async () => {
    const { student, tutor, meeting, overtime, preview } = await hourBookedSession();
    // Whole hours, to the nearest: 80 minutes bills nothing, 90 bills one hour.
    expect(await preview(80)).toEqual([]);
    expect(await preview(90)).toEqual([expect.objectContaining({ minutes: 60, hours: 1, amount_cents: 0 })]);
    expect((await post(tutor.client, `/api/meetings/${meeting.id}/duration_mins`, { duration_mins: 90 })).status).toBe(200);
    expect(await overtime()).toEqual([expect.objectContaining({ amount_cents: 0, minutes_paid: 60, provider: 'credits', payment_status: 'succeeded' })]);
    expect(await creditsOf(student.client)).toBe(8);
    // Entered again: nothing more. Raised to 150 minutes: one more hour.
    expect((await post(tutor.client, `/api/meetings/${meeting.id}/duration_mins`, { duration_mins: 100 })).status).toBe(200);
    expect(await creditsOf(student.client)).toBe(8);
    expect((await post(tutor.client, `/api/meetings/${meeting.id}/duration_mins`, { duration_mins: 150 })).status).toBe(200);
    expect((await overtime()).map((p) => [p.minutes_paid, p.amount_cents])).toEqual([
      [60, 0],
      [60, 0],
    ]);
    expect(await creditsOf(student.client)).toBe(7);
    const entries = (await ledgerOf(student.client)).entries.filter((e: { kind: string }) => e.kind === 'use');
    expect(entries.map((e: { meeting_id: number }) => e.meeting_id)).toEqual([meeting.id, meeting.id, meeting.id]);

    // A supervisor refunds one of those hours (a disputed overtime): it goes back to the package, once.
    const lead = await maya(ctx());
    const [first] = await overtime();
    const refunded = await post(lead.client, `/api/payments/${first!.id}/refund`, { reason: 'The student left at 90 minutes' });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(await creditsOf(student.client)).toBe(8);
    expect((await post(lead.client, `/api/payments/${first!.id}/refund`, { reason: 'again' })).body.error.type).toBe('NotRefundable');
    // Still counted as billed: the same time entered again takes nothing.
    expect((await post(tutor.client, `/api/meetings/${meeting.id}/duration_mins`, { duration_mins: 150 })).status).toBe(200);
    expect(await creditsOf(student.client)).toBe(8);
  });

  it('charges the card for overtime in whole hours once the hours of its size run out, at the package’s price per hour, never for free', async () => {
    const { student, tutor, meeting, overtime, preview } = await hourBookedSession();
    // The 9 hours left go elsewhere.
    const lot = await ctx().database.db.selectFrom('credit_lots').select('id').where('customer_id', '=', student.id).executeTakeFirstOrThrow();
    await ctx().database.db.insertInto('credit_entries').values({ customer_id: student.id, lot_id: lot.id, kind: 'adjustment', hours: -9, reason: 'spent elsewhere', created_at: now() }).execute();
    // $500 for 10 hours: $50 an hour, and one whole hour of it.
    expect(await preview(90)).toEqual([expect.objectContaining({ minutes: 60, hours: 0, amount_cents: 5000, card_last_four: '4242' })]);
    expect((await post(tutor.client, `/api/meetings/${meeting.id}/duration_mins`, { duration_mins: 90 })).status).toBe(200);
    expect(await overtime()).toEqual([expect.objectContaining({ amount_cents: 5000, minutes_paid: 60, provider: 'offline', payment_status: 'succeeded' })]);
  });

  it('lets nobody spend another customer’s hours: the ledger is the signed-in customer’s own', async () => {
    const owner = await newCustomer(ctx());
    await buyHours(ctx(), owner.client);
    const other = await newCustomer(ctx());
    const meeting = await freeMeeting(ctx());
    expect((await post(other.client, '/api/payments', { ...bookingOf(meeting), pay_with: 'credits' })).body.error.type).toBe('NoCredits');
    expect((await post(ctx().client(), '/api/payments', { ...bookingOf(meeting), pay_with: 'credits' })).status).toBe(401);
    expect(await creditsOf(owner.client)).toBe(10);
  });
});
