import { sql } from 'kysely';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { setClock } from '../../server/clock.ts';
import { demoAccounts, seedDemoData } from '../../server/demo/seed.ts';
import type * as siteConfig from '../../src/config/site.ts';
import { site } from '../../src/config/site.ts';
import { confirmOffline, courseId, newCustomer, post } from './booking-helpers.ts';
import { call, describeApi, signInAs } from './harness.ts';
import { jordan, offeringOf, pinClock, staffClient } from './tutor-helpers.ts';

// These expectations are written for the default configuration's 2026–27 semester, whatever the suite's date.
vi.mock('../../src/config/site.ts', async (importOriginal) => {
  const original = await importOriginal<typeof siteConfig>();
  return { ...original, site: { ...original.site, semesterLastReadingDay: '2027-06-11' } };
});

/**
 * Weekly series keep their wall-clock time in the site's zone (Seattle) across both daylight-saving
 * changes of the 2026–27 semester: summer time ends on Sunday 1 November 2026 and starts again on
 * Sunday 14 March 2027. In UTC the series moves by an hour at each change; on campus it does not.
 */
const ZONE = 'America/Los_Angeles';
const local = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'short', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
const atLocal = (epoch: number) => local.format(epoch * 1000);
const utcHour = (epoch: number) => new Date(epoch * 1000).getUTCHours();
const DAY = 24 * 3600;

const FILE_DATE = new Date('2026-10-05T19:00:00Z');
// Before the seed too, so the demo data sits where it would on that day.
beforeAll(() => setClock(FILE_DATE));
beforeEach(() => setClock(FILE_DATE));
afterEach(() => pinClock());

it('runs in the zone and the semester the expectations are written for', () => {
  expect(site.timeZone).toBe(ZONE);
  expect(site.semesterLastReadingDay).toBe('2027-06-11');
});

describeApi('a weekly series across daylight saving', (ctx) => {
  it('created in autumn, keeps its 6 PM start through November and March: in the search, in the booking and in the student\u2019s sessions', async () => {
    // Sam has no demo meeting at 01:00 or 02:00 UTC, where 6 PM Pacific falls.
    const tutor = await staffClient(ctx(), 'sam@beacontutoring.com');
    // Tuesday 13 October 2026, 6 PM Pacific daylight time.
    const anchor = Date.parse('2026-10-14T01:00:00Z') / 1000;
    const made = await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: anchor, tutor: 'myself' });
    expect(made.status).toBe(201);

    const buyer = await newCustomer(ctx());
    const search = await call(buyer.client, `/api/slots?course=${await courseId(ctx(), 'PHYS 121')}&capacity=1&course_style=in-person&subscription=true`);
    const found = search.body.data.find((s: { slot: { id: number } }) => s.slot.id === made.body.data.id);
    const offered: number[] = found.meetings.map((m: { occurrence_epoch: number }) => m.occurrence_epoch);
    expect(offered[0]).toBe(anchor);
    // Every week until the last reading day (Friday 11 June 2027): 35 Tuesdays.
    expect(offered).toHaveLength(35);
    expect(new Set(offered.map(atLocal))).toEqual(new Set(['Tue, 6:00 PM PDT', 'Tue, 6:00 PM PST']));

    const intent = await post(buyer.client, '/api/subscriptions', {
      meeting: found.meetings[0].id,
      slot: made.body.data.id,
      offering: await offeringOf(ctx(), tutor.id, 'PHYS 121'),
      capacity: 1,
      course_style: 'in-person',
    });
    expect(intent.status).toBe(201);
    expect((await confirmOffline(buyer.client, intent.body.data.client_secret, '4242424242424242')).body.data.status).toBe('succeeded');

    const payments = (await call(buyer.client, '/api/customers/myself/payments')).body.data as { meeting: { occurrence_epoch: number } }[];
    const booked = payments.map((p) => p.meeting.occurrence_epoch).sort((a, b) => a - b);
    expect(booked).toEqual(offered);
    const week = (date: string) => booked.find((epoch) => new Date(epoch * 1000).toISOString().startsWith(date));
    // The last week before each change and the first after it: the same 6 PM, another hour in UTC.
    expect([week('2026-10-28'), week('2026-11-04')].map((e) => [atLocal(e!), utcHour(e!)])).toEqual([
      ['Tue, 6:00 PM PDT', 1],
      ['Tue, 6:00 PM PST', 2],
    ]);
    expect([week('2027-03-10'), week('2027-03-17')].map((e) => [atLocal(e!), utcHour(e!)])).toEqual([
      ['Tue, 6:00 PM PST', 2],
      ['Tue, 6:00 PM PDT', 1],
    ]);
    // A week is 7 days, give or take the hour a change moves the clock.
    const gaps = new Set(booked.slice(1).map((epoch, i) => (epoch - booked[i]!) / 3600));
    expect(gaps).toEqual(new Set([7 * 24, 7 * 24 + 1, 7 * 24 - 1]));
  });
});

describeApi('a tutor\u2019s weekly slot across daylight saving', (ctx) => {
  it('repeats a weekly slot until the last reading day at the same local time across daylight saving', async () => {
    setClock(new Date('2026-11-22T12:00:00Z'));
    const tutor = await jordan(ctx());
    // Monday 7 December 2026, 7:30 AM Pacific (PST); daylight saving starts on 14 March 2027.
    const anchor = Date.parse('2026-12-07T15:30:00Z') / 1000;
    const made = await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: anchor, tutor: 'myself' });
    expect(made.status).toBe(201);
    const rows = await ctx().database.db.selectFrom('meetings').select('occurrence').where('slot_id', '=', made.body.data.id).orderBy('occurrence').execute();
    const wallClock = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'short', hour: 'numeric', minute: '2-digit' });
    expect(new Set(rows.map((r) => wallClock.format(new Date(r.occurrence))))).toEqual(new Set(['Mon 7:30 AM']));
    const utcHours = new Set(rows.map((r) => new Date(r.occurrence).getUTCHours()));
    expect(utcHours).toEqual(new Set([15, 14]));
    // The last one falls in the week of the last reading day (Friday 11 June 2027).
    expect(new Date(rows.at(-1)!.occurrence).toISOString()).toBe('2027-06-07T14:30:00.000Z');
    expect(rows).toHaveLength(27);
  });
});

describeApi(
  'the demo seed across daylight saving',
  (ctx) => {
    it('keeps every weekly series of the demo, the student\u2019s included, at one wall-clock time', async () => {
      const { db } = ctx().database;
      // Seeded in autumn: the student's weekly session started three weeks earlier, in summer time.
      expect(await seedDemoData(db, new Date('2026-10-20T19:00:00Z'))).toBe(true);
      const rows = await db.selectFrom('meetings').select(['slot_id', 'occurrence']).where('slot_id', 'is not', null).orderBy('occurrence').execute();
      const bySlot = new Map<number, number[]>();
      for (const row of rows) bySlot.set(row.slot_id!, [...(bySlot.get(row.slot_id!) ?? []), new Date(row.occurrence).getTime() / 1000]);
      expect(bySlot.size).toBeGreaterThan(1);
      for (const epochs of bySlot.values()) {
        // Each series crosses both changes (1 November and 14 March) ...
        expect(epochs[0]!).toBeLessThan(Date.parse('2026-11-01T00:00:00Z') / 1000 + 14 * DAY);
        expect(epochs.at(-1)!).toBeGreaterThan(Date.parse('2027-03-15T00:00:00Z') / 1000);
        // ... and reads the same weekday and time on campus every week.
        const clock = new Set(epochs.map((e) => atLocal(e).replace(/ P[SD]T$/, '')));
        expect(clock.size).toBe(1);
      }

      const client = ctx().client();
      await signInAs(ctx(), client, demoAccounts.customer.email);
      const sessions = (await call(client, '/api/customers/myself/payments')).body.data as { is_incremental: boolean; subscription: unknown; meeting: { occurrence_epoch: number } }[];
      const weekly = sessions.filter((p) => p.subscription && !p.is_incremental).map((p) => p.meeting.occurrence_epoch);
      expect(weekly.length).toBeGreaterThan(20);
      expect(new Set(weekly.map((e) => atLocal(e).replace(/ P[SD]T$/, ''))).size).toBe(1);
      expect(new Set(weekly.map((e) => atLocal(e).slice(-3)))).toEqual(new Set(['PDT', 'PST']));
    });
  },
  { seed: false },
);

// Seeded in the weeks around the change to summer time: a series anchored before it moves an hour in
// UTC, which met a one-off (seeded 2 March) or another series (seeded 20 March) while the seed kept UTC hours.
for (const seededAt of ['2027-03-02T19:00:00Z', '2027-03-20T19:00:00Z']) {
  describeApi(
    `the demo seed of ${seededAt.slice(0, 10)}`,
    (ctx) => {
      it('gives no tutor two meetings at once', async () => {
        const { db } = ctx().database;
        expect(await seedDemoData(db, new Date(seededAt))).toBe(true);
        const { rows } = await sql<{ a: number; b: number }>`
          select a.id as a, b.id as b from meetings a join meetings b on a.tutor_id = b.tutor_id and a.id < b.id and not a.canceled and not b.canceled
            and a.occurrence < b.occurrence + make_interval(mins => b.duration_mins) and b.occurrence < a.occurrence + make_interval(mins => a.duration_mins)
        `.execute(db);
        expect(rows).toEqual([]);
        expect((await db.selectFrom('meetings').select('id').execute()).length).toBeGreaterThan(50);
      });
    },
    { seed: false },
  );
}
