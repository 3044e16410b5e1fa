import ICAL from 'ical.js';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { CANCEL_NOTICE_HOURS } from '../../server/domain/meetings/student-changes.ts';
import { chargeDueWeeklyPayments } from '../../server/domain/billing/weekly-charges.ts';
import { dayInZone } from '../../src/lib/site-days.ts';
import { site } from '../../src/config/site.ts';
import { offlineProvider } from '../../server/payments/offline.ts';
import { confirmOffline, newCustomer, post } from './booking-helpers.ts';
import { call, describeApi, type TestClient, type TestContext } from './harness.ts';
import { holdMeetingRow } from './race-helpers.ts';
import {
  bookedMeeting,
  DAY,
  freeHour,
  freeWeeklyHour,
  HOUR,
  jordan,
  jumpClock,
  maya,
  newTutor,
  offeringOf,
  pinClock,
  priya,
  tutorMeeting,
} from './tutor-helpers.ts';

/**
 * Re-assigning a booked session to another tutor (issue 25, docs/contract-extensions.md): the same
 * session and payments with the new tutor, told to everyone with updated invites, only by a
 * supervisor, only to a free qualified tutor, never a double booking.
 */

interface OutboxRow {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  ics: string | null;
}

async function outboxTo(ctx: TestContext, to: string): Promise<OutboxRow[]> {
  await ctx.notifier.settle();
  return ctx.database.db.selectFrom('outbox').select(['channel', 'to', 'subject', 'text', 'ics']).where('to', '=', to).orderBy('id').execute();
}

/** The invite's method and events, read back with another library than the one that wrote it. */
function parseInvite(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return {
    method: calendar.getFirstPropertyValue('method'),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return { uid: event.uid, sequence: event.sequence, start: Math.floor(event.startDate.toJSDate().getTime() / 1000), summary: event.summary, organizer: String(vevent.getFirstPropertyValue('organizer')) };
    }),
  };
}

const reassign = (client: TestClient, meetingId: number, fields: Record<string, string | number>) => post(client, `/api/meetings/${meetingId}/reassign`, fields);
const candidates = (client: TestClient, meetingId: number, fromDate?: string) =>
  call(client, `/api/meetings/${meetingId}/reassign-candidates${fromDate ? `?from_date=${fromDate}` : ''}`);

/** What the customer paid for a meeting, as the rows say (money never moves in a re-assign). */
const paymentsOf = (ctx: TestContext, meetingId: number) =>
  ctx.database.db
    .selectFrom('payments')
    .select(['id', 'customer_id', 'amount_cents', 'payment_status', 'provider_intent_id', 'refund_pending', 'refunded_at', 'subscription_id'])
    .where('meeting_id', '=', meetingId)
    .orderBy('id')
    .execute();

const meetingRow = (ctx: TestContext, meetingId: number) =>
  ctx.database.db
    .selectFrom('meetings')
    .select(['tutor_id', 'offering_id', 'slot_id', 'occurrence', 'canceled', 'taken_back', 'calendar_sequence', 'notified_sequence', 'reservations_taken', 'capacity'])
    .where('id', '=', meetingId)
    .executeTakeFirstOrThrow();

const emailOf = async (ctx: TestContext, customerId: number) =>
  (await ctx.database.db.selectFrom('customers').select('email').where('id', '=', customerId).executeTakeFirstOrThrow()).email;

/** A tutor's id and phone by email. */
const tutorRow = (ctx: TestContext, email: string) => ctx.database.db.selectFrom('tutors').select(['id', 'phone', 'name']).where('email', '=', email).executeTakeFirstOrThrow();

/** A new weekly slot of Jordan's paid (first week) by a new customer; the later weeks are scheduled. */
async function weeklySubscriber(ctx: TestContext, tutors: number[]) {
  const tutor = await jordan(ctx);
  const slot = await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: await freeWeeklyHour(ctx, tutors), tutor: 'myself' });
  if (slot.status !== 201) throw new Error(`slot not made: ${JSON.stringify(slot.body)}`);
  const weeks = await ctx.database.db.selectFrom('meetings').select(['id', 'occurrence']).where('slot_id', '=', slot.body.data.id).orderBy('occurrence').execute();
  const buyer = await newCustomer(ctx);
  const intent = await post(buyer.client, '/api/subscriptions', { meeting: weeks[0]!.id, slot: slot.body.data.id, offering: await offeringOf(ctx, tutor.id, 'CS 121'), capacity: 1, course_style: 'online' });
  if (intent.status !== 201) throw new Error(`not booked: ${JSON.stringify(intent.body)}`);
  const paid = await confirmOffline(buyer.client, intent.body.data.client_secret, '4242424242424242');
  if (paid.body.data?.status !== 'succeeded') throw new Error(`not paid: ${JSON.stringify(paid.body)}`);
  await ctx.notifier.settle();
  return { buyer, slotId: slot.body.data.id as number, weeks: weeks.map((w) => ({ id: w.id, start: new Date(w.occurrence).getTime() / 1000 })) };
}

describeApi('re-assigning a session', (ctx) => {
  beforeEach(pinClock);
  afterAll(pinClock);

  it('moves a booked session to a free qualified tutor at its time: the same seat and payment, the customer told with the same invite updated', async () => {
    const lead = await maya(ctx());
    const from = await jordan(ctx());
    const to = await priya(ctx());
    const start = await freeHour(ctx(), [from.id, to.id]);
    const { meetingId, customer } = await bookedMeeting(ctx(), from, start);
    const paidBefore = await paymentsOf(ctx(), meetingId);

    const listed = await candidates(lead.client, meetingId);
    expect(listed.status).toBe(200);
    expect(listed.body.data.meeting).toMatchObject({ id: meetingId, occurrence_epoch: start, course: { course_number: 'CS 121' }, tutor: { id: from.id }, slot: null });
    expect(listed.body.data.sessions).toEqual([{ id: meetingId, occurrence_epoch: start, duration_mins: 60 }]);
    expect(listed.body.data.free).toContainEqual({ tutor: { id: to.id, name: 'Priya Natarajan' }, hours_used: [] });
    // Only tutors qualified for the course: never the one who has it, never Sam (no CS 121), never archived Lena.
    const offered = [...listed.body.data.free, ...listed.body.data.unavailable].map((c: { tutor: { name: string } }) => c.tutor.name);
    expect(offered).not.toContain('Jordan Alvarez');
    expect(offered).not.toContain('Sam Okafor');
    expect(offered).not.toContain('Lena Fischer');

    const done = await reassign(lead.client, meetingId, { tutor: to.id });
    expect(done.status).toBe(200);
    expect(done.body.data.tutor).toEqual({ id: to.id, name: 'Priya Natarajan' });
    expect(done.body.data.meetings).toEqual([expect.objectContaining({ id: meetingId, occurrence_epoch: start, tutor: expect.objectContaining({ id: to.id }), capacity: 1, reservations_taken: 1 })]);
    expect(done.body.data.hours_used).toEqual([]);

    // The same session: its seat, its payment untouched (nothing refunded, nothing charged), the new tutor's offering.
    expect(await paymentsOf(ctx(), meetingId)).toEqual(paidBefore);
    const row = await meetingRow(ctx(), meetingId);
    expect(row).toMatchObject({ tutor_id: to.id, offering_id: await offeringOf(ctx(), to.id, 'CS 121'), canceled: false, calendar_sequence: 1, notified_sequence: 1 });
    expect(await tutorMeeting(from.client, meetingId)).toBeUndefined();
    expect((await tutorMeeting(to.client, meetingId))?.payments.map((p) => p.customer.id)).toEqual([customer.id]);
    const own = (await call(customer.client, '/api/customers/myself/payments')).body.data.find((p: { meeting: { id: number } }) => p.meeting.id === meetingId);
    expect(own.meeting.tutor.name).toBe('Priya Natarajan');
    expect(own.payment_status).toBe('succeeded');

    // The customer: one email naming the new tutor, its invite the same entry (UID) with a higher SEQUENCE.
    const mail = (await outboxTo(ctx(), await emailOf(ctx(), customer.id))).filter((m) => !/^(You're booked|Receipt)/.test(m.subject));
    expect(mail.map((m) => m.subject)).toEqual([expect.stringMatching(/^New tutor: CS 121 on .* with Priya Natarajan$/)]);
    expect(mail[0]!.text).toContain('is now with Priya Natarajan instead of Jordan Alvarez');
    expect(mail[0]!.text).toContain('nothing is refunded or charged');
    const invite = parseInvite(mail[0]!.ics!);
    expect(invite.method).toBe('REQUEST');
    expect(invite.events).toEqual([expect.objectContaining({ uid: `meeting-${meetingId}@localhost`, sequence: 1, start, summary: expect.stringContaining('CS 121 with Priya Natarajan') })]);
    expect(invite.events[0]!.organizer).toMatch(/mailto:priya@/i);

    // Jordan: the entry canceled, by email and text. Priya: the invite, by email and text, as for a booking.
    const jordanRow = await tutorRow(ctx(), 'jordan@beacontutoring.com');
    const away = (await outboxTo(ctx(), 'jordan@beacontutoring.com')).filter((m) => m.subject.startsWith('No longer yours'));
    expect(away).toHaveLength(1);
    expect(away[0]!.text).toContain('is now with Priya Natarajan');
    expect(parseInvite(away[0]!.ics!)).toMatchObject({ method: 'CANCEL', events: [expect.objectContaining({ uid: `meeting-${meetingId}@localhost`, sequence: 1 })] });
    expect((await outboxTo(ctx(), jordanRow.phone)).filter((m) => m.text.includes('is now with Priya Natarajan'))).toHaveLength(1);
    const priyaRow = await tutorRow(ctx(), 'priya@beacontutoring.com');
    const taken = (await outboxTo(ctx(), 'priya@beacontutoring.com')).filter((m) => m.subject.startsWith('New session:') && m.ics?.includes(`meeting-${meetingId}@`));
    expect(taken).toHaveLength(1);
    expect(taken[0]!.text).toContain('re-assigned to you from Jordan Alvarez');
    expect(parseInvite(taken[0]!.ics!)).toMatchObject({ method: 'REQUEST', events: [expect.objectContaining({ uid: `meeting-${meetingId}@localhost`, sequence: 1 })] });
    expect((await outboxTo(ctx(), priyaRow.phone)).filter((m) => m.text.includes('re-assigned from Jordan Alvarez') && m.text.includes(`Test`))).not.toHaveLength(0);
    // Told once: no separate 'New time' email, no refund.
    await ctx().notifier.settle();
    const again = await outboxTo(ctx(), await emailOf(ctx(), customer.id));
    expect(again.filter((m) => /^(New time|Refund|Canceled)/.test(m.subject))).toEqual([]);
  });

  it("uses the new tutor's unbooked hour at that time (taken back), and the new tutor then has the customer's gradebook", async () => {
    const lead = await maya(ctx());
    const from = await jordan(ctx());
    const to = await priya(ctx());
    const start = await freeHour(ctx(), [from.id, to.id]);
    const { meetingId, customer } = await bookedMeeting(ctx(), from, start);
    const hour = (await post(to.client, '/api/meetings', { occurrence_epoch: start, tutor: 'myself' })).body.data.id as number;

    const listed = await candidates(lead.client, meetingId);
    expect(listed.body.data.free).toContainEqual({ tutor: { id: to.id, name: 'Priya Natarajan' }, hours_used: [{ id: hour, occurrence_epoch: start, duration_mins: 60 }] });
    const done = await reassign(lead.client, meetingId, { tutor: to.id });
    expect(done.status).toBe(200);
    expect(done.body.data.hours_used).toEqual([{ id: hour, occurrence_epoch: start, duration_mins: 60 }]);
    expect(await meetingRow(ctx(), hour)).toMatchObject({ canceled: true, taken_back: 'deleted' });
    // One meeting of Priya's at that time, the booked one: the hour is no longer offered.
    const priyas = (await call(to.client, '/api/tutors/myself/meetings')).body.data as { meeting: { id: number; occurrence_epoch: number } }[];
    expect(priyas.filter((m) => m.meeting.occurrence_epoch === start).map((m) => m.meeting.id)).toEqual([meetingId]);

    // The gradebook follows who teaches the course to the customer: Priya now, not Jordan (this was their only session).
    const gradebook = (await call(customer.client, '/api/customers/myself/gradebooks')).body.data[0] as { id: number };
    const listOf = async (client: TestClient) => ((await call(client, '/api/tutors/myself/gradebooks')).body.data as { id: number }[]).map((g) => g.id);
    expect(await listOf(to.client)).toContain(gradebook.id);
    expect(await listOf(from.client)).not.toContain(gradebook.id);
    expect((await call(to.client, `/api/gradebooks/${gradebook.id}/categories`)).status).toBe(200);
  });

  it('moves a session to another time and tutor: a published hour of a qualified tutor, within the move rules', async () => {
    const lead = await maya(ctx());
    const from = await jordan(ctx());
    const to = await priya(ctx());
    const start = await freeHour(ctx(), [from.id, to.id], { from: Math.floor(nowMs() / 1000) + 3 * DAY });
    const { meetingId, customer } = await bookedMeeting(ctx(), from, start);
    const later = await freeHour(ctx(), [from.id, to.id], { from: start + DAY });
    const hour = (await post(to.client, '/api/meetings', { occurrence_epoch: later, tutor: 'myself' })).body.data.id as number;
    // An earlier hour under 12 hours away would take away the customer's skip window.
    const soon = await freeHour(ctx(), [from.id, to.id], { from: Math.floor(nowMs() / 1000) + 2 * HOUR, until: Math.floor(nowMs() / 1000) + 10 * HOUR });
    const soonHour = (await post(to.client, '/api/meetings', { occurrence_epoch: soon, tutor: 'myself' })).body.data.id as number;

    const listed = await candidates(lead.client, meetingId);
    const times = listed.body.data.other_times as { tutor: { id: number }; hour: { id: number; occurrence_epoch: number } }[];
    expect(times).toContainEqual({ tutor: { id: to.id, name: 'Priya Natarajan' }, hour: { id: hour, occurrence_epoch: later, duration_mins: 60 } });
    expect(times.map((t) => t.hour.id)).not.toContain(soonHour);
    expect((await reassign(lead.client, meetingId, { tutor: to.id, occurrence_epoch: soon })).body.error.type).toBe('MoveTooSoon');

    const done = await reassign(lead.client, meetingId, { tutor: to.id, occurrence_epoch: later });
    expect(done.status).toBe(200);
    expect(done.body.data.meetings[0]).toMatchObject({ id: meetingId, occurrence_epoch: later, tutor: { id: to.id } });
    expect(done.body.data.hours_used).toEqual([{ id: hour, occurrence_epoch: later, duration_mins: 60 }]);
    expect(await meetingRow(ctx(), hour)).toMatchObject({ canceled: true, taken_back: 'deleted' });
    const mail = (await outboxTo(ctx(), await emailOf(ctx(), customer.id))).filter((m) => m.subject.startsWith('New tutor'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toMatch(/with Jordan Alvarez on .* moved to .*, and it is now with Priya Natarajan/);
    expect(parseInvite(mail[0]!.ics!).events).toEqual([expect.objectContaining({ uid: `meeting-${meetingId}@localhost`, sequence: 1, start: later })]);
  });

  it('moves a weekly subscription from a day on: the earlier weeks stay, the later ones and their charges go to the new tutor', async () => {
    const lead = await maya(ctx());
    const from = await jordan(ctx());
    const to = await priya(ctx());
    const { buyer, slotId, weeks } = await weeklySubscriber(ctx(), [from.id, to.id]);
    expect(weeks.length).toBeGreaterThan(4);
    const third = weeks[2]!;
    const fromDate = dayInZone(third.start * 1000, site.timeZone);
    const before = await Promise.all(weeks.map((w) => paymentsOf(ctx(), w.id)));

    // Weeks are moved as a series only from a day; a one-off session has none.
    const listed = await candidates(lead.client, third.id, fromDate);
    expect(listed.status).toBe(200);
    expect(listed.body.data.sessions.map((s: { id: number }) => s.id)).toEqual(weeks.slice(2).map((w) => w.id));
    expect(listed.body.data.free.map((f: { tutor: { id: number } }) => f.tutor.id)).toContain(to.id);
    expect(listed.body.data.other_times).toEqual([]);
    expect((await reassign(lead.client, third.id, { tutor: to.id, from_date: fromDate, occurrence_epoch: third.start })).body.error.type).toBe('BadInput');

    const done = await reassign(lead.client, weeks[3]!.id, { tutor: to.id, from_date: fromDate });
    expect(done.status).toBe(200);
    expect(done.body.data.meetings.map((m: { id: number }) => m.id)).toEqual(weeks.slice(2).map((w) => w.id));
    for (const week of weeks.slice(0, 2)) expect((await meetingRow(ctx(), week.id)).tutor_id).toBe(from.id);
    const moved = await Promise.all(weeks.slice(2).map((w) => meetingRow(ctx(), w.id)));
    expect(new Set(moved.map((m) => m.tutor_id))).toEqual(new Set([to.id]));
    // A series of Priya's now, with the subscription's terms under her.
    const newSlot = moved[0]!.slot_id!;
    expect(newSlot).not.toBe(slotId);
    expect(new Set(moved.map((m) => m.slot_id))).toEqual(new Set([newSlot]));
    expect((await ctx().database.db.selectFrom('slots').select('tutor_id').where('id', '=', newSlot).executeTakeFirstOrThrow()).tutor_id).toBe(to.id);
    const subscription = await ctx().database.db.selectFrom('subscriptions').select(['slot_id', 'offering_id', 'status']).where('customer_id', '=', buyer.id).executeTakeFirstOrThrow();
    expect(subscription).toEqual({ slot_id: newSlot, offering_id: await offeringOf(ctx(), to.id, 'CS 121'), status: 'active' });
    // Every payment as it was: the first charged, the later weeks still scheduled at their price.
    expect(await Promise.all(weeks.map((w) => paymentsOf(ctx(), w.id)))).toEqual(before);

    // One message for the weeks: the customer's invite holds each of them, updated.
    const mail = (await outboxTo(ctx(), await emailOf(ctx(), buyer.id))).filter((m) => m.subject.startsWith('New tutor'));
    expect(mail.map((m) => m.subject)).toEqual(['New tutor: weekly CS 121 with Priya Natarajan']);
    expect(mail[0]!.text).toContain('your weekly charges continue as before');
    const invite = parseInvite(mail[0]!.ics!);
    expect(invite.events.map((e) => [e.uid, e.sequence])).toEqual(weeks.slice(2).map((w) => [`meeting-${w.id}@localhost`, 1]));
    const away = (await outboxTo(ctx(), 'jordan@beacontutoring.com')).filter((m) => m.subject.startsWith('No longer yours: weekly CS 121'));
    expect(away).toHaveLength(1);
    expect(parseInvite(away[0]!.ics!).events).toHaveLength(weeks.length - 2);

    // The weekly charge of a moved week goes on as before, for a session now with Priya.
    const week3Payment = before[2]!.find((p) => p.payment_status === 'subscription_pending')!;
    await jumpClock(ctx(), new Date(third.start * 1000 - CANCEL_NOTICE_HOURS * HOUR * 1000 + 60_000));
    await ctx().notifier.settle();
    await chargeDueWeeklyPayments({ db: ctx().database.db, provider: offlineProvider(), log: () => {} });
    const charged = (await paymentsOf(ctx(), third.id)).find((p) => p.id === week3Payment.id)!;
    expect(charged).toMatchObject({ payment_status: 'succeeded', amount_cents: week3Payment.amount_cents });
    expect((await call(buyer.client, '/api/customers/myself/payments')).body.data.find((p: { id: number }) => p.id === week3Payment.id).meeting.tutor.name).toBe('Priya Natarajan');
  });

  it('is for supervisors only, and refuses what cannot be re-assigned, each in words', async () => {
    const lead = await maya(ctx());
    const from = await jordan(ctx());
    const to = await priya(ctx());
    const start = await freeHour(ctx(), [from.id, to.id]);
    const { meetingId, customer } = await bookedMeeting(ctx(), from, start);

    // Nobody else: a tutor (even the session's own), a customer, a stranger.
    for (const client of [from.client, to.client, customer.client]) {
      expect(await reassign(client, meetingId, { tutor: to.id })).toMatchObject({ status: 403, body: { error: { type: 'NotAuthorized' } } });
      expect((await candidates(client, meetingId)).status).toBe(403);
    }
    expect((await reassign(ctx().client(), meetingId, { tutor: to.id })).status).toBe(401);
    expect((await candidates(ctx().client(), meetingId)).status).toBe(401);

    const sam = await tutorRow(ctx(), 'sam@beacontutoring.com');
    const lena = await tutorRow(ctx(), 'lena@beacontutoring.com');
    expect(await reassign(lead.client, meetingId, { tutor: sam.id })).toMatchObject({ status: 409, body: { error: { type: 'NotQualified' } } });
    expect(await reassign(lead.client, meetingId, { tutor: lena.id })).toMatchObject({ status: 409, body: { error: { type: 'TutorArchived' } } });
    expect(await reassign(lead.client, meetingId, { tutor: from.id })).toMatchObject({ status: 409, body: { error: { type: 'SameTutor' } } });
    expect(await reassign(lead.client, meetingId, { tutor: 2_000_000 })).toMatchObject({ status: 404, body: { error: { type: 'TutorNotFound' } } });
    expect(await reassign(lead.client, 2_000_000, { tutor: to.id })).toMatchObject({ status: 404, body: { error: { type: 'MeetingNotFound' } } });
    expect(await reassign(lead.client, meetingId, { tutor: to.id, from_date: dayInZone(start * 1000, site.timeZone) })).toMatchObject({ status: 400, body: { error: { type: 'BadInput', fields: { from_date: expect.any(String) } } } });
    expect((await reassign(lead.client, meetingId, { tutor: 'someone' })).body.error.type).toBe('BadInput');

    // An unbooked hour is availability, not a session.
    const open = (await post(from.client, '/api/meetings', { occurrence_epoch: await freeHour(ctx(), [from.id, to.id]), tutor: 'myself' })).body.data.id as number;
    expect(await reassign(lead.client, open, { tutor: to.id })).toMatchObject({ status: 409, body: { error: { type: 'MeetingNotBooked' } } });
    expect((await candidates(lead.client, open)).body.error.type).toBe('MeetingNotBooked');

    // Busy: Priya has a booked session then (the error names it); then days off.
    const other = await bookedMeeting(ctx(), to, start);
    const busy = await reassign(lead.client, meetingId, { tutor: to.id });
    expect(busy).toMatchObject({ status: 409, body: { error: { type: 'TutorBusy', meeting: { id: other.meetingId, occurrence_epoch: start } } } });
    expect((await candidates(lead.client, meetingId)).body.data.unavailable).toContainEqual({ tutor: { id: to.id, name: 'Priya Natarajan' }, reason: 'busy', meeting: { id: other.meetingId, occurrence_epoch: start, duration_mins: 60 } });
    const third = await newTutor(ctx());
    const day = dayInZone(start * 1000, site.timeZone);
    expect((await post(third.client, '/api/tutors/myself/days-off', { first_day: day, last_day: day })).status).toBe(201);
    expect(await reassign(lead.client, meetingId, { tutor: third.id })).toMatchObject({ status: 409, body: { error: { type: 'OnDayOff', day_off: { first_day: day } } } });
    expect((await candidates(lead.client, meetingId)).body.data.unavailable).toContainEqual(expect.objectContaining({ tutor: { id: third.id, name: expect.any(String) }, reason: 'day_off' }));
    // Nothing changed by the refusals.
    expect(await meetingRow(ctx(), meetingId)).toMatchObject({ tutor_id: from.id, calendar_sequence: 0, canceled: false });

    // A session that has started stays with its tutor.
    await jumpClock(ctx(), new Date((start + 60) * 1000));
    expect(await reassign(lead.client, meetingId, { tutor: to.id })).toMatchObject({ status: 409, body: { error: { type: 'MeetingStarted' } } });
    pinClock();

    // A canceled session has nothing left to re-assign.
    const later = await freeHour(ctx(), [from.id, to.id]);
    const canceled = await bookedMeeting(ctx(), from, later);
    expect((await post(from.client, `/api/meetings/${canceled.meetingId}/cancel`, {})).status).toBe(200);
    expect(await reassign(lead.client, canceled.meetingId, { tutor: to.id })).toMatchObject({ status: 409, body: { error: { type: 'MeetingCanceled' } } });
  });

  it('lets a supervisor take a session themself (tutor=myself) when qualified', async () => {
    const lead = await maya(ctx());
    const from = await jordan(ctx());
    const start = await freeHour(ctx(), [from.id, lead.id]);
    const { meetingId } = await bookedMeeting(ctx(), from, start);
    expect((await reassign(lead.client, meetingId, { tutor: 'myself' })).body.error.type).toBe('NotQualified');
    const course = (await ctx().database.db.selectFrom('courses').select('id').where('course_number', '=', 'CS 121').executeTakeFirstOrThrow()).id;
    expect((await post(lead.client, '/api/offerings', { tutor: 'myself', course, qualification: 'A in CS 121' })).status).toBe(201);
    const done = await reassign(lead.client, meetingId, { tutor: 'myself' });
    expect(done.status).toBe(200);
    expect(done.body.data.tutor).toEqual({ id: lead.id, name: 'Maya Chen' });
  });
});

describeApi('re-assigning under concurrency', (ctx) => {
  beforeEach(pinClock);
  afterAll(pinClock);

  /** The tutor's meetings that someone holds a seat in, at this start. */
  const seatedAt = async (tutorId: number, start: number) =>
    ctx()
      .database.db.selectFrom('meetings')
      .select('id')
      .where('tutor_id', '=', tutorId)
      .where('canceled', '=', false)
      .where('occurrence', '=', new Date(start * 1000))
      .where('reservations_taken', '>', 0)
      .execute();

  it('two supervisors giving two sessions at one time to one tutor: one of them, never both', async () => {
    const leads = [await maya(ctx()), await maya(ctx())];
    const from = await jordan(ctx());
    const other = await newTutor(ctx());
    const to = await priya(ctx());
    const start = await freeHour(ctx(), [from.id, other.id, to.id]);
    const a = await bookedMeeting(ctx(), from, start);
    const b = await bookedMeeting(ctx(), other, start);
    const answers = await Promise.all([reassign(leads[0]!.client, a.meetingId, { tutor: to.id }), reassign(leads[1]!.client, b.meetingId, { tutor: to.id })]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(answers.find((x) => x.status === 409)!.body.error.type).toBe('TutorBusy');
    expect(await seatedAt(to.id, start)).toHaveLength(1);
  });

  it('two supervisors re-assigning one session to two tutors: it ends with one of them, each calendar whole', async () => {
    const leads = [await maya(ctx()), await maya(ctx())];
    const from = await jordan(ctx());
    const second = await newTutor(ctx());
    const to = await priya(ctx());
    const start = await freeHour(ctx(), [from.id, second.id, to.id]);
    const { meetingId } = await bookedMeeting(ctx(), from, start);
    const answers = await Promise.all([reassign(leads[0]!.client, meetingId, { tutor: to.id }), reassign(leads[1]!.client, meetingId, { tutor: second.id })]);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const row = await meetingRow(ctx(), meetingId);
    expect([to.id, second.id]).toContain(row.tutor_id);
    expect(row.canceled).toBe(false);
    expect([...(await seatedAt(to.id, start)), ...(await seatedAt(second.id, start)), ...(await seatedAt(from.id, start))]).toHaveLength(1);
  });

  it("a booking of the new tutor's hour racing the re-assign into it: one of them wins, never a double booking", async () => {
    const { db } = ctx().database;
    for (let round = 0; round < 3; round++) {
      const lead = await maya(ctx());
      const from = await jordan(ctx());
      const to = await priya(ctx());
      const start = await freeHour(ctx(), [from.id, to.id]);
      const { meetingId } = await bookedMeeting(ctx(), from, start);
      const hour = (await post(to.client, '/api/meetings', { occurrence_epoch: start, tutor: 'myself' })).body.data.id as number;
      const buyer = await newCustomer(ctx());
      const booking = { meeting: hour, offering: await offeringOf(ctx(), to.id, 'CS 121'), capacity: 1, course_style: 'online' };
      let answers: { status: number; body: { error?: { type: string } } }[];
      if (ctx().kind === 'postgres' && round < 2) {
        // Both get part of the way while the hour's row is held, and wait for it in turn: the
        // re-assign first (round 0), then the checkout first (round 1). Round 2 races freely.
        const hold = await holdMeetingRow(db, hour);
        const first = round === 0 ? reassign(lead.client, meetingId, { tutor: to.id }) : post(buyer.client, '/api/payments', booking);
        await hold.waitersAtLeast(1);
        const second = round === 0 ? post(buyer.client, '/api/payments', booking) : reassign(lead.client, meetingId, { tutor: to.id });
        const racing = Promise.all(round === 0 ? [first, second] : [second, first]);
        await hold.waitersAtLeast(2);
        await hold.letGo();
        answers = await racing;
      } else {
        answers = await Promise.all([reassign(lead.client, meetingId, { tutor: to.id }), post(buyer.client, '/api/payments', booking)]);
      }
      const [moved, booked] = answers;
      if (ctx().kind === 'postgres' && round < 2) expect(moved!.status).toBe(round === 0 ? 200 : 409);
      // Exactly one wins: the session moved in (the hour taken back, the checkout refused), or the checkout holds the hour (Priya busy).
      if (moved!.status === 200) {
        expect(booked!.status).not.toBe(201);
        expect(booked!.body.error!.type).toBe('MeetingNotFound');
      } else {
        expect(moved!.body.error!.type).toBe('TutorBusy');
        expect(booked!.status).toBe(201);
      }
      expect(await seatedAt(to.id, start)).toHaveLength(1);
    }
  });
});
