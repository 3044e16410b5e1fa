import { afterEach, expect, it } from 'vitest';
import { nowMs, setClock } from '../../server/clock.ts';
import { PAST_WEEKS, pastCustomer } from '../../server/demo/past-meetings.ts';
import { demoAccounts, seedDemoData } from '../../server/demo/seed.ts';
import { periodReport } from '../../server/domain/reports/reports.ts';
import { site } from '../../src/config/site.ts';
import { periodDays } from '../../src/features/reports/report-period.ts';
import { addDays, dayInZone } from '../../src/lib/site-days.ts';
import { chargeDueWeeklyPayments } from '../../server/domain/billing/weekly-charges.ts';
import { offlineProvider } from '../../server/payments/offline.ts';
import { call, describeApi, signInAs } from './harness.ts';
import { pinClock } from './suite-clock.ts';
import type { Db } from '../../server/db/db.ts';
import type { EventKind } from '../../server/events/kinds.ts';

afterEach(() => pinClock());

/** The demo data, when several server instances start on one empty database (behind a load balancer). */
describeApi(
  'the demo seed',
  (ctx) => {
    it('seeds once when several instances start on an empty database at the same moment, and none of them fails', async () => {
      const { db } = ctx().database;
      const seeded = await Promise.all([seedDemoData(db), seedDemoData(db), seedDemoData(db)]);
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const courses = await db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const customers = await db.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(courses.n)).toBe(20);
      // Alex, and Jamie of the weeks before the demo.
      expect(Number(customers.n)).toBe(2);
      expect(await seedDemoData(db)).toBe(false);
    });

    it('gives the scheduled weeks of the demo subscription no provider intent, as a booking does (nothing was charged for them)', async () => {
      const { db } = ctx().database;
      const weeks = await db.selectFrom('payments').select(['payment_status', 'provider_intent_id']).where('subscription_id', 'is not', null).where('is_incremental', '=', false).execute();
      expect(weeks.some((w) => w.payment_status === 'subscription_pending')).toBe(true);
      for (const week of weeks) expect(week.provider_intent_id === null).toBe(week.payment_status === 'subscription_pending');
    });

    it('gives last month paid sessions, offered hours, a course and a returning customer, and the demo nothing to tell of them', async () => {
      const { db } = ctx().database;
      await seedDemoData(db);
      const today = dayInZone(nowMs(), site.timeZone);
      const { from, to } = periodDays({ preset: 'last-month' }, today);
      const report = await periodReport(db, from, to, site.timeZone);
      expect(report.totals.charged_cents).toBeGreaterThan(0);
      expect(report.totals.offered_minutes).toBeGreaterThan(report.totals.booked_minutes);
      expect(report.courses.map((c) => c.course_number)).toContain('MATH 125');
      expect(report.customers.returning).toBeGreaterThanOrEqual(1);
      // Nothing of the past is owed a message: the notifier sends none of it.
      await ctx().notifier.runAll();
      const told = await db.selectFrom('notifications').select('to_address').where('to_address', 'in', [pastCustomer.email, pastCustomer.phone]).execute();
      expect(told).toEqual([]);
    });

    it('holds a held session of the weeks before in every last month, whatever day the demo starts', () => {
      // Jamie's sessions are 7k - 1 days back (k = 1 … PAST_WEEKS; the fourth was canceled).
      const held = Array.from({ length: PAST_WEEKS }, (_, i) => i + 1).filter((week) => week !== 4);
      for (let offset = 0; offset < 400; offset++) {
        const today = addDays('2026-01-01', offset);
        const { from, to } = periodDays({ preset: 'last-month' }, today);
        const inLastMonth = held.filter((week) => {
          const day = addDays(today, 1 - 7 * week);
          return day >= from && day <= to;
        });
        expect(inLastMonth.length, today).toBeGreaterThanOrEqual(2);
      }
    });
  },
  { seed: false },
);

/**
 * The messages sent of the one event of `kind` whose facts match (messages follow from events:
 * each is keyed `event:{id}:{n}`, docs/decisions/024-events-and-messages.md).
 */
async function sentOf(db: Db, kind: EventKind, matches: (facts: Record<string, unknown>) => boolean): Promise<{ to_address: string }[]> {
  const events = await db.selectFrom('events').select(['id', 'facts']).where('kind', '=', kind).execute();
  const matching = events.filter((event) => matches((typeof event.facts === 'string' ? JSON.parse(event.facts) : event.facts) as Record<string, unknown>));
  expect(matching, `one ${kind} event`).toHaveLength(1);
  return db.selectFrom('notifications').select('to_address').where('dedupe_key', 'like', `event:${matching[0]!.id}:%`).where('status', '=', 'sent').execute();
}

/** The demo's own bookings (Alex's), changed during the demo, tell of the change like any other. */
describeApi('the demo bookings changed', (ctx) => {
  it('a seeded session canceled by its tutor: Alex is told, refunded, and sent the refund receipt', async () => {
    const { db } = ctx().database;
    const tutor = ctx().client();
    await signInAs(ctx(), tutor, demoAccounts.tutor.email);
    const next = await db
      .selectFrom('payments as p')
      .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
      .innerJoin('customers as c', 'c.id', 'p.customer_id')
      .select(['p.id', 'p.meeting_id'])
      .where('c.email', '=', demoAccounts.customer.email)
      .where('p.payment_status', '=', 'succeeded')
      .where('p.subscription_id', 'is not', null)
      .where('m.occurrence', '>', new Date(nowMs()))
      .orderBy('m.occurrence')
      .executeTakeFirstOrThrow();
    expect((await call(tutor, `/api/meetings/${next.meeting_id}/cancel`, { method: 'POST' })).status).toBe(200);
    await ctx().notifier.runAll();
    const canceled = await sentOf(db, 'MeetingCanceled', (facts) => (facts.bookings as { paymentId: number; refunded: boolean }[]).some((booking) => booking.paymentId === next.id && booking.refunded));
    expect(canceled.map((n) => n.to_address)).toContain(demoAccounts.customer.email);
    const receipt = await sentOf(db, 'PaymentRefunded', (facts) => facts.paymentId === next.id);
    expect(receipt.map((n) => n.to_address)).toEqual([demoAccounts.customer.email]);
  });

  it('a seeded week skipped by Alex: Alex and the tutor are told', async () => {
    const { db } = ctx().database;
    const alex = ctx().client();
    await signInAs(ctx(), alex, demoAccounts.customer.email);
    const later = await db
      .selectFrom('payments as p')
      .innerJoin('customers as c', 'c.id', 'p.customer_id')
      .select('p.id')
      .where('c.email', '=', demoAccounts.customer.email)
      .where('p.payment_status', '=', 'subscription_pending')
      .orderBy('p.meeting_id', 'desc')
      .executeTakeFirstOrThrow();
    expect((await call(alex, `/api/payments/${later.id}/skip`, { method: 'POST' })).status).toBe(200);
    await ctx().notifier.runAll();
    const told = await sentOf(db, 'BookingCanceled', (facts) => facts.cause === 'skipped' && (facts.paymentIds as number[]).includes(later.id));
    expect(told.map((n) => n.to_address)).toEqual(expect.arrayContaining([demoAccounts.customer.email, demoAccounts.tutor.email]));
  });

  it('a seeded scheduled week charged by the weekly job: Alex gets its receipt', async () => {
    const { db } = ctx().database;
    const week = await db
      .selectFrom('payments as p')
      .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
      .innerJoin('customers as c', 'c.id', 'p.customer_id')
      .select(['p.id', 'm.occurrence'])
      .where('c.email', '=', demoAccounts.customer.email)
      .where('p.payment_status', '=', 'subscription_pending')
      .orderBy('m.occurrence')
      .executeTakeFirstOrThrow();
    // Eleven hours before it: its skip window has closed.
    setClock(new Date(new Date(week.occurrence).getTime() - 11 * 3600_000));
    const tally = await chargeDueWeeklyPayments({ db, provider: offlineProvider(), log: () => {} });
    expect(tally.succeeded).toBeGreaterThanOrEqual(1);
    await ctx().notifier.runAll();
    const receipt = await sentOf(db, 'PaymentSucceeded', (facts) => facts.paymentId === week.id && facts.charge === 'weekly');
    expect(receipt.map((n) => n.to_address)).toEqual([demoAccounts.customer.email]);
  });
});
