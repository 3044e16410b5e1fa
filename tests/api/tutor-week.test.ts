import { afterEach, beforeEach, expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { dayOffSpan } from '../../server/domain/meetings/take-back-rules.ts';
import { site } from '../../src/config/site.ts';
import { addDays, dayInZone } from '../../src/lib/site-days.ts';
import { confirmOffline, courseId, newCustomer, post } from './booking-helpers.ts';
import { call, describeApi, type TestClient, type TestContext } from './harness.ts';
import { bookedMeeting, DAY, freeHour, freeWeeklyHour, HOUR, jordan, jumpClock, maya, offeringOf, pinClock, priya, tutorMeeting } from './tutor-helpers.ts';

/**
 * A tutor takes published hours back (issue 24, 'Delete and end'): one hour, a weekly series from a
 * date, days off; the race with a checkout in progress; who may do it.
 */

beforeEach(() => pinClock());
afterEach(() => pinClock());

const del = (client: TestClient, path: string) => call(client, path, { method: 'DELETE' });

type Tutor = Awaited<ReturnType<typeof jordan>>;

async function oneOff(ctx: TestContext, tutor: Tutor, start?: number): Promise<number> {
  const made = await post(tutor.client, '/api/meetings', { occurrence_epoch: start ?? (await freeHour(ctx, tutor)), tutor: 'myself' });
  if (made.status !== 201) throw new Error(`hour not made: ${JSON.stringify(made.body)}`);
  return made.body.data.id;
}

async function weekly(ctx: TestContext, tutor: Tutor, free: { from?: number } = {}): Promise<{ slotId: number; weeks: { id: number; occurrence: Date }[] }> {
  const made = await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: await freeWeeklyHour(ctx, tutor, free), tutor: 'myself' });
  if (made.status !== 201) throw new Error(`slot not made: ${JSON.stringify(made.body)}`);
  const weeks = await ctx.database.db.selectFrom('meetings').select(['id', 'occurrence']).where('slot_id', '=', made.body.data.id).orderBy('occurrence').execute();
  return { slotId: made.body.data.id, weeks: weeks.map((w) => ({ id: w.id, occurrence: new Date(w.occurrence) })) };
}

const epochOf = (date: Date) => Math.floor(date.getTime() / 1000);
const oneTimeSearch = async (ctx: TestContext) => (await call(ctx.client(), `/api/meetings?course=${await courseId(ctx, 'CS 121')}&capacity=1&course_style=online`)).body.data.map((m: { id: number }) => m.id) as number[];
const weeklySearch = async (ctx: TestContext) =>
  (await call(ctx.client(), `/api/slots?course=${await courseId(ctx, 'CS 121')}&capacity=1&course_style=online&subscription=true`)).body.data as { slot: { id: number }; meetings: { id: number }[] }[];

async function startCheckout(ctx: TestContext, tutor: Tutor, meetingId: number) {
  const buyer = await newCustomer(ctx);
  const intent = await post(buyer.client, '/api/payments', { meeting: meetingId, offering: await offeringOf(ctx, tutor.id, 'CS 121'), capacity: 1, course_style: 'online' });
  return { buyer, intent };
}

async function subscribe(ctx: TestContext, tutor: Tutor, slotId: number, firstWeek: number, pay = true) {
  const buyer = await newCustomer(ctx);
  const intent = await post(buyer.client, '/api/subscriptions', { meeting: firstWeek, slot: slotId, offering: await offeringOf(ctx, tutor.id, 'CS 121'), capacity: 1, course_style: 'online' });
  if (intent.status !== 201) throw new Error(`not subscribed: ${JSON.stringify(intent.body)}`);
  if (pay) expect((await confirmOffline(buyer.client, intent.body.data.client_secret, '4242424242424242')).body.data.status).toBe('succeeded');
  return { ...buyer, intent };
}

const meetingRow = (ctx: TestContext, id: number) => ctx.database.db.selectFrom('meetings').select(['canceled', 'taken_back', 'reservations_taken']).where('id', '=', id).executeTakeFirstOrThrow();

describeApi('tutors take hours back', (ctx) => {
  it('deletes an unbooked one-off hour: gone from the calendar and the booking flow at once, its row kept', async () => {
    const tutor = await jordan(ctx());
    const hour = await oneOff(ctx(), tutor);
    // The search's answer is cached: the delete must reach it.
    expect(await oneTimeSearch(ctx())).toContain(hour);
    const deleted = await del(tutor.client, `/api/meetings/${hour}`);
    expect(deleted).toEqual({ status: 200, body: { status: 'success', data: { id: hour } } });
    expect(await oneTimeSearch(ctx())).not.toContain(hour);
    expect(await tutorMeeting(tutor.client, hour)).toBeUndefined();
    expect(await meetingRow(ctx(), hour)).toEqual({ canceled: true, taken_back: 'deleted', reservations_taken: 0 });
    expect((await del(tutor.client, `/api/meetings/${hour}`)).body.error.type).toBe('MeetingNotFound');
    const { intent } = await startCheckout(ctx(), tutor, hour);
    expect(intent.body.error.type).toBe('MeetingNotFound');
  });

  it('removes one week of a series, which the search and a later subscription leave out', async () => {
    const tutor = await jordan(ctx());
    const { slotId, weeks } = await weekly(ctx(), tutor);
    expect((await tutorMeeting(tutor.client, weeks[1]!.id))?.meeting).toMatchObject({ slot: { id: slotId } });
    expect((await del(tutor.client, `/api/meetings/${weeks[1]!.id}`)).status).toBe(200);
    const offered = (await weeklySearch(ctx())).find((s) => s.slot.id === slotId)!;
    expect(offered.meetings.map((m) => m.id)).toEqual(weeks.filter((_, i) => i !== 1).map((w) => w.id));
    const sub = await subscribe(ctx(), tutor, slotId, weeks[0]!.id);
    const seats = await ctx().database.db.selectFrom('reservations').select('meeting_id').where('customer_id', '=', sub.id).orderBy('meeting_id').execute();
    expect(seats.map((s) => s.meeting_id)).toEqual(offered.meetings.map((m) => m.id));
    const payments = await ctx().database.db.selectFrom('payments').select('meeting_id').where('customer_id', '=', sub.id).execute();
    expect(payments.map((p) => p.meeting_id)).not.toContain(weeks[1]!.id);
    expect(await meetingRow(ctx(), weeks[1]!.id)).toMatchObject({ canceled: true, reservations_taken: 0 });
  });

  it('keeps booked hours and those that have started', async () => {
    const tutor = await jordan(ctx());
    const { meetingId } = await bookedMeeting(ctx(), tutor, await freeHour(ctx(), tutor));
    expect(await del(tutor.client, `/api/meetings/${meetingId}`)).toMatchObject({ status: 409, body: { error: { type: 'AlreadyBooked' } } });
    const start = await freeHour(ctx(), tutor);
    const hour = await oneOff(ctx(), tutor, start);
    await jumpClock(ctx(), new Date(start * 1000 + 60_000));
    expect(await del(tutor.client, `/api/meetings/${hour}`)).toMatchObject({ status: 409, body: { error: { type: 'MeetingStarted' } } });
    expect(await meetingRow(ctx(), meetingId)).toMatchObject({ canceled: false, reservations_taken: 1 });
  });

  it('refuses an hour someone is paying for, so the payment completes for an hour that stays; a lapsed hold does not keep it', async () => {
    const tutor = await jordan(ctx());
    const hour = await oneOff(ctx(), tutor);
    const { buyer, intent } = await startCheckout(ctx(), tutor, hour);
    expect(intent.status).toBe(201);
    expect(await del(tutor.client, `/api/meetings/${hour}`)).toMatchObject({ status: 409, body: { error: { type: 'AlreadyBooked' } } });
    expect((await confirmOffline(buyer.client, intent.body.data.client_secret, '4242424242424242')).body.data.status).toBe('succeeded');
    expect(await meetingRow(ctx(), hour)).toMatchObject({ canceled: false, reservations_taken: 1 });
    expect((await del(tutor.client, `/api/meetings/${hour}`)).body.error.type).toBe('AlreadyBooked');

    // A hold that ran out (15 minutes) is no one paying: the hour goes, and the late card is refused.
    const later = await oneOff(ctx(), tutor);
    const late = await startCheckout(ctx(), tutor, later);
    await jumpClock(ctx(), new Date(nowMs() + 16 * 60_000));
    expect((await del(tutor.client, `/api/meetings/${later}`)).status).toBe(200);
    const paid = await confirmOffline(late.buyer.client, late.intent.body.data.client_secret, '4242424242424242');
    expect(paid.body.error.type).toBe('PaymentFailed');
    const seats = await ctx().database.db.selectFrom('reservations').select('status').where('meeting_id', '=', later).execute();
    expect(seats.map((s) => s.status)).toEqual(['released']);
    expect(await ctx().database.db.selectFrom('payments').select('payment_status').where('meeting_id', '=', later).execute()).toEqual([{ payment_status: 'abandoned' }]);
  });

  it('never both deletes an hour and sells it, when both happen at once', async () => {
    const tutor = await jordan(ctx());
    for (let round = 0; round < 4; round++) {
      const hour = await oneOff(ctx(), tutor);
      const buyer = await newCustomer(ctx());
      const offering = await offeringOf(ctx(), tutor.id, 'CS 121');
      const book = () => post(buyer.client, '/api/payments', { meeting: hour, offering, capacity: 1, course_style: 'online' });
      const remove = () => del(tutor.client, `/api/meetings/${hour}`);
      const [booking, deletion] = round % 2 ? await Promise.all([book(), remove()]) : (await Promise.all([remove(), book()])).reverse();
      const row = await meetingRow(ctx(), hour);
      if (deletion!.status === 200) {
        expect(booking!.body.error.type).toBe('MeetingNotFound');
        expect(row).toMatchObject({ canceled: true, reservations_taken: 0 });
      } else {
        expect(deletion!.body.error.type).toBe('AlreadyBooked');
        expect(booking!.status).toBe(201);
        expect((await confirmOffline(buyer.client, booking!.body.data.client_secret, '4242424242424242')).body.data.status).toBe('succeeded');
        expect(await meetingRow(ctx(), hour)).toMatchObject({ canceled: false, reservations_taken: 1 });
      }
    }
  });

  it('ends a series from a date: its unbooked weeks go, the search stops before it, booked weeks stay with their customers', async () => {
    const tutor = await jordan(ctx());
    const { slotId, weeks } = await weekly(ctx(), tutor);
    const from = epochOf(weeks[3]!.occurrence) - 3600;
    const preview = await post(tutor.client, `/api/slots/${slotId}/end?dry_run=true`, { from_epoch: from });
    expect(preview.body.data).toMatchObject({ slot: { id: slotId }, from_epoch: from, written: false, booked: [] });
    expect(preview.body.data.removed.map((h: { id: number }) => h.id)).toEqual(weeks.slice(3).map((w) => w.id));
    expect((await weeklySearch(ctx())).find((s) => s.slot.id === slotId)!.meetings).toHaveLength(weeks.length);

    const ended = await post(tutor.client, `/api/slots/${slotId}/end`, { from_epoch: from });
    expect(ended.status).toBe(200);
    expect(ended.body.data).toEqual({ ...preview.body.data, written: true });
    expect((await weeklySearch(ctx())).find((s) => s.slot.id === slotId)!.meetings.map((m) => m.id)).toEqual(weeks.slice(0, 3).map((w) => w.id));
    const slot = await ctx().database.db.selectFrom('slots').select('last_day').where('id', '=', slotId).executeTakeFirstOrThrow();
    expect(new Date(slot.last_day).getTime()).toBe(from * 1000 - 1000);
    // Ending it again from a later date changes nothing.
    expect((await post(tutor.client, `/api/slots/${slotId}/end`, { from_epoch: from + 14 * DAY })).body.data).toMatchObject({ removed: [], booked: [] });
    expect(new Date((await ctx().database.db.selectFrom('slots').select('last_day').where('id', '=', slotId).executeTakeFirstOrThrow()).last_day).getTime()).toBe(from * 1000 - 1000);
  });

  it('ends a subscribed series: its booked weeks stay listed and scheduled, a skipped week goes and is never charged or offered', async () => {
    const tutor = await jordan(ctx());
    // Its first week more than 12 hours away, so that the subscription's cancel gives every week back.
    const { slotId, weeks } = await weekly(ctx(), tutor, { from: Math.floor(nowMs() / 1000) + 2 * DAY });
    const sub = await subscribe(ctx(), tutor, slotId, weeks[0]!.id);
    const weekPayment = async (week: number) =>
      ctx().database.db.selectFrom('payments').select(['id', 'payment_status']).where('customer_id', '=', sub.id).where('meeting_id', '=', weeks[week]!.id).executeTakeFirstOrThrow();
    // The customer skips the fourth week; the tutor ends the series from it.
    expect((await post(sub.client, `/api/payments/${(await weekPayment(3)).id}/skip`, {})).status).toBe(200);
    const ended = await post(tutor.client, `/api/slots/${slotId}/end`, { from_epoch: epochOf(weeks[3]!.occurrence) });
    expect(ended.body.data.removed.map((h: { id: number }) => h.id)).toEqual([weeks[3]!.id]);
    expect(ended.body.data.booked.map((b: { meeting: { id: number } }) => b.meeting.id)).toEqual(weeks.slice(4).map((w) => w.id));
    expect(ended.body.data.booked[0]).toEqual({
      meeting: { id: weeks[4]!.id, occurrence_epoch: epochOf(weeks[4]!.occurrence), duration_mins: 60, course_number: 'CS 121' },
      customers: [{ id: sub.id, firstname: expect.any(String), lastname: 'Student' }],
    });
    // The subscription goes on with its booked weeks, each still charged when its window closes.
    expect((await ctx().database.db.selectFrom('subscriptions').select('status').where('customer_id', '=', sub.id).executeTakeFirstOrThrow()).status).toBe('active');
    expect((await weekPayment(4)).payment_status).toBe('subscription_pending');
    expect((await weekPayment(3)).payment_status).toBe('canceled');
    // Once the subscription ends, its weeks before the end are offered again, those after it never.
    const subscription = await ctx().database.db.selectFrom('subscriptions').select('id').where('customer_id', '=', sub.id).executeTakeFirstOrThrow();
    expect((await post(sub.client, `/api/subscriptions/${subscription.id}/cancel`, {})).status).toBe(200);
    expect((await weeklySearch(ctx())).find((s) => s.slot.id === slotId)!.meetings.map((m) => m.id)).toEqual(weeks.slice(0, 3).map((w) => w.id));
  });

  it('refuses to end a series or take days off while someone is paying for one of their hours', async () => {
    const tutor = await jordan(ctx());
    const { slotId, weeks } = await weekly(ctx(), tutor);
    const sub = await subscribe(ctx(), tutor, slotId, weeks[0]!.id, false);
    const ended = await post(tutor.client, `/api/slots/${slotId}/end`, { from_epoch: epochOf(weeks[2]!.occurrence) });
    expect(ended.status).toBe(409);
    expect(ended.body.error.type).toBe('AlreadyBooked');
    expect(ended.body.error.meetings.map((m: { id: number }) => m.id)).toEqual(weeks.slice(2).map((w) => w.id));
    const day = dayInZone(weeks[2]!.occurrence.getTime(), site.timeZone);
    expect((await post(tutor.client, '/api/tutors/myself/days-off', { first_day: day, last_day: day })).body.error).toMatchObject({ type: 'AlreadyBooked', meetings: [{ id: weeks[2]!.id }] });
    // Nothing changed: the payment completes every week.
    expect((await confirmOffline(sub.client, sub.intent.body.data.client_secret, '4242424242424242')).body.data.status).toBe('succeeded');
    const seats = await ctx().database.db.selectFrom('reservations').select('status').where('customer_id', '=', sub.id).execute();
    expect(seats).toHaveLength(weeks.length);
    expect(seats.every((s) => s.status === 'confirmed')).toBe(true);
  });

  it('takes days off: unbooked hours there go, booked ones stay, and no hour is added, moved or booked there until they are taken back', async () => {
    const tutor = await jordan(ctx());
    // A day ahead with a free hour for the unbooked one and another for the booked one.
    const unbookedStart = await freeHour(ctx(), tutor, { from: Math.floor(nowMs() / 1000) + 5 * DAY });
    const day = dayInZone(unbookedStart * 1000, site.timeZone);
    const span = dayOffSpan(day, day, site.timeZone);
    const unbooked = await oneOff(ctx(), tutor, unbookedStart);
    const bookedStart = await freeHour(ctx(), tutor, { from: span.startsMs / 1000, until: span.endsMs / 1000 - HOUR });
    const booked = await bookedMeeting(ctx(), tutor, bookedStart);
    const elsewhere = await oneOff(ctx(), tutor, await freeHour(ctx(), tutor, { from: span.endsMs / 1000 }));

    const taken = await post(tutor.client, '/api/tutors/myself/days-off', { first_day: day, last_day: day });
    expect(taken.status).toBe(201);
    expect(taken.body.data.day_off).toEqual({ id: expect.any(Number), first_day: day, last_day: day, starts_epoch: span.startsMs / 1000, ends_epoch: span.endsMs / 1000 });
    expect(taken.body.data.removed.map((h: { id: number }) => h.id)).toContain(unbooked);
    expect(taken.body.data.removed.map((h: { id: number }) => h.id)).not.toContain(elsewhere);
    for (const h of taken.body.data.removed) expect(h.occurrence_epoch * 1000 >= span.startsMs && h.occurrence_epoch * 1000 < span.endsMs).toBe(true);
    expect(taken.body.data.booked).toContainEqual({
      meeting: { id: booked.meetingId, occurrence_epoch: bookedStart, duration_mins: 60, course_number: 'CS 121' },
      customers: [{ id: booked.customer.id, firstname: expect.any(String), lastname: 'Student' }],
    });
    expect(await meetingRow(ctx(), unbooked)).toMatchObject({ canceled: true, taken_back: 'day_off' });
    expect(await oneTimeSearch(ctx())).not.toContain(unbooked);
    const dayOffId = taken.body.data.day_off.id;
    expect((await call(tutor.client, '/api/tutors/myself/days-off')).body.data).toEqual([taken.body.data.day_off]);

    // Nothing new on those days: a one-off, a move onto them, the week of a new series.
    const again = await post(tutor.client, '/api/meetings', { occurrence_epoch: unbookedStart, tutor: 'myself' });
    expect(again).toMatchObject({ status: 409, body: { error: { type: 'OnDayOff', day_off: { id: dayOffId, first_day: day } } } });
    expect((await post(tutor.client, `/api/meetings/${elsewhere}/occurrence_epoch`, { occurrence_epoch: unbookedStart })).body.error.type).toBe('OnDayOff');
    const overlapping = await post(tutor.client, '/api/tutors/myself/days-off', { first_day: addDays(day, -1), last_day: addDays(day, 1) });
    expect(overlapping).toMatchObject({ status: 409, body: { error: { type: 'DayOffOverlap', day_off: { id: dayOffId } } } });

    // Taken back: hours can be added there again; the one removed stays removed.
    expect(await del(tutor.client, `/api/tutors/myself/days-off/${dayOffId}`)).toEqual({ status: 200, body: { status: 'success', data: { id: dayOffId } } });
    expect((await call(tutor.client, '/api/tutors/myself/days-off')).body.data).toEqual([]);
    expect(await meetingRow(ctx(), unbooked)).toMatchObject({ canceled: true });
    expect((await post(tutor.client, '/api/meetings', { occurrence_epoch: unbookedStart, tutor: 'myself' })).status).toBe(201);
    expect((await del(tutor.client, `/api/tutors/myself/days-off/${dayOffId}`)).body.error.type).toBe('DayOffNotFound');
  });

  it('leaves the weeks on days off out of a new series, and refuses days off that are not whole future days', async () => {
    const tutor = await jordan(ctx());
    const anchor = await freeWeeklyHour(ctx(), tutor, { from: Math.floor(nowMs() / 1000) + 2 * DAY });
    const secondWeek = dayInZone(anchor * 1000 + 7 * DAY * 1000, site.timeZone);
    const off = await post(tutor.client, '/api/tutors/myself/days-off', { first_day: secondWeek, last_day: secondWeek });
    expect(off.status).toBe(201);
    const slot = await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: anchor, tutor: 'myself' });
    expect(slot.status).toBe(201);
    const days = (await ctx().database.db.selectFrom('meetings').select('occurrence').where('slot_id', '=', slot.body.data.id).execute()).map((m) => dayInZone(new Date(m.occurrence).getTime(), site.timeZone));
    expect(days).not.toContain(secondWeek);
    expect(days).toContain(dayInZone(anchor * 1000, site.timeZone));

    const today = dayInZone(nowMs(), site.timeZone);
    const refused = async (first_day: string, last_day: string) => (await post(tutor.client, '/api/tutors/myself/days-off', { first_day, last_day })).body.error;
    expect(await refused(addDays(today, -1), today)).toMatchObject({ type: 'BadInput', fields: { first_day: expect.any(String) } });
    expect(await refused(addDays(today, 30), addDays(today, 29))).toMatchObject({ type: 'BadInput', fields: { last_day: expect.any(String) } });
    expect(await refused(addDays(today, 30), addDays(today, 400))).toMatchObject({ type: 'BadInput', fields: { last_day: expect.any(String) } });
    expect(await refused('2027-02-30', '2027-03-01')).toMatchObject({ type: 'BadInput', fields: { first_day: expect.any(String) } });
    expect((await post(tutor.client, '/api/slots/1/end', { from_epoch: 'soon' })).body.error).toMatchObject({ type: 'BadInput', fields: { from_epoch: expect.any(String) } });
  });

  it('lets a tutor take back only their own hours, and a supervisor anyone\'s', async () => {
    const owner = await jordan(ctx());
    const other = await priya(ctx());
    const supervisor = await maya(ctx());
    const customer = await newCustomer(ctx());
    const stranger = ctx().client();
    const hour = await oneOff(ctx(), owner);
    const { slotId, weeks } = await weekly(ctx(), owner);
    const day = dayInZone(nowMs() + 40 * DAY * 1000, site.timeZone);
    const dayOff = (await post(owner.client, '/api/tutors/myself/days-off', { first_day: day, last_day: day })).body.data.day_off.id;
    const calls: [string, (client: TestClient) => Promise<{ status: number; body: { error?: { type: string } } }>][] = [
      ['delete an hour', (client) => del(client, `/api/meetings/${hour}`)],
      ['end a series', (client) => post(client, `/api/slots/${slotId}/end`, { from_epoch: epochOf(weeks[5]!.occurrence) })],
      ['list days off', (client) => call(client, `/api/tutors/${owner.id}/days-off`)],
      ['take days off', (client) => post(client, `/api/tutors/${owner.id}/days-off`, { first_day: addDays(day, 1), last_day: addDays(day, 1) })],
      ['take days off back', (client) => del(client, `/api/tutors/${owner.id}/days-off/${dayOff}`)],
    ];
    for (const [name, run] of calls) {
      expect((await run(stranger)).body.error?.type, `${name}, no session`).toBe('NoAuth');
      expect((await run(customer.client)).body.error?.type, `${name}, a customer`).toBe('NotAuthorized');
      expect((await run(other.client)).body.error?.type, `${name}, another tutor`).toBe('NotAuthorized');
    }
    // Another tutor's day off is not theirs to take back through their own calendar either.
    expect((await del(other.client, `/api/tutors/myself/days-off/${dayOff}`)).body.error.type).toBe('DayOffNotFound');
    for (const [name, run] of calls) expect((await run(supervisor.client)).status, `${name}, a supervisor`).toBeLessThan(300);
    expect(await meetingRow(ctx(), hour)).toMatchObject({ canceled: true, taken_back: 'deleted' });
    expect((await post(owner.client, '/api/slots/999999/end', { from_epoch: epochOf(weeks[1]!.occurrence) })).body.error.type).toBe('SlotNotFound');
    expect((await post(supervisor.client, '/api/tutors/999999/days-off', { first_day: day, last_day: day })).body.error.type).toBe('TutorNotFound');
  });
});
