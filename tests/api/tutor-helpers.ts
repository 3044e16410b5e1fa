import { TZDate } from '@date-fns/tz';
import { addWeeks } from 'date-fns/addWeeks';
import { now, nowMs, setClock } from '../../server/clock.ts';
import { demoAccounts } from '../../server/demo/seed.ts';
import { semesterEnd, weeklyOccurrences } from '../../server/domain/booking/availability.ts';
import { site } from '../../src/config/site.ts';
import { daysSpan } from '../../server/domain/calendar/zone-days.ts';
import { confirmOffline, courseId, newCustomer, post } from './booking-helpers.ts';
import { call, signInAs, type TestClient, type TestContext } from './harness.ts';

export { pinClock } from './suite-clock.ts';

export const HOUR = 3600;
export const DAY = 24 * HOUR;

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

type TutorRef = number | { id: number };

export interface FreeTime {
  /** Minutes from the start that must be free: the meeting and whatever the test puts after it (60). */
  minutes?: number;
  /** Seconds before the start that must be free too (for a meeting moved or added earlier). */
  before?: number;
  /** The earliest start, epoch seconds. */
  from?: number;
  /** The latest start, epoch seconds (one-off hours only). */
  until?: number;
}

/** The tutors' meetings that are not canceled, as [start, end) in epoch seconds, starting before `to`. */
async function busyTimes(ctx: TestContext, tutors: TutorRef | TutorRef[], to: number): Promise<[number, number][]> {
  const ids = (Array.isArray(tutors) ? tutors : [tutors]).map((t) => (typeof t === 'number' ? t : t.id));
  const rows = await ctx.database.db
    .selectFrom('meetings')
    .select(['occurrence', 'duration_mins'])
    .where('tutor_id', 'in', ids)
    .where('canceled', '=', false)
    .where('occurrence', '<', new Date(to * 1000))
    .execute();
  return rows.map((r) => {
    const start = new Date(r.occurrence).getTime() / 1000;
    return [start, start + r.duration_mins * 60];
  });
}

/** Whether [from, to) meets none of the meetings; touching edges do not overlap (as refuseOverlap). */
const isFree = (busy: [number, number][], from: number, to: number) => busy.every(([start, end]) => !(start < to && end > from));

/** The first :30 past an hour at or after `epoch`. */
const halfPastFrom = (epoch: number) => Math.ceil((epoch - 30 * 60) / HOUR) * HOUR + 30 * 60;

/**
 * A start (epoch seconds, :30 past an hour) at which the database shows the tutors (one or several)
 * with nothing for `minutes`, nor `before` seconds earlier: from the day after tomorrow (UTC) by
 * default, and within 25 days, so that moving the clock there keeps the test's 30-day sessions alive.
 */
export async function freeHour(ctx: TestContext, tutors: TutorRef | TutorRef[], { minutes = 60, before = 0, from, until }: FreeTime = {}): Promise<number> {
  const nowSeconds = Math.floor(nowMs() / 1000);
  const first = halfPastFrom(Math.max(from ?? (Math.floor(nowSeconds / DAY) + 2) * DAY, nowSeconds + 1));
  const last = until ?? nowSeconds + 25 * DAY;
  const busy = await busyTimes(ctx, tutors, last + minutes * 60);
  for (let start = first; start <= last; start += HOUR) {
    if (isFree(busy, start - before, start + minutes * 60)) return start;
  }
  throw new Error(`No free ${minutes} minutes (and ${before} s before) between ${new Date(first * 1000).toISOString()} and ${new Date(last * 1000).toISOString()}`);
}

/**
 * An anchor for a weekly slot (epoch seconds, :30 past an hour, within the week from tomorrow (UTC)
 * by default) whose every week until the semester's end is free as freeHour() means it.
 */
export async function freeWeeklyHour(ctx: TestContext, tutors: TutorRef | TutorRef[], { minutes = 60, before = 0, from }: Omit<FreeTime, 'until'> = {}): Promise<number> {
  const nowSeconds = Math.floor(nowMs() / 1000);
  const first = halfPastFrom(Math.max(from ?? (Math.floor(nowSeconds / DAY) + 1) * DAY, nowSeconds + 1));
  const lastDay = semesterEnd();
  const busy = await busyTimes(ctx, tutors, lastDay.getTime() / 1000 + minutes * 60);
  // A week of anchors meets every hour of the week.
  for (let anchor = first; anchor < first + 7 * DAY; anchor += HOUR) {
    const weeks = weeklyOccurrences(new Date(anchor * 1000), lastDay).map((d) => d.getTime() / 1000);
    if (weeks.length > 0 && weeks.every((start) => isFree(busy, start - before, start + minutes * 60))) return anchor;
  }
  throw new Error(`No weekly hour free until ${lastDay.toISOString()} in the week from ${new Date(first * 1000).toISOString()}`);
}

/** The same wall-clock time in the site's zone `weeks` later (where a weekly slot meets again), epoch seconds. */
export const weeksLater = (epoch: number, weeks: number): number => addWeeks(new TZDate(epoch * 1000, site.timeZone), weeks).getTime() / 1000;

/** Every tutor's id (for an hour nobody has anything in). */
export async function everyTutor(ctx: TestContext): Promise<number[]> {
  return (await ctx.database.db.selectFrom('tutors').select('id').execute()).map((t) => t.id);
}

/** A tutor's id by email. */
export async function tutorId(ctx: TestContext, email: string): Promise<number> {
  return (await ctx.database.db.selectFrom('tutors').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
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

let hired = 0;
/**
 * A new tutor of CS 121 with nothing booked yet, signed in: a test that counts a tutor's hours or
 * pay counts its own tutor's, whatever the demo data and the other tests gave the demo tutors.
 * Written straight to the database (hiring has its own tests).
 */
export async function newTutor(ctx: TestContext) {
  hired += 1;
  const { db } = ctx.database;
  const { id } = await db
    .insertInto('tutors')
    .values({ name: `Hours Tutor${hired}`, email: `hours.tutor${hired}@beacontutoring.com`, phone: `20655511${String(hired).padStart(2, '0')}`, role: 'Tutor' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('offerings').values({ tutor_id: id, course_id: await courseId(ctx, 'CS 121'), qualification: 'A in CS 121', archived: false }).execute();
  const email = `hours.tutor${hired}@beacontutoring.com`;
  return { ...(await staffClient(ctx, email)), email };
}

/** A free hour of the tutor's on one day of the site's zone (YYYY-MM-DD), as freeHour() means it (epoch seconds). */
export async function freeHourOn(ctx: TestContext, tutorId: number, day: string): Promise<number> {
  const { startsMs, endsMs } = daysSpan(day, day, site.timeZone);
  return freeHour(ctx, tutorId, { from: startsMs / 1000, until: endsMs / 1000 - 3600 });
}
