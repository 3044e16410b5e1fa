import { afterEach, beforeEach, expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { confirmOffline, newCustomer, post } from './booking-helpers.ts';
import { call, describeApi } from './harness.ts';
import { bookedMeeting, DAY, freeHour, freeWeeklyHour, HOUR, jordan, jumpClock, maya, offeringOf, pinClock, priya, tutorMeeting } from './tutor-helpers.ts';

beforeEach(() => pinClock());
afterEach(() => pinClock());

const nowSeconds = () => Math.floor(nowMs() / 1000);

/**
 * What a dishonest tutor could do with their meeting edits, each refused by the server (and what a
 * supervisor may still do, recorded): pulling a booked session to now and billing overtime on it,
 * draining a weekly subscription that way, late or endless overtime, canceling or moving a session
 * that was delivered so that it is refunded.
 */
describeApi('staff changes that move money or time', (ctx) => {
  const overtimeOf = async (meetingId: number) =>
    ctx().database.db.selectFrom('payments').select(['id', 'minutes_paid', 'amount_cents', 'payment_status', 'entered_by', 'refunded_at', 'refund_pending']).where('meeting_id', '=', meetingId).where('is_incremental', '=', true).orderBy('id').execute();
  const move = (client: Parameters<typeof post>[0], meetingId: number, epoch: number) => post(client, `/api/meetings/${meetingId}/occurrence_epoch`, { occurrence_epoch: epoch });
  const duration = (client: Parameters<typeof post>[0], meetingId: number, minutes: number) => post(client, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: minutes });
  const startOf = async (meetingId: number) => new Date((await ctx().database.db.selectFrom('meetings').select('occurrence').where('id', '=', meetingId).executeTakeFirstOrThrow()).occurrence).getTime() / 1000;

  it('refuses pulling a booked session to now and billing overtime on it; the customer keeps the skip window', async () => {
    const tutor = await jordan(ctx());
    const start = await freeHour(ctx(), tutor, { from: nowSeconds() + 8 * DAY });
    const { meetingId, customer, paymentId } = await bookedMeeting(ctx(), tutor, start);

    for (const target of [nowSeconds() + 3, nowSeconds() + 11 * HOUR]) {
      const early = await move(tutor.client, meetingId, target);
      expect(early.status).toBe(409);
      expect(early.body.error.type).toBe('MoveTooSoon');
    }
    expect(await startOf(meetingId)).toBe(start);
    // Overtime before the session has started, or on a session that has not ended, charges nothing.
    expect((await duration(tutor.client, meetingId, 600)).body.error.type).toBe('MeetingNotStarted');
    await jumpClock(ctx(), new Date((start + 3) * 1000));
    expect((await duration(tutor.client, meetingId, 90)).body.error.type).toBe('MeetingNotEnded');
    expect((await duration(tutor.client, meetingId, 600)).body.error.type).toBe('DurationTooLong');
    expect(await overtimeOf(meetingId)).toEqual([]);
    // Once started, the session no longer moves, so it cannot be pushed out of the way either.
    expect((await move(tutor.client, meetingId, start - DAY)).body.error.type).toBe('MeetingStarted');
    expect((await move(tutor.client, meetingId, start + 30 * DAY)).body.error.type).toBe('MeetingStarted');
    // The customer's booking stands untouched.
    const payments = (await call(customer.client, '/api/customers/myself/payments')).body.data as { id: number; payment_status: string }[];
    expect(payments.find((p) => p.id === paymentId)?.payment_status).toBe('succeeded');
  });

  it('moves a booked session earlier only to 12 hours from now or more, later to an hour or more; unbooked hours freely', async () => {
    const tutor = await jordan(ctx());
    // Three free hours 13 hours or more from now, and a booked session a day or more after them.
    const target = await freeHour(ctx(), tutor, { from: nowSeconds() + 13 * HOUR, minutes: 3 * 60 });
    const { meetingId } = await bookedMeeting(ctx(), tutor, await freeHour(ctx(), tutor, { from: target + DAY }));
    expect((await move(tutor.client, meetingId, target)).status).toBe(200);
    // Earlier again, to inside 12 hours: refused; later, by two hours: fine.
    expect((await move(tutor.client, meetingId, nowSeconds() + 11 * HOUR)).body.error.type).toBe('MoveTooSoon');
    expect((await move(tutor.client, meetingId, target + 2 * HOUR)).status).toBe(200);
    // An unbooked hour moves to any time in the future, even within the hour.
    const free = await post(tutor.client, '/api/meetings', { occurrence_epoch: await freeHour(ctx(), tutor, { from: target + 2 * DAY }), tutor: 'myself' });
    const soon = await freeHour(ctx(), tutor, { from: nowSeconds() + 60, until: nowSeconds() + 11 * HOUR });
    expect((await move(tutor.client, free.body.data.id, soon)).status).toBe(200);
  });

  it('cannot drain a weekly subscription: a future week is not pulled to now, a started one not moved away', async () => {
    const tutor = await jordan(ctx());
    const slot = await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: await freeWeeklyHour(ctx(), tutor), tutor: 'myself' });
    const weeks = await ctx().database.db.selectFrom('meetings').select(['id', 'occurrence']).where('slot_id', '=', slot.body.data.id).orderBy('occurrence').execute();
    const buyer = await newCustomer(ctx());
    const intent = await post(buyer.client, '/api/subscriptions', { meeting: weeks[0]!.id, slot: slot.body.data.id, offering: await offeringOf(ctx(), tutor.id, 'CS 121'), capacity: 1, course_style: 'online' });
    expect((await confirmOffline(buyer.client, intent.body.data.client_secret, '4242424242424242')).body.data.status).toBe('succeeded');

    // Every later week, pulled to a few seconds from now: refused, and nothing is charged.
    for (const week of weeks.slice(1, 4)) {
      expect((await move(tutor.client, week.id, nowSeconds() + 3)).body.error.type).toBe('MoveTooSoon');
    }
    // The first week, once it has started: no overtime inside it, no move into the past or future.
    const first = new Date(weeks[0]!.occurrence).getTime() / 1000;
    await jumpClock(ctx(), new Date((first + 10) * 1000));
    expect((await duration(tutor.client, weeks[0]!.id, 180)).body.error.type).toBe('MeetingNotEnded');
    expect((await move(tutor.client, weeks[0]!.id, first - 2 * HOUR)).body.error.type).toBe('MeetingStarted');
    const charged = await ctx().database.db.selectFrom('payments').select('id').where('customer_id', '=', buyer.id).where('is_incremental', '=', true).execute();
    expect(charged).toEqual([]);
  });

  it('takes overtime from the booked hour\'s end until 48 hours after it, at most 180 minutes, billing 2 extra hours at most', async () => {
    const tutor = await jordan(ctx());
    // Free for the 180 minutes it will last.
    const start = await freeHour(ctx(), tutor, { minutes: 180 });
    const { meetingId } = await bookedMeeting(ctx(), tutor, start);
    await jumpClock(ctx(), new Date((start + HOUR + 47 * HOUR) * 1000));
    expect((await duration(tutor.client, meetingId, 181)).body.error.type).toBe('DurationTooLong');
    expect((await duration(tutor.client, meetingId, 180)).status).toBe(200);
    // The one-time one-on-one price is 5500 cents an hour: 2 extra hours.
    expect((await overtimeOf(meetingId)).map((p) => [p.minutes_paid, p.amount_cents, p.payment_status, p.entered_by])).toEqual([[120, 11000, 'succeeded', tutor.id]]);
  });

  it('refuses overtime entered more than 48 hours after the booked hour, however small', async () => {
    const tutor = await jordan(ctx());
    const start = await freeHour(ctx(), tutor, { minutes: 120 });
    const { meetingId } = await bookedMeeting(ctx(), tutor, start);
    await jumpClock(ctx(), new Date((start + HOUR + 49 * HOUR) * 1000));
    for (const minutes of [120, 76, 45]) {
      const refused = await duration(tutor.client, meetingId, minutes);
      expect(refused.status).toBe(409);
      expect(refused.body.error.type).toBe('DurationClosed');
    }
    expect(await overtimeOf(meetingId)).toEqual([]);
  });

  it('shows what a duration would charge, by name and card, before anything is charged', async () => {
    const tutor = await jordan(ctx());
    const start = await freeHour(ctx(), tutor, { minutes: 120 });
    const { meetingId, customer } = await bookedMeeting(ctx(), tutor, start);
    const names = await ctx().database.db.selectFrom('customers').select(['firstname', 'lastname']).where('id', '=', customer.id).executeTakeFirstOrThrow();
    expect((await call(tutor.client, `/api/meetings/${meetingId}/overtime?duration_mins=90`)).body.error.type).toBe('MeetingNotStarted');
    await jumpClock(ctx(), new Date((start + 95 * 60) * 1000));
    const preview = await call(tutor.client, `/api/meetings/${meetingId}/overtime?duration_mins=90`);
    expect(preview.body.data).toEqual({
      duration_mins: 90,
      charges: [{ customer: { id: customer.id, ...names }, minutes: 30, hours: 0, amount_cents: 2750, card_last_four: '4242' }],
    });
    expect((await call(tutor.client, `/api/meetings/${meetingId}/overtime?duration_mins=75`)).body.data.charges).toEqual([]);
    expect(await overtimeOf(meetingId)).toEqual([]);
    // Another tutor may not look.
    const other = await priya(ctx());
    expect((await call(other.client, `/api/meetings/${meetingId}/overtime?duration_mins=90`)).status).toBe(403);
  });

  it('refuses a tutor\'s cancel once the session has started; a supervisor cancels and refunds it with a reason, kept', async () => {
    const tutor = await jordan(ctx());
    const supervisor = await maya(ctx());
    const start = await freeHour(ctx(), tutor, { minutes: 120 });
    const { meetingId, paymentId } = await bookedMeeting(ctx(), tutor, start);
    await jumpClock(ctx(), new Date((start + HOUR + 30 * 60) * 1000));
    expect((await duration(tutor.client, meetingId, 90)).status).toBe(200);
    await jumpClock(ctx(), new Date((start + 13 * DAY) * 1000));

    const refused = await call(tutor.client, `/api/meetings/${meetingId}/cancel`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.type).toBe('MeetingStarted');
    expect((await tutorMeeting(tutor.client, meetingId))?.meeting.id).toBe(meetingId);
    expect((await call(supervisor.client, `/api/meetings/${meetingId}/cancel`, { method: 'POST' })).body.error.type).toBe('ReasonRequired');

    const reason = 'Customer reported the tutor never joined';
    expect((await post(supervisor.client, `/api/meetings/${meetingId}/cancel`, { reason })).status).toBe(200);
    const db = ctx().database.db;
    expect(await db.selectFrom('meetings').select(['canceled', 'canceled_by', 'cancel_reason']).where('id', '=', meetingId).executeTakeFirstOrThrow()).toEqual({ canceled: true, canceled_by: supervisor.id, cancel_reason: reason });
    const refunded = await db.selectFrom('payments').select(['id', 'payment_status', 'refunded_at']).where('meeting_id', '=', meetingId).orderBy('id').execute();
    expect(refunded.map((p) => p.id)).toContain(paymentId);
    expect(refunded.every((p) => p.payment_status === 'canceled' && p.refunded_at !== null)).toBe(true);
  });

  it('keeps a delivered session from being moved and skipped for a refund; a moved session is skipped by its new time', async () => {
    const tutor = await jordan(ctx());
    // A free hour 13 hours or more away, a booked session a day after it moved there, and another
    // session, later, that will be delivered.
    const target = await freeHour(ctx(), tutor, { from: nowSeconds() + 13 * HOUR });
    const moved = await bookedMeeting(ctx(), tutor, await freeHour(ctx(), tutor, { from: target + DAY }));
    const start = await freeHour(ctx(), tutor, { from: target + 2 * DAY });
    const delivered = await bookedMeeting(ctx(), tutor, start);
    // Moved earlier, then time passes until it is 10 hours away: inside the 12 hours, it cannot be skipped.
    expect((await move(tutor.client, moved.meetingId, target)).status).toBe(200);
    await jumpClock(ctx(), new Date((target - 10 * HOUR) * 1000));
    expect((await call(moved.customer.client, `/api/payments/${moved.paymentId}/skip`, { method: 'POST' })).body.error.type).toBe('TooLate');

    await jumpClock(ctx(), new Date((start + 2 * HOUR) * 1000));
    expect((await move(tutor.client, delivered.meetingId, start + 30 * DAY)).body.error.type).toBe('MeetingStarted');
    const skip = await call(delivered.customer.client, `/api/payments/${delivered.paymentId}/skip`, { method: 'POST' });
    expect(skip.body.error.type).toBe('TooLate');
    const row = await ctx().database.db.selectFrom('payments').select(['payment_status', 'refunded_at']).where('id', '=', delivered.paymentId).executeTakeFirstOrThrow();
    expect(row).toEqual({ payment_status: 'succeeded', refunded_at: null });
  });

  it('lets a supervisor refund an overtime charge, once, with a reason; the receipt names who entered it; entering it again charges nothing', async () => {
    const tutor = await jordan(ctx());
    const supervisor = await maya(ctx());
    const start = await freeHour(ctx(), tutor, { minutes: 120 });
    const { meetingId, customer } = await bookedMeeting(ctx(), tutor, start);
    await jumpClock(ctx(), new Date((start + 100 * 60) * 1000));
    expect((await duration(tutor.client, meetingId, 90)).status).toBe(200);
    const [charge] = await overtimeOf(meetingId);
    expect(charge).toMatchObject({ minutes_paid: 30, amount_cents: 2750, payment_status: 'succeeded' });

    await ctx().notifier.settle();
    const db = ctx().database.db;
    const email = (await db.selectFrom('customers').select('email').where('id', '=', customer.id).executeTakeFirstOrThrow()).email;
    const receipt = await db.selectFrom('outbox').select('text').where('to', '=', email).where('subject', 'like', 'Receipt: $27.50%').executeTakeFirstOrThrow();
    expect(receipt.text).toContain('entered by Jordan');
    expect(receipt.text).toMatch(/To dispute it .* call or text \(206\) 555-0142/);

    expect((await post(tutor.client, `/api/payments/${charge!.id}/refund`, { reason: 'x' })).status).toBe(403);
    expect((await post(supervisor.client, `/api/payments/${charge!.id}/refund`, { reason: '' })).body.error.type).toBe('BadInput');
    const bookingId = (await db.selectFrom('payments').select('id').where('meeting_id', '=', meetingId).where('is_incremental', '=', false).executeTakeFirstOrThrow()).id;
    expect((await post(supervisor.client, `/api/payments/${bookingId}/refund`, { reason: 'not overtime' })).body.error.type).toBe('NotRefundable');

    expect((await post(supervisor.client, `/api/payments/${charge!.id}/refund`, { reason: 'The session ended on time' })).status).toBe(200);
    expect((await post(supervisor.client, `/api/payments/${charge!.id}/refund`, { reason: 'twice' })).body.error.type).toBe('NotRefundable');
    const after = await db.selectFrom('payments').select(['payment_status', 'refund_pending', 'refunded_by', 'refund_reason', 'refunded_at']).where('id', '=', charge!.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ payment_status: 'canceled', refund_pending: false, refunded_by: supervisor.id, refund_reason: 'The session ended on time' });
    expect(after.refunded_at).not.toBeNull();
    await ctx().notifier.settle();
    expect(await db.selectFrom('outbox').select('id').where('to', '=', email).where('subject', 'like', 'Refund: $27.50%').execute()).toHaveLength(1);

    // The same duration entered again does not bill the refunded minutes again.
    expect((await duration(tutor.client, meetingId, 75)).status).toBe(200);
    expect((await duration(tutor.client, meetingId, 90)).status).toBe(200);
    expect(await overtimeOf(meetingId)).toHaveLength(1);
  });
});

