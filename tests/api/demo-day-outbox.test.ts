import { afterAll, beforeEach, expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { chargeDueWeeklyPayments } from '../../server/domain/billing/weekly-charges.ts';
import { CANCEL_NOTICE_HOURS } from '../../server/domain/meetings/student-changes.ts';
import { startSignIn } from '../../server/domain/sign-in/sign-ins.ts';
import { DECLINING_SAVED_CARD, offlineProvider } from '../../server/payments/offline.ts';
import { confirmOffline, post } from './booking-helpers.ts';
import { call, describeApi, type TestClient, type TestContext } from './harness.ts';
import { DAY, HOUR, freeHour, freeWeeklyHour, jordan, jumpClock, maya, offeringOf, pinClock, priya } from './tutor-helpers.ts';

/**
 * Every message the product sends on one scripted day, compared with the outbox the same day gave
 * before messages came from events (tests/api/__snapshots__/demo-day-outbox.txt): a message lost,
 * added, or told differently (recipient, subject, text, link, invite) fails it. Ids, dates and
 * times are normalised away, so the comparison holds on any suite date and either database; the
 * order is not compared (messages of different changes are delivered in no promised order).
 */

/** Everything the script's messages are about, with names nobody in the demo seed has. */
const PEOPLE = ['Ada', 'Ben', 'Cleo', 'Dov', 'Eve', 'Finn', 'Gus', 'Hana'] as const;
type Person = (typeof PEOPLE)[number];

/** Waits for the messages the changes so far owe, as a person reads them after the page answers. */
const settle = (ctx: TestContext) => ctx.notifier.settle();
/** The scheduled messages job (reminders, the evening digest), run once now. */
const runMessagesJob = (ctx: TestContext) => ctx.notifier.runAll();
/** The weekly charges job, run once now. */
const runWeeklyCharges = async (ctx: TestContext) => {
  await settle(ctx);
  const { db } = ctx.database;
  await chargeDueWeeklyPayments({ db, provider: offlineProvider(), log: () => {} });
  // Its receipts go out with the messages job's next run.
  await runMessagesJob(ctx);
  await settle(ctx);
};

async function person(ctx: TestContext, name: Person): Promise<{ client: TestClient; id: number }> {
  const index = PEOPLE.indexOf(name);
  const row = await ctx.database.db
    .insertInto('customers')
    .values({ firstname: name, lastname: 'Demoday', email: `${name.toLowerCase()}.demoday@example.com`, phone: `20655590${String(index).padStart(2, '0')}`, provider_customer_id: null, payment_method_id: null, payment_method_label: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const client = ctx.client();
  client.cookies.set('sid', await startSignIn(ctx.database.db, { customerId: row.id }));
  return { client, id: row.id };
}

async function pay(client: TestClient, path: string, fields: Record<string, string | number>) {
  const intent = await post(client, path, fields);
  if (intent.status !== 201) throw new Error(`not booked: ${JSON.stringify(intent.body)}`);
  const paid = await confirmOffline(client, intent.body.data.client_secret, '4242424242424242');
  if (paid.body.data?.status !== 'succeeded') throw new Error(`not paid: ${JSON.stringify(paid.body)}`);
  return intent.body.data.payment_id as number;
}

/** A one-off hour of the tutor's at `start`, booked and paid by `who` (card kept on file). */
async function bookOneOff(ctx: TestContext, tutor: { client: TestClient; id: number }, start: number, who: { client: TestClient }) {
  const created = await post(tutor.client, '/api/meetings', { occurrence_epoch: start, tutor: 'myself' });
  if (created.status !== 201) throw new Error(`meeting not created: ${JSON.stringify(created.body)}`);
  const meetingId = created.body.data.id as number;
  const paymentId = await pay(who.client, '/api/payments', { meeting: meetingId, offering: await offeringOf(ctx, tutor.id, 'CS 121'), capacity: 1, course_style: 'online' });
  await settle(ctx);
  return { meetingId, paymentId };
}

/** A new weekly slot of the tutor's, its first week paid by `who`; the weeks' meetings in order. */
async function subscribe(ctx: TestContext, tutor: { client: TestClient; id: number }, who: { client: TestClient }, textReminders: boolean) {
  const slot = await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: await freeWeeklyHour(ctx, tutor), tutor: 'myself' });
  if (slot.status !== 201) throw new Error(`slot not made: ${JSON.stringify(slot.body)}`);
  const weeks = await ctx.database.db.selectFrom('meetings').select(['id', 'occurrence']).where('slot_id', '=', slot.body.data.id).orderBy('occurrence').execute();
  await pay(who.client, '/api/subscriptions', { meeting: weeks[0]!.id, slot: slot.body.data.id, offering: await offeringOf(ctx, tutor.id, 'CS 121'), capacity: 1, course_style: 'online', text_reminders: String(textReminders) });
  await settle(ctx);
  return weeks.map((w) => ({ id: w.id, start: new Date(w.occurrence).getTime() / 1000 }));
}

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const SHORT_MONTHS = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec';
const WEEKDAYS = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Wed|Thu|Fri|Sat|Sun';

/** A message's words with the day's particulars (ids, dates, times, signatures) replaced by placeholders. */
export function normalised(text: string): string {
  return (
    text
      // Calendar text: stamps and dates, the entries' ids; SEQUENCE (how often it changed) is kept.
      .replace(/\b(DTSTAMP|DTSTART|DTEND|LAST-MODIFIED|CREATED)([^:\r\n]*):[0-9TZ]+/g, '$1$2:<stamp>')
      .replace(/\bTZOFFSET(FROM|TO):[+-]\d{4}/g, 'TZOFFSET$1:<offset>')
      .replace(/\bRRULE:[^\r\n]*/g, 'RRULE:<rule>')
      .replace(/meeting-\d+@/g, 'meeting-<id>@')
      // Signed links, ids in paths and receipt numbers.
      .replace(/([?&](?:c|s|token|t)=)[0-9A-Za-z_-]+/g, '$1<value>')
      .replace(/\/(\d+)(?=[/"'\s?#]|$)/gm, '/<id>')
      .replace(/(Receipt number):? \d+/g, '$1 <id>')
      // Dates and times in words, in any order and length.
      .replace(new RegExp(`\\b(${WEEKDAYS}),?\\b`, 'g'), '<weekday>')
      .replace(new RegExp(`\\b(${MONTHS}|${SHORT_MONTHS})\\.? \\d{1,2}(st|nd|rd|th)?(, \\d{4})?`, 'g'), '<date>')
      .replace(/\b\d{1,2}\/\d{1,2}(\/\d{2,4})?\b/g, '<date>')
      .replace(/\b\d{4}-\d{2}-\d{2}\b/g, '<date>')
      .replace(/\b\d{1,2}(:\d{2})?\s?(AM|PM|am|pm|a\.m\.|p\.m\.)/g, '<time>')
      .replace(/\b\d{1,2}:\d{2}\b/g, '<time>')
      .replace(/\bP[SD]T\b/g, '<zone>')
  );
}

describeApi('the outbox of a demo day', (ctx) => {
  beforeEach(pinClock);
  afterAll(pinClock);

  it('sends every message of booking, paying, skipping, canceling, moving, overtime, re-assigning, weekly charges and a decline, as before', { timeout: 120_000 }, async () => {
    const { db } = ctx().database;
    const firstOutboxId = (await db.selectFrom('outbox').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0;
    const jordanT = await jordan(ctx());
    const priyaT = await priya(ctx());
    const mayaS = await maya(ctx());
    const people = Object.fromEntries(await Promise.all(PEOPLE.map(async (name) => [name, await person(ctx(), name)] as const))) as Record<Person, { client: TestClient; id: number }>;

    // Morning: bookings two days ahead and more (free hours on Jordan's and Priya's calendars).
    const fromSeconds = Math.floor(nowMs() / 1000);
    const startA = await freeHour(ctx(), jordanT, { minutes: 4 * 60, from: fromSeconds + 2 * DAY });
    const ada = await bookOneOff(ctx(), jordanT, startA, people.Ada);
    const startB = await freeHour(ctx(), jordanT, { from: startA + DAY });
    const ben = await bookOneOff(ctx(), jordanT, startB, people.Ben);
    const startC = await freeHour(ctx(), jordanT, { from: startB + HOUR });
    const cleo = await bookOneOff(ctx(), jordanT, startC, people.Cleo);
    const startE = await freeHour(ctx(), [jordanT.id, priyaT.id], { from: startC + HOUR });
    const eve = await bookOneOff(ctx(), jordanT, startE, people.Eve);
    const startD = await freeHour(ctx(), jordanT, { minutes: 120, from: startA + 4 * HOUR });
    const dov = await bookOneOff(ctx(), jordanT, startD, people.Dov);
    // Weekly: Finn's next week is charged, Gus's card on file declines it, Hana ends the subscription.
    const finnWeeks = await subscribe(ctx(), jordanT, people.Finn, true);
    const gusWeeks = await subscribe(ctx(), jordanT, people.Gus, false);
    await subscribe(ctx(), jordanT, people.Hana, false);

    // Ben skips; Jordan cancels Cleo's hour; Jordan moves Ada's two hours later; Maya gives Eve's hour to Priya.
    expect((await call(people.Ben.client, `/api/payments/${ben.paymentId}/skip`, { method: 'POST' })).status).toBe(200);
    expect((await call(jordanT.client, `/api/meetings/${cleo.meetingId}/cancel`, { method: 'POST' })).status).toBe(200);
    expect((await post(jordanT.client, `/api/meetings/${ada.meetingId}/occurrence_epoch`, { occurrence_epoch: startA + 2 * HOUR })).status).toBe(200);
    expect((await post(mayaS.client, `/api/meetings/${eve.meetingId}/reassign`, { tutor: priyaT.id })).status).toBe(200);
    const hanaSubscription = (await call(people.Hana.client, '/api/customers/myself/payments')).body.data.find((p: { subscription: { id: number } | null }) => p.subscription)?.subscription.id;
    expect((await call(people.Hana.client, `/api/subscriptions/${hanaSubscription}/cancel`, { method: 'POST' })).status).toBe(200);
    await settle(ctx());

    // The day before Ada's hour: the 24-hour reminders.
    await jumpClock(ctx(), new Date((startA + 2 * HOUR - 23 * HOUR) * 1000));
    await runMessagesJob(ctx());
    await settle(ctx());

    // Dov's session ran 30 minutes over: the overtime charge.
    await jumpClock(ctx(), new Date(Math.max(nowMs(), (startD + 100 * 60) * 1000)));
    expect((await post(jordanT.client, `/api/meetings/${dov.meetingId}/duration_mins`, { duration_mins: 90 })).status).toBe(200);
    await settle(ctx());

    // The weekly charges: Finn's second week, and Gus's, whose card on file now declines.
    await db.updateTable('customers').set({ payment_method_id: DECLINING_SAVED_CARD }).where('id', '=', people.Gus.id).execute();
    const closes = (start: number) => (start - CANCEL_NOTICE_HOURS * HOUR + 60) * 1000;
    await jumpClock(ctx(), new Date(Math.max(nowMs(), closes(finnWeeks[1]!.start), closes(gusWeeks[1]!.start))));
    await runWeeklyCharges(ctx());


    const names = new RegExp(`\\b(${PEOPLE.join('|')})\\b`);
    const sent = await db.selectFrom('outbox').select(['channel', 'to', 'subject', 'text', 'link', 'html', 'ics']).where('id', '>', firstOutboxId).orderBy('id').execute();
    // The script's messages: to its people, or to its tutors about its people (not the demo seed's own meetings' reminders).
    const ours = sent.filter((m) => m.to.includes('demoday') || m.to.startsWith('20655590') || names.test(m.subject) || names.test(m.text));
    const rendered = ours
      .map((m) =>
        [
          `${m.channel} to ${m.to}`,
          `subject: ${normalised(m.subject)}`,
          `link: ${m.link === null ? '-' : normalised(m.link)}`,
          normalised(m.text),
          ...(m.html === null ? [] : ['--- html', normalised(m.html)]),
          ...(m.ics === null ? [] : ['--- ics', normalised(m.ics).replace(/\r\n/g, '\n')]),
        ].join('\n'),
      )
      .sort();
    await expect(`${rendered.length} messages\n\n${rendered.join('\n\n==========\n\n')}\n`).toMatchFileSnapshot('__snapshots__/demo-day-outbox.txt');
  });
});
