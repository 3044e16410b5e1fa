import { afterEach, beforeEach, expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { billingReport, billingSpan } from '../../server/domain/reports/billing-report.ts';
import type { PaymentStatus } from '../../server/domain/billing/payment-lifecycle.ts';
import { site } from '../../src/config/site.ts';
import type { Report } from '../../src/contract/entities.ts';
import { mondayOf } from '../../src/lib/calendar-weeks.ts';
import { addDays, dayInZone } from '../../src/lib/site-days.ts';
import { confirmOffline, newCustomer, post } from './booking-helpers.ts';
import { call, describeApi, type TestClient, type TestContext } from './harness.ts';
import { bookedMeeting, freeHourOn, maya, newTutor, offeringOf, pinClock, staffClient } from './tutor-helpers.ts';

/**
 * Reports (issue 25): a period's money a week at a time (the billing report's payments and sums,
 * so the totals reconcile with it), offered and booked hours, sessions by course, and new and
 * returning customers; for supervisors only.
 */

beforeEach(() => pinClock());
afterEach(() => pinClock());

const today = () => dayInZone(nowMs(), site.timeZone);
const report = async (client: TestClient, from: string, to: string): Promise<Report> => {
  const answer = await call(client, `/api/reports?from=${from}&to=${to}`);
  if (answer.status !== 200) throw new Error(`report: ${JSON.stringify(answer.body)}`);
  return answer.body.data as Report;
};

/** The report's money as the billing report names it. */
const money = (totals: Report['totals']) => ({
  chargedCents: totals.charged_cents,
  refundedCents: totals.refunded_cents,
  refundPendingCents: totals.refund_pending_cents,
  scheduledCents: totals.scheduled_cents,
  failedCents: totals.failed_cents,
});

/** The report's totals, and its weeks added up, are the billing report's for the same days in the site's zone. */
async function expectReconciled(ctx: TestContext, shown: Report) {
  const { from, to } = billingSpan(shown.first_day, shown.last_day, site.timeZone);
  const billing = await billingReport(ctx.database.db, from, to);
  expect(money(shown.totals)).toEqual(billing.totals);
  const added = (key: keyof Report['totals']) => shown.weeks.reduce((sum, week) => sum + week[key], 0);
  for (const key of Object.keys(shown.totals) as (keyof Report['totals'])[]) expect(added(key), key).toBe(shown.totals[key]);
}

/** The customer books the tutor's open hour at `start` (CS 121, one-on-one) and pays by card. */
async function book(ctx: TestContext, customer: { client: TestClient }, tutor: { client: TestClient; id: number }, start: number) {
  const created = await post(tutor.client, '/api/meetings', { occurrence_epoch: start, tutor: 'myself' });
  expect(created.status).toBe(201);
  const meetingId = created.body.data.id as number;
  const intent = await post(customer.client, '/api/payments', { meeting: meetingId, offering: await offeringOf(ctx, tutor.id, 'CS 121'), capacity: 1, course_style: 'online' });
  expect(intent.status).toBe(201);
  expect((await confirmOffline(customer.client, intent.body.data.client_secret, '4242424242424242')).body.data.status).toBe('succeeded');
  await ctx.notifier.settle();
  return { meetingId, paymentId: intent.body.data.payment_id as number };
}

describeApi('reports', (ctx) => {
  it('counts what bookings, a refund and an open hour add to a week, and reconciles with the billing report', async () => {
    const lead = await maya(ctx());
    const tutor = await newTutor(ctx());
    // A Monday-to-Sunday week three weeks ahead, and a day of the week before it.
    const first = mondayOf(addDays(today(), 21));
    const last = addDays(first, 6);
    const before = await report(lead.client, first, last);
    expect(before.weeks.map((w) => [w.first_day, w.last_day])).toEqual([[first, last]]);

    // A customer who paid for a session before the week comes back in it.
    const returning = await newCustomer(ctx());
    await book(ctx(), returning, tutor, await freeHourOn(ctx(), tutor.id, addDays(first, -3)));
    const again = await book(ctx(), returning, tutor, await freeHourOn(ctx(), tutor.id, addDays(first, 1)));
    const a = await bookedMeeting(ctx(), tutor, await freeHourOn(ctx(), tutor.id, addDays(first, 2)));
    const b = await bookedMeeting(ctx(), tutor, await freeHourOn(ctx(), tutor.id, addDays(first, 3)));
    // Canceled by its tutor: refunded, no longer offered or booked, and its customer paid nothing.
    const canceled = await bookedMeeting(ctx(), tutor, await freeHourOn(ctx(), tutor.id, addDays(first, 4)));
    expect((await call(tutor.client, `/api/meetings/${canceled.meetingId}/cancel`, { method: 'POST' })).status).toBe(200);
    // An hour nobody booked: offered only.
    expect((await post(tutor.client, '/api/meetings', { occurrence_epoch: await freeHourOn(ctx(), tutor.id, addDays(first, 5)), tutor: 'myself' })).status).toBe(201);

    const { db } = ctx().database;
    const amount = async (paymentId: number) => (await db.selectFrom('payments').select('amount_cents').where('id', '=', paymentId).executeTakeFirstOrThrow()).amount_cents;
    const paid = (await amount(again.paymentId)) + (await amount(a.paymentId)) + (await amount(b.paymentId));
    const refunded = await amount(canceled.paymentId);

    const after = await report(lead.client, first, last);
    const grew = (key: keyof Report['totals']) => after.totals[key] - before.totals[key];
    expect(grew('charged_cents')).toBe(paid);
    expect(grew('refunded_cents')).toBe(refunded);
    expect(grew('scheduled_cents')).toBe(0);
    expect(grew('failed_cents')).toBe(0);
    expect(grew('offered_minutes')).toBe(4 * 60);
    expect(grew('booked_minutes')).toBe(3 * 60);
    const sessions = (r: Report, number: string) => r.courses.find((c) => c.course_number === number)?.sessions ?? 0;
    expect(sessions(after, 'CS 121') - sessions(before, 'CS 121')).toBe(3);
    expect(after.courses.find((c) => c.course_number === 'CS 121')).toMatchObject({ course_name: 'Intro to Programming I' });
    expect(after.customers.new - before.customers.new).toBe(2);
    expect(after.customers.returning - before.customers.returning).toBe(1);
    await expectReconciled(ctx(), after);
  });

  it('buckets weeks Monday to Sunday in the site\'s zone across a daylight-saving change, cut to the period, with exact figures', async () => {
    const { db } = ctx().database;
    const lead = await maya(ctx());
    const tutor = await newTutor(ctx());
    const offering = await offeringOf(ctx(), tutor.id, 'CS 121');
    // Los Angeles moves to daylight time on Sunday 9 March 2031; nothing else is booked that year.
    const meetingAt = async (iso: string, extra: { canceled?: boolean } = {}) =>
      (await db.insertInto('meetings').values({ tutor_id: tutor.id, occurrence: new Date(iso), offering_id: offering, capacity: 1, ...extra }).returning('id').executeTakeFirstOrThrow()).id;
    const sundayBeforeStandard = await meetingAt('2031-03-02T23:30:00-08:00'); // Sunday evening: the period's first week.
    const sundayDaylight = await meetingAt('2031-03-09T23:30:00-07:00'); // Sunday evening after the change: still that week.
    const mondayDaylight = await meetingAt('2031-03-10T00:30:00-07:00'); // Monday just after midnight: the next week.
    await meetingAt('2031-03-11T18:00:00-07:00'); // An open hour.
    await meetingAt('2031-03-12T18:00:00-07:00', { canceled: true }); // Taken back: not offered.
    const earlier = await meetingAt('2031-02-20T18:00:00-08:00'); // Before the period.

    const regular = await newCustomer(ctx());
    const first = await newCustomer(ctx());
    const pay = (customerId: number, meetingId: number, cents: number, status: PaymentStatus = 'succeeded', extra: { refunded_at?: Date } = {}) => ({
      customer_id: customerId,
      meeting_id: meetingId,
      minutes_paid: 60,
      amount_cents: cents,
      payment_status: status,
      provider: 'offline',
      provider_intent_id: `pi_reports_${meetingId}_${cents}`,
      ...extra,
    });
    await db
      .insertInto('payments')
      .values([
        pay(regular.id, earlier, 4500),
        pay(regular.id, sundayBeforeStandard, 4500),
        pay(first.id, sundayDaylight, 5500),
        pay(first.id, mondayDaylight, 5500, 'canceled', { refunded_at: new Date('2031-03-05T12:00:00Z') }),
      ])
      .execute();

    const shown = await report(lead.client, '2031-03-01', '2031-03-16');
    expect(shown.weeks).toEqual([
      { first_day: '2031-03-01', last_day: '2031-03-02', charged_cents: 4500, refunded_cents: 0, refund_pending_cents: 0, scheduled_cents: 0, failed_cents: 0, offered_minutes: 60, booked_minutes: 60 },
      { first_day: '2031-03-03', last_day: '2031-03-09', charged_cents: 5500, refunded_cents: 0, refund_pending_cents: 0, scheduled_cents: 0, failed_cents: 0, offered_minutes: 60, booked_minutes: 60 },
      // The refunded Monday is still offered (its meeting stands) but nobody holds it.
      { first_day: '2031-03-10', last_day: '2031-03-16', charged_cents: 0, refunded_cents: 5500, refund_pending_cents: 0, scheduled_cents: 0, failed_cents: 0, offered_minutes: 120, booked_minutes: 0 },
    ]);
    expect(shown.totals).toMatchObject({ charged_cents: 10000, refunded_cents: 5500, offered_minutes: 240, booked_minutes: 120 });
    expect(shown.courses).toEqual([{ course_id: expect.anything(), course_number: 'CS 121', course_name: 'Intro to Programming I', sessions: 2, minutes: 120 }]);
    // The regular paid in February too; the other's first paid meeting is in the period.
    expect(shown.customers).toEqual({ new: 1, returning: 1 });
    expect(shown).toMatchObject({ first_day: '2031-03-01', last_day: '2031-03-16', time_zone: site.timeZone });
    await expectReconciled(ctx(), shown);

    // The same days read in UTC weeks would move both Sunday evenings to Monday: the zone matters.
    const oneDay = await report(lead.client, '2031-03-09', '2031-03-09');
    expect(oneDay.weeks).toEqual([expect.objectContaining({ first_day: '2031-03-09', last_day: '2031-03-09', charged_cents: 5500, booked_minutes: 60 })]);
    const nothing = await report(lead.client, '2031-04-01', '2031-04-30');
    expect(nothing.weeks).toHaveLength(5);
    expect(nothing.totals).toEqual({ charged_cents: 0, refunded_cents: 0, refund_pending_cents: 0, scheduled_cents: 0, failed_cents: 0, offered_minutes: 0, booked_minutes: 0 });
    expect(nothing).toMatchObject({ courses: [], customers: { new: 0, returning: 0 } });
  });

  it('is for supervisors only, for a valid period of at most a year', async () => {
    const lead = await maya(ctx());
    const tutor = await staffClient(ctx(), 'jordan@beacontutoring.com');
    const customer = await newCustomer(ctx());
    const query = '/api/reports?from=2031-01-01&to=2031-01-31';
    expect(await call(tutor.client, query)).toMatchObject({ status: 403, body: { error: { type: 'NotAuthorized' } } });
    expect(await call(customer.client, query)).toMatchObject({ status: 403 });
    expect(await call(ctx().client(), query)).toMatchObject({ status: 401, body: { error: { type: 'NoAuth' } } });

    const refused = async (search: string, field: string) => {
      const answer = await call(lead.client, `/api/reports?${search}`);
      expect(answer.status, search).toBe(400);
      expect(answer.body.error, search).toMatchObject({ type: 'BadInput', fields: { [field]: expect.any(String) } });
    };
    await refused('from=2031-02-01&to=2031-01-31', 'to');
    await refused('from=2031-01-01&to=2032-01-02', 'to');
    await refused('from=2031-02-30&to=2031-03-01', 'from');
    await refused('from=yesterday&to=2031-03-01', 'from');
    await refused('from=2031-01-01', 'to');
    // A leap year's 366 days are one year.
    expect((await call(lead.client, '/api/reports?from=2032-01-01&to=2032-12-31')).status).toBe(200);
  });
});
