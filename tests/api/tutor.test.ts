import { afterEach, beforeEach, expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { DECLINING_SAVED_CARD } from '../../server/payments/offline.ts';
import { courseId, newCustomer, post } from './booking-helpers.ts';
import { call, describeApi } from './harness.ts';
import { bookedMeeting, freeHour, freeWeeklyHour, HOUR, jordan, jumpClock, maya, pinClock, priya, tutorMeeting, weeksLater } from './tutor-helpers.ts';

beforeEach(() => pinClock());
afterEach(() => pinClock());

describeApi('tutor availability', (ctx) => {
  it('publishes a one-off hour that customers can book at once', async () => {
    const tutor = await jordan(ctx());
    const start = await freeHour(ctx(), tutor);
    const { status, body } = await post(tutor.client, '/api/meetings', { occurrence_epoch: start, tutor: 'myself' });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ occurrence_epoch: start, duration_mins: 60, capacity: 0, reservations_taken: 0, tutor: { id: tutor.id } });
    expect(await tutorMeeting(tutor.client, body.data.id)).toMatchObject({ meeting: { id: body.data.id }, payments: [] });
    const search = await call(ctx().client(), `/api/meetings?course=${await courseId(ctx(), 'CS 121')}&capacity=1&course_style=online`);
    expect(search.body.data.map((m: { id: number }) => m.id)).toContain(body.data.id);
  });

  it('refuses an hour that overlaps another meeting, naming it; touching edges are fine', async () => {
    const tutor = await jordan(ctx());
    // The hours before and after it are free: only this test's meetings decide the answers.
    const start = await freeHour(ctx(), tutor, { before: HOUR, minutes: 2 * 60 });
    const first = await post(tutor.client, '/api/meetings', { occurrence_epoch: start, tutor: 'myself' });
    const inside = await post(tutor.client, '/api/meetings', { occurrence_epoch: start + 30 * 60, tutor: 'myself' });
    expect(inside.status).toBe(409);
    expect(inside.body.error).toEqual({ type: 'Overlap', meeting: { id: first.body.data.id, occurrence_epoch: start, duration_mins: 60 } });
    const before = await post(tutor.client, '/api/meetings', { occurrence_epoch: start - 59 * 60, tutor: 'myself' });
    expect(before.body.error.type).toBe('Overlap');
    expect((await post(tutor.client, '/api/meetings', { occurrence_epoch: start + HOUR, tutor: 'myself' })).status).toBe(201);
    expect((await post(tutor.client, '/api/meetings', { occurrence_epoch: start - HOUR, tutor: 'myself' })).status).toBe(201);
  });

  it('refuses a weekly slot that meets a one-off weeks later, and a one-off on a weekly hour', async () => {
    const tutor = await jordan(ctx());
    const anchor = await freeWeeklyHour(ctx(), tutor, { minutes: 75 });
    const oneOff = await post(tutor.client, '/api/meetings', { occurrence_epoch: weeksLater(anchor, 3) + 15 * 60, tutor: 'myself' });
    expect(oneOff.status).toBe(201);
    const slot = await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: anchor, tutor: 'myself' });
    expect(slot.status).toBe(409);
    expect(slot.body.error).toMatchObject({ type: 'Overlap', meeting: { id: oneOff.body.data.id } });
    // Nothing of the refused slot was written.
    expect(await ctx().database.db.selectFrom('meetings').select('id').where('tutor_id', '=', tutor.id).where('occurrence', '=', new Date(anchor * 1000)).execute()).toEqual([]);

    // Nothing else in the half hour before each week: the slot alone makes the clash below.
    const weeklyAnchor = await freeWeeklyHour(ctx(), tutor, { before: 30 * 60 });
    const made = await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: weeklyAnchor, tutor: 'myself' });
    expect(made.status).toBe(201);
    expect(made.body.data).toEqual({ id: expect.any(Number), anchor_epoch: weeklyAnchor, duration_mins: 60 });
    const clash = await post(tutor.client, '/api/meetings', { occurrence_epoch: weeksLater(weeklyAnchor, 2) - 30 * 60, tutor: 'myself' });
    expect(clash.body.error).toMatchObject({ type: 'Overlap', meeting: { occurrence_epoch: weeksLater(weeklyAnchor, 2) } });
  });

  it('answers EarlyAnchor for a time in the past', async () => {
    const tutor = await jordan(ctx());
    const past = Math.floor(nowMs() / 1000) - HOUR;
    const slot = await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: past, tutor: 'myself' });
    expect(slot.status).toBe(400);
    expect(slot.body.error.type).toBe('EarlyAnchor');
    expect((await post(tutor.client, '/api/meetings', { occurrence_epoch: past, tutor: 'myself' })).body.error.type).toBe('EarlyAnchor');
    expect((await post(tutor.client, '/api/slots', { duration_mins: 90, anchor_epoch: await freeWeeklyHour(ctx(), tutor, { minutes: 90 }), tutor: 'myself' })).body.error.type).toBe('BadInput');
  });

  it('never creates overlapping meetings under concurrent requests', async () => {
    const tutor = await jordan(ctx());
    // Free every week, and nothing else an hour either side, where `around` counts.
    const start = await freeWeeklyHour(ctx(), tutor, { before: HOUR, minutes: 2 * 60 });
    const requests = [
      ...Array.from({ length: 8 }, (_, i) => post(tutor.client, '/api/meetings', { occurrence_epoch: start + i * 5 * 60, tutor: 'myself' })),
      post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: start + 10 * 60, tutor: 'myself' }),
      post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: start + 20 * 60, tutor: 'myself' }),
    ];
    const results = await Promise.all(requests);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.body.error?.type === 'Overlap')).toHaveLength(9);
    const around = await ctx()
      .database.db.selectFrom('meetings')
      .select('id')
      .where('tutor_id', '=', tutor.id)
      .where('occurrence', '>', new Date((start - HOUR) * 1000))
      .where('occurrence', '<', new Date((start + 2 * HOUR) * 1000))
      .execute();
    expect(around).toHaveLength(1);
  });
});

describeApi('the tutor calendar and meeting changes', (ctx) => {
  it('lists the tutor\'s meetings with their payments, earliest first', async () => {
    const tutor = await jordan(ctx());
    const { meetingId, customer } = await bookedMeeting(ctx(), tutor, await freeHour(ctx(), tutor));
    const { status, body } = await call(tutor.client, '/api/tutors/myself/meetings');
    expect(status).toBe(200);
    const times = body.data.map((m: { meeting: { occurrence_epoch: number } }) => m.meeting.occurrence_epoch);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const entry = body.data.find((m: { meeting: { id: number } }) => m.meeting.id === meetingId);
    expect(entry.meeting).toMatchObject({ capacity: 1, reservations_taken: 1, course_style: 'online', offering: { course: { course_number: 'CS 121' } } });
    expect(entry.payments).toEqual([
      expect.objectContaining({ customer: expect.objectContaining({ id: customer.id }), meeting: expect.objectContaining({ id: meetingId }), is_incremental: false, minutes_paid: 60, payment_status: 'succeeded', subscription: null }),
    ]);
    // The same list through the numeric id.
    expect((await call(tutor.client, `/api/tutors/${tutor.id}/meetings`)).body.data).toHaveLength(body.data.length);
  });

  it('saves the one-line summary', async () => {
    const tutor = await jordan(ctx());
    const { meetingId } = await bookedMeeting(ctx(), tutor, await freeHour(ctx(), tutor));
    const saved = await post(tutor.client, `/api/meetings/${meetingId}/notes`, { notes: '  Recursion and base cases ' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.notes).toBe('Recursion and base cases');
    expect((await tutorMeeting(tutor.client, meetingId))!.meeting).toMatchObject({ notes: 'Recursion and base cases' });
    expect((await post(tutor.client, `/api/meetings/${meetingId}/notes`, { notes: 'x'.repeat(501) })).body.error.type).toBe('BadInput');
  });

  it('reschedules without overlap and tells the customer; a changed duration cannot move into the future', async () => {
    const tutor = await jordan(ctx());
    // Every time the meeting is moved to, with its 70 minutes, is free but for this test's meetings.
    const start = await freeHour(ctx(), tutor, { minutes: 6 * 60 + 70 });
    const { meetingId, customer } = await bookedMeeting(ctx(), tutor, start);
    const other = await post(tutor.client, '/api/meetings', { occurrence_epoch: start + 3 * HOUR, tutor: 'myself' });

    expect((await post(tutor.client, `/api/meetings/${meetingId}/occurrence_epoch`, { occurrence_epoch: start + 3 * HOUR + 1800 })).body.error).toMatchObject({ type: 'Overlap', meeting: { id: other.body.data.id } });
    const moved = await post(tutor.client, `/api/meetings/${meetingId}/occurrence_epoch`, { occurrence_epoch: start + HOUR });
    expect(moved.status).toBe(200);
    expect(moved.body.data.occurrence_epoch).toBe(start + HOUR);
    await ctx().notifier.settle();
    const email = await ctx().database.db.selectFrom('customers').select('email').where('id', '=', customer.id).executeTakeFirstOrThrow();
    const notice = await ctx().database.db.selectFrom('outbox').select(['subject', 'text', 'ics']).where('to', '=', email.email).where('subject', 'like', 'New time%').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(notice.text).toMatch(/moved from .* to /);
    // The updated invite: the same entry, one SEQUENCE up.
    expect(notice.ics).toContain(`UID:meeting-${meetingId}@localhost`);
    expect(notice.ics).toContain('SEQUENCE:1');

    // Once the meeting has started and run long, it moves neither into the future nor into the past.
    await jumpClock(ctx(), new Date((start + 2 * HOUR + 10 * 60) * 1000));
    expect((await post(tutor.client, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: 70 })).status).toBe(200);
    for (const target of [start + 6 * HOUR, start + HOUR - 600]) {
      const refused = await post(tutor.client, `/api/meetings/${meetingId}/occurrence_epoch`, { occurrence_epoch: target });
      expect(refused.status).toBe(409);
      expect(refused.body.error.type).toBe('MeetingStarted');
    }
  });

  it('refuses a duration change before the meeting starts', async () => {
    const tutor = await jordan(ctx());
    const { meetingId } = await bookedMeeting(ctx(), tutor, await freeHour(ctx(), tutor));
    const early = await post(tutor.client, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: 90 });
    expect(early.status).toBe(409);
    expect(early.body.error.type).toBe('MeetingNotStarted');
    expect((await post(tutor.client, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: 0 })).body.error.type).toBe('BadInput');
  });

  it.each([
    [75, []],
    [76, [30]],
    [89, [30]],
    [105, [60]],
  ])('bills %i minutes as overtime %j', async (duration, expected) => {
    const tutor = await jordan(ctx());
    const start = await freeHour(ctx(), tutor, { minutes: duration });
    const { meetingId } = await bookedMeeting(ctx(), tutor, start);
    await jumpClock(ctx(), new Date((start + HOUR) * 1000));
    const { status, body } = await post(tutor.client, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: duration });
    expect(status).toBe(200);
    expect(body.data.duration_mins).toBe(duration);
    const overtime = (await tutorMeeting(tutor.client, meetingId))!.payments.filter((p) => p.is_incremental);
    expect(overtime.map((p) => p.minutes_paid)).toEqual(expected);
    expect(overtime.every((p) => p.payment_status === 'succeeded')).toBe(true);
    const cents = await ctx().database.db.selectFrom('payments').select('amount_cents').where('meeting_id', '=', meetingId).where('is_incremental', '=', true).execute();
    // The one-time one-on-one price is 5500 cents an hour.
    expect(cents.map((p) => p.amount_cents)).toEqual(expected.map((m) => Math.round((5500 * m) / 60)));
  });

  it('bills only the minutes not billed yet, and refunds nothing on a decrease', async () => {
    const tutor = await jordan(ctx());
    const start = await freeHour(ctx(), tutor, { minutes: 120 });
    const { meetingId } = await bookedMeeting(ctx(), tutor, start);
    await jumpClock(ctx(), new Date((start + HOUR) * 1000));
    await post(tutor.client, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: 90 });
    await post(tutor.client, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: 120 });
    await post(tutor.client, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: 120 });
    await post(tutor.client, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: 60 });
    const payments = (await tutorMeeting(tutor.client, meetingId))!.payments;
    expect(payments.filter((p) => p.is_incremental).map((p) => [p.minutes_paid, p.payment_status])).toEqual([
      [30, 'succeeded'],
      [30, 'succeeded'],
    ]);
    expect(payments.find((p) => !p.is_incremental).payment_status).toBe('succeeded');
  });

  it('records a declined overtime charge as a failed payment', async () => {
    const tutor = await jordan(ctx());
    const start = await freeHour(ctx(), tutor, { minutes: 95 });
    const { meetingId, customer } = await bookedMeeting(ctx(), tutor, start);
    await ctx().database.db.updateTable('customers').set({ payment_method_id: DECLINING_SAVED_CARD }).where('id', '=', customer.id).execute();
    await jumpClock(ctx(), new Date((start + HOUR) * 1000));
    expect((await post(tutor.client, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: 95 })).status).toBe(200);
    const overtime = (await tutorMeeting(tutor.client, meetingId))!.payments.filter((p) => p.is_incremental);
    expect(overtime.map((p) => [p.minutes_paid, p.payment_status])).toEqual([[30, 'requires_payment_method']]);
    // The customer sees it too ('Failed' on the card).
    const mine = (await call(customer.client, '/api/customers/myself/payments')).body.data;
    expect(mine.filter((p: { is_incremental: boolean }) => p.is_incremental).map((p: { payment_status: string }) => p.payment_status)).toEqual(['requires_payment_method']);
  });

  it('cancels a meeting: every payment refunded, seats freed, the customer told', async () => {
    const tutor = await jordan(ctx());
    const start = await freeHour(ctx(), tutor);
    const { meetingId, customer, paymentId } = await bookedMeeting(ctx(), tutor, start);
    const { status, body } = await call(tutor.client, `/api/meetings/${meetingId}/cancel`, { method: 'POST' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: meetingId, reservations_taken: 0, capacity: 0 });
    const db = ctx().database.db;
    expect((await db.selectFrom('payments').select('payment_status').where('id', '=', paymentId).executeTakeFirstOrThrow()).payment_status).toBe('canceled');
    expect(await db.selectFrom('reservations').select('id').where('meeting_id', '=', meetingId).where('status', '!=', 'released').execute()).toEqual([]);
    expect(await tutorMeeting(tutor.client, meetingId)).toBeUndefined();
    const email = (await db.selectFrom('customers').select('email').where('id', '=', customer.id).executeTakeFirstOrThrow()).email;
    await ctx().notifier.settle();
    const notice = await db.selectFrom('outbox').select(['subject', 'text', 'ics']).where('to', '=', email).where('subject', 'like', 'Canceled%').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(notice.text).toMatch(/Your tutor canceled/);
    expect(notice.text).toMatch(/refunded/);
    expect(notice.ics).toContain('METHOD:CANCEL');
    const mine = (await call(customer.client, '/api/customers/myself/payments')).body.data;
    expect(mine.map((p: { payment_status: string }) => p.payment_status)).toEqual(['canceled']);
    expect((await call(tutor.client, `/api/meetings/${meetingId}/cancel`, { method: 'POST' })).body.error.type).toBe('MeetingNotFound');
  });
});

describeApi('tutor gradebooks', (ctx) => {
  it('lists the gradebooks of the tutor\'s students with their overall score and last grade', async () => {
    const tutor = await jordan(ctx());
    const { status, body } = await call(tutor.client, '/api/tutors/myself/gradebooks?show_all=false');
    expect(status).toBe(200);
    expect(body.data).toEqual([
      {
        id: expect.any(Number),
        course: { id: expect.any(Number), course_number: 'CS 121', course_name: 'Intro to Programming I' },
        customer: { firstname: 'Alex', lastname: 'Rivera' },
        archived: false,
        // Homework 37/40 after dropping the lowest (worth 40), Midterm 41/50 (worth 25).
        overall_score: expect.closeTo((37 / 40) * (40 / 65) + (41 / 50) * (25 / 65), 9),
        last_grade: { id: expect.any(Number), name: 'Homework 3', points_recieved_hundreths: 1900, points_total_hundreths: 2000, grade_entered_date: expect.any(Number) },
      },
    ]);
    const other = await priya(ctx());
    const priyaList = (await call(other.client, '/api/tutors/myself/gradebooks?show_all=false')).body.data;
    expect(priyaList.map((g: { course: { course_number: string }; overall_score: number | null; last_grade: unknown }) => [g.course.course_number, g.overall_score, g.last_grade])).toEqual([['MATH 124', null, null]]);
  });

  it('shows every gradebook to a supervisor only; a tutor asking for all gets their own students\' (the spec\'s client asks so)', async () => {
    const tutor = await jordan(ctx());
    const lead = await maya(ctx());
    const own = await call(tutor.client, '/api/tutors/myself/gradebooks?show_all=true');
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual((await call(tutor.client, '/api/tutors/myself/gradebooks?show_all=false')).body.data);
    expect(own.body.data.map((g: { course: { course_number: string } }) => g.course.course_number)).toEqual(['CS 121']);
    const all = (await call(lead.client, '/api/tutors/myself/gradebooks?show_all=true')).body.data;
    expect(all.map((g: { course: { course_number: string } }) => g.course.course_number).sort()).toEqual(['CS 121', 'MATH 124']);
  });
});

describeApi('tutor permissions', (ctx) => {
  it('refuses tutor A every call on tutor B\'s calendar, meetings and gradebooks', async () => {
    const a = await jordan(ctx());
    const b = await priya(ctx());
    // Free up to the hour the meeting is moved to: only the permission can refuse these calls.
    const start = await freeHour(ctx(), b, { minutes: 3 * 60 });
    const { meetingId } = await bookedMeeting(ctx(), b, start, 'MATH 124');
    const refusals = [
      await call(a.client, `/api/tutors/${b.id}/meetings`),
      await call(a.client, `/api/tutors/${b.id}/gradebooks?show_all=false`),
      await post(a.client, '/api/meetings', { occurrence_epoch: await freeHour(ctx(), b), tutor: b.id }),
      await post(a.client, '/api/slots', { duration_mins: 60, anchor_epoch: await freeWeeklyHour(ctx(), b), tutor: b.id }),
      await post(a.client, `/api/meetings/${meetingId}/notes`, { notes: 'not mine' }),
      await post(a.client, `/api/meetings/${meetingId}/occurrence_epoch`, { occurrence_epoch: start + 2 * HOUR }),
      await post(a.client, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: 120 }),
      await call(a.client, `/api/meetings/${meetingId}/cancel`, { method: 'POST' }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403);
      expect(refusal.body.error.type).toBe('NotAuthorized');
    }
    const gradebook = await ctx().database.db.selectFrom('gradebooks').select('id').where('customer_id', 'in', (eb) => eb.selectFrom('reservations').select('customer_id').where('meeting_id', '=', meetingId)).executeTakeFirstOrThrow();
    expect((await call(a.client, `/api/gradebooks/${gradebook.id}/categories`)).body.error.type).toBe('NotAuthorized');
    const untouched = (await tutorMeeting(b.client, meetingId))!;
    expect(untouched.meeting).toMatchObject({ notes: '', occurrence_epoch: start, duration_mins: 60, reservations_taken: 1 });
  });

  it('refuses customers every tutor call and answers NoAuth without a session', async () => {
    const b = await priya(ctx());
    const { meetingId } = await bookedMeeting(ctx(), b, await freeHour(ctx(), b), 'MATH 124');
    const customer = await newCustomer(ctx());
    const anonymous = ctx().client();
    for (const [client, type] of [[customer.client, 'NotAuthorized'], [anonymous, 'NoAuth']] as const) {
      const answers = [
        await call(client, `/api/tutors/${b.id}/meetings`),
        await call(client, '/api/tutors/myself/meetings'),
        await call(client, `/api/tutors/${b.id}/gradebooks?show_all=false`),
        await call(client, '/api/tutors/myself/gradebooks?show_all=true'),
        await post(client, '/api/meetings', { occurrence_epoch: await freeHour(ctx(), b), tutor: b.id }),
        await post(client, '/api/slots', { duration_mins: 60, anchor_epoch: await freeWeeklyHour(ctx(), b), tutor: 'myself' }),
        await post(client, `/api/meetings/${meetingId}/notes`, { notes: 'x' }),
        await post(client, `/api/meetings/${meetingId}/occurrence_epoch`, { occurrence_epoch: await freeHour(ctx(), b) }),
        await post(client, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: 90 }),
        await call(client, `/api/meetings/${meetingId}/cancel`, { method: 'POST' }),
      ];
      expect(answers.map((r) => r.body.error?.type)).toEqual(answers.map(() => type));
    }
  });

  it('lets a supervisor work any tutor\'s calendar', async () => {
    const lead = await maya(ctx());
    const b = await priya(ctx());
    const start = await freeHour(ctx(), b);
    const { meetingId } = await bookedMeeting(ctx(), b, start, 'MATH 124');
    expect((await call(lead.client, `/api/tutors/${b.id}/meetings`)).status).toBe(200);
    expect((await post(lead.client, `/api/meetings/${meetingId}/notes`, { notes: 'Checked by the supervisor' })).status).toBe(200);
    expect((await post(lead.client, '/api/meetings', { occurrence_epoch: await freeHour(ctx(), b), tutor: b.id })).body.data.tutor.id).toBe(b.id);
    expect((await call(lead.client, `/api/meetings/${meetingId}/cancel`, { method: 'POST' })).status).toBe(200);
  });
});
