import { afterEach, beforeEach, expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { expireCredits } from '../../server/domain/credits/expiry.ts';
import { billingReport, billingSpan } from '../../server/domain/reports/billing-report.ts';
import { site } from '../../src/config/site.ts';
import type { PackageFigures, Report } from '../../src/contract/entities.ts';
import { addDays, dayInZone } from '../../src/lib/site-days.ts';
import { confirmOffline, newCustomer, post } from './booking-helpers.ts';
import { bookingOf, creditsOf, ledgerOf } from './credit-helpers.ts';
import { call, describeApi, type TestClient, type TestContext } from './harness.ts';
import { freeHour, jordan, jumpClock, maya, offeringOf, pinClock } from './tutor-helpers.ts';

/**
 * Issue 35 item 8: Reports and `npm run billing:report` show the hour packages sold, used, expired
 * and refunded in a period, and what is owed at its end, the same figures for the same days.
 */

beforeEach(() => pinClock());
afterEach(() => pinClock());

/** A package a supervisor puts on sale, bought by a new customer with a good card. */
async function buy(ctx: TestContext, terms: { hours: number; bonus_hours?: number; price_cents: number; valid_days: number }) {
  const lead = await maya(ctx);
  const made = await post(lead.client, '/api/packages', { name: `Pack ${Math.random().toString(36).slice(2, 7)}`, capacity: 1, bonus_hours: 0, ...terms });
  if (made.status !== 201) throw new Error(`package not made: ${JSON.stringify(made.body)}`);
  const student = await newCustomer(ctx);
  const started = await post(student.client, '/api/package-purchases', { package: made.body.data.id });
  expect((await confirmOffline(student.client, started.body.data.client_secret, '4242424242424242')).body.data?.status).toBe('succeeded');
  return { ...student, lotId: (await ledgerOf(student.client)).lots[0].id as number };
}

/** Books a new hour of Jordan's with an hour of the customer's; returns the payment. */
async function bookWithAnHour(ctx: TestContext, client: TestClient) {
  const tutor = await jordan(ctx);
  const created = await post(tutor.client, '/api/meetings', { occurrence_epoch: await freeHour(ctx, tutor.id), tutor: 'myself' });
  const booked = await post(client, '/api/payments', { ...bookingOf({ id: created.body.data.id, offering: { id: await offeringOf(ctx, tutor.id, 'CS 121') } }), pay_with: 'credits' });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return booked.body.data.payment_id as number;
}

const minus = (after: PackageFigures, before: PackageFigures): PackageFigures => ({
  sold: { count: after.sold.count - before.sold.count, hours: after.sold.hours - before.sold.hours, cents: after.sold.cents - before.sold.cents },
  used: { hours: after.used.hours - before.used.hours, cents: after.used.cents - before.used.cents },
  expired: { hours: after.expired.hours - before.expired.hours, cents: after.expired.cents - before.expired.cents },
  refunded_cents: after.refunded_cents - before.refunded_cents,
  owed: { hours: after.owed.hours - before.owed.hours, cents: after.owed.cents - before.owed.cents },
});

describeApi('hour packages in Reports and the billing report', (ctx) => {
  it('count sales, hours used (less those given back), expiries and refunds in the period and what is owed at its end, the same in both', async () => {
    const lead = await maya(ctx());
    const firstDay = dayInZone(nowMs(), site.timeZone);
    const lastDay = addDays(firstDay, 6);
    const figures = async () => {
      const shown = await call(lead.client, `/api/reports?from=${firstDay}&to=${lastDay}`);
      expect(shown.status).toBe(200);
      const { from, to } = billingSpan(firstDay, lastDay, site.timeZone);
      const billing = await billingReport(ctx().database.db, from, to);
      expect((shown.body.data as Report).packages).toEqual(billing.packages);
      return billing.packages;
    };
    const before = await figures();

    // 10 hours for $500 ($50 an hour): 3 booked, 1 skipped and given back.
    const keeper = await buy(ctx(), { hours: 10, price_cents: 50000, valid_days: 180 });
    await bookWithAnHour(ctx(), keeper.client);
    await bookWithAnHour(ctx(), keeper.client);
    const skipped = await bookWithAnHour(ctx(), keeper.client);
    expect((await call(keeper.client, `/api/payments/${skipped}/skip`, { method: 'POST' })).status).toBe(200);
    expect(await creditsOf(keeper.client)).toBe(8);
    // 4 paid + 1 bonus hours for $200 ($40 an hour over all 5): refunded whole, 4 paid hours, $200.
    const leaver = await buy(ctx(), { hours: 4, bonus_hours: 1, price_cents: 20000, valid_days: 180 });
    expect((await post(lead.client, `/api/credit-lots/${leaver.lotId}/refund`, { reason: 'Moving away' })).body.data).toMatchObject({ hours: 5, amount_cents: 20000 });
    // 2 hours for $110, valid one day: they expire two days on, inside the period.
    await buy(ctx(), { hours: 2, price_cents: 11000, valid_days: 1 });
    await jumpClock(ctx(), new Date(nowMs() + 2 * 24 * 3600_000));
    expect((await expireCredits(ctx().database.db)).expired).toBeGreaterThanOrEqual(1);

    expect(minus(await figures(), before)).toEqual({
      sold: { count: 3, hours: 17, cents: 81000 },
      used: { hours: 2, cents: 10000 },
      expired: { hours: 2, cents: 11000 },
      refunded_cents: 20000,
      owed: { hours: 8, cents: 40000 },
    });
  });
});
