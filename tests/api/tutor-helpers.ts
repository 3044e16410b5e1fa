import { now, nowMs, setClock } from '../../server/clock.ts';
import { demoAccounts } from '../../server/demo/seed.ts';
import { confirmOffline, newCustomer, post } from './booking-helpers.ts';
import { call, signInAs, type TestClient, type TestContext } from './harness.ts';

export const HOUR = 3600;
export const DAY = 24 * HOUR;

/**
 * The tutor tests run at a fixed date inside the configured semester, so that weekly availability
 * (which ends on the semester's last reading day) works whatever day they run.
 */
export const pinClock = () => setClock(new Date('2026-11-23T12:00:00Z'));

/**
 * Moves the clock to `date` (a meeting's time, up to weeks ahead) as if the people signed in had
 * kept using the app meanwhile: their sessions' last use moves along, or a jump past 7 days would
 * end them as idle, which these tests are not about (session-lifetime.test.ts is).
 */
export async function jumpClock(ctx: TestContext, date: Date): Promise<void> {
  setClock(date);
  await ctx.database.db.updateTable('sessions').set({ last_used_at: now() }).execute();
}

export async function staffClient(ctx: TestContext, email: string): Promise<{ client: TestClient; id: number }> {
  const client = ctx.client();
  const id = await signInAs(ctx, client, email);
  return { client, id };
}

export const jordan = (ctx: TestContext) => staffClient(ctx, demoAccounts.tutor.email);
export const priya = (ctx: TestContext) => staffClient(ctx, 'priya@beacontutoring.com');
export const maya = (ctx: TestContext) => staffClient(ctx, demoAccounts.supervisor.email);

let serial = 0;

/**
 * A free hour of the demo calendars, in the future: each call gives another one, at :30 past a
 * UTC hour from 4 to 11, where the demo seed puts no meeting, within the next 25 days (so that
 * moving the clock to it keeps the test's 30-day sessions alive).
 */
export function freeHour(daysAhead = 2): number {
  serial += 1;
  const base = Math.floor(nowMs() / 1000 / DAY) * DAY;
  return base + (daysAhead + (serial % 20)) * DAY + (4 + (Math.floor(serial / 20) % 8)) * HOUR + 30 * 60;
}

let weeklySerial = 0;

/**
 * An hour of the week that no other test uses (12:30 to 15:30 UTC on one of the next 7 days, where
 * the demo seed puts no meeting), for weekly slots: they repeat until the end of the semester, so
 * each needs an hour of its own (28 of them per database).
 */
export function freeWeeklyHour(): number {
  weeklySerial += 1;
  const base = Math.floor(nowMs() / 1000 / DAY) * DAY;
  return base + (1 + (weeklySerial % 7)) * DAY + (12 + (Math.floor(weeklySerial / 7) % 4)) * HOUR + 30 * 60;
}

/** The tutor's CS 121 offering (Jordan teaches it in the demo data). */
export async function offeringOf(ctx: TestContext, tutorId: number, courseNumber: string): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('offerings as o')
    .innerJoin('courses as c', 'c.id', 'o.course_id')
    .select('o.id')
    .where('o.tutor_id', '=', tutorId)
    .where('c.course_number', '=', courseNumber)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A one-off meeting the tutor publishes at `start`, booked and paid (card 4242, kept on file) by a
 * new customer; returns the meeting and the customer.
 */
export async function bookedMeeting(ctx: TestContext, tutor: { client: TestClient; id: number }, start: number, courseNumber = 'CS 121') {
  const created = await post(tutor.client, '/api/meetings', { occurrence_epoch: start, tutor: 'myself' });
  if (created.status !== 201) throw new Error(`meeting not created: ${JSON.stringify(created.body)}`);
  const meetingId = created.body.data.id as number;
  const customer = await newCustomer(ctx);
  const intent = await post(customer.client, '/api/payments', { meeting: meetingId, offering: await offeringOf(ctx, tutor.id, courseNumber), capacity: 1, course_style: 'online' });
  if (intent.status !== 201) throw new Error(`not booked: ${JSON.stringify(intent.body)}`);
  const paid = await confirmOffline(customer.client, intent.body.data.client_secret, '4242424242424242');
  if (paid.body.data?.status !== 'succeeded') throw new Error(`not paid: ${JSON.stringify(paid.body)}`);
  // Its confirmation is planned before the test changes anything (as it is, at once, for a person).
  await ctx.notifier.settle();
  return { meetingId, customer, paymentId: intent.body.data.payment_id as number };
}

export async function tutorMeeting(client: TestClient, meetingId: number, tutor: string | number = 'myself') {
  const list = (await call(client, `/api/tutors/${tutor}/meetings`)).body.data as { meeting: { id: number }; payments: any[] }[];
  return list.find((m) => m.meeting.id === meetingId);
}
