import { afterEach, beforeEach, expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { payPeriodOf } from '../../server/domain/pay/pay-periods.ts';
import { daysSpan } from '../../server/domain/calendar/zone-days.ts';
import { site } from '../../src/config/site.ts';
import type { Meeting } from '../../src/contract/entities.ts';
import { addDays, dayInZone } from '../../src/lib/site-days.ts';
import { newCustomer, post } from './booking-helpers.ts';
import { call, describeApi, type TestClient, type TestContext } from './harness.ts';
import { bookedMeeting, freeHour, freeHourOn, HOUR, jumpClock, maya, newTutor, pinClock, tutorMeeting } from './tutor-helpers.ts';
import { DEFAULT_PAY_PERIOD_FIRST_DAY } from '../../server/config.ts';

/**
 * Paid time a supervisor approves (issue 33, decision 022): a duration a tutor changes (up or
 * down) is paid at the booked 60 minutes until a supervisor approves or edits it, in Payroll, My
 * Hours and the team view alike; the customer's overtime stays as it was. A supervisor approves one
 * session or all of a tutor's in a period, never their own; an approval after the period was paid
 * pays the difference in the next one.
 */

beforeEach(() => pinClock());
afterEach(() => pinClock());

const today = () => dayInZone(nowMs(), site.timeZone);
/** The pay period `n` periods after the current one (wholly ahead for n ≥ 1). */
const periodAhead = (n: number) => payPeriodOf(addDays(payPeriodOf(today(), DEFAULT_PAY_PERIOD_FIRST_DAY).first_day, 14 * n), DEFAULT_PAY_PERIOD_FIRST_DAY);
const noonAfter = (day: string) => new Date(daysSpan(day, day, site.timeZone).endsMs + 12 * 3600_000);

type Staff = { client: TestClient; id: number };
const duration = (who: Staff, meetingId: number, minutes: number) => post(who.client, `/api/meetings/${meetingId}/duration_mins`, { duration_mins: minutes });
const approve = (who: Staff, meetingId: number, minutes?: number) => post(who.client, `/api/meetings/${meetingId}/duration-approval`, minutes === undefined ? {} : { minutes });
const approveAll = (who: Staff, tutorId: number, firstDay: string) => post(who.client, '/api/payroll/approve-durations', { tutor: tutorId, first_day: firstDay });
const summarise = (who: Staff, meetingId: number) => post(who.client, `/api/meetings/${meetingId}/notes`, { notes: 'Practice problems' });
const payroll = async (who: Staff, day: string) => (await call(who.client, `/api/payroll?day=${day}`)).body.data;
const lineOf = (data: { tutors: { tutor_id: number }[] }, tutorId: number) => data.tutors.find((t) => t.tutor_id === tutorId);
const sessionsOf = (data: { sessions: { tutor_id: number }[] }, tutorId: number) => data.sessions.filter((s) => s.tutor_id === tutorId);
const hours = async (who: Staff, day: string) => (await call(who.client, `/api/tutors/myself/hours?day=${day}`)).body.data;
/** The session as its tutor's calendar shows it to `reader` (staff: with its paid time). */
const shown = async (reader: Staff, meetingId: number, tutor: number | 'myself' = 'myself') => (await tutorMeeting(reader.client, meetingId, tutor))!.meeting as unknown as Meeting;
const history = (c: TestContext, meetingId: number) =>
  c.database.db.selectFrom('duration_changes').select(['kind', 'duration_mins', 'paid_mins', 'changed_by']).where('meeting_id', '=', meetingId).orderBy('id').execute();

/** A new supervisor (they tutor CS 121 too), signed in. */
async function newSupervisor(c: TestContext) {
  const tutor = await newTutor(c);
  await c.database.db.updateTable('tutors').set({ role: 'Supervisor' }).where('id', '=', tutor.id).execute();
  return tutor;
}

/**
 * A booked session of the tutor's on `day` with two free hours around it (room for a longer
 * duration), and the tutor's rate of $30 an hour from the period's first day unless `rate` is false.
 */
async function heldSession(c: TestContext, lead: Staff, tutor: Staff, day: string, rate = true) {
  if (rate) expect((await post(lead.client, `/api/tutors/${tutor.id}/rates`, { hourly_rate_cents: 3000, effective_day: payPeriodOf(day, DEFAULT_PAY_PERIOD_FIRST_DAY).first_day })).status).toBe(201);
  const { startsMs, endsMs } = daysSpan(day, day, site.timeZone);
  const start = await freeHour(c, tutor.id, { from: startsMs / 1000, until: endsMs / 1000 - 3 * HOUR, minutes: 3 * 60, before: 2 * HOUR });
  const booked = await bookedMeeting(c, tutor, start);
  return { ...booked, start };
}

describeApi('paid time a supervisor approves', (ctx) => {
  it('pays a tutor\'s 75 minutes as the booked 60 until a supervisor approves them, in Payroll, My Hours and the team view alike', async () => {
    const lead = await maya(ctx());
    const tutor = await newTutor(ctx());
    const period = periodAhead(1);
    const { meetingId, start } = await heldSession(ctx(), lead, tutor, addDays(period.first_day, 2));
    await jumpClock(ctx(), new Date((start + HOUR + 60) * 1000));
    expect((await duration(tutor, meetingId, 75)).status).toBe(200);
    expect((await summarise(tutor, meetingId)).status).toBe(200);

    // Nothing was charged (75 minutes bills no overtime), and the session's length is 75.
    const overtime = await ctx().database.db.selectFrom('payments').select('id').where('meeting_id', '=', meetingId).where('is_incremental', '=', true).execute();
    expect(overtime).toEqual([]);
    const card = await shown(lead, meetingId, tutor.id);
    expect(card.duration_mins).toBe(75);
    expect(card.paid_time).toEqual({ minutes: 60, awaiting: { by: { id: tutor.id, name: expect.any(String) }, epoch: expect.any(Number) }, approved: null });

    const open = await payroll(lead, period.first_day);
    expect(lineOf(open, tutor.id)).toMatchObject({ confirmed_minutes: 60, cents: 3000, awaiting_approval: 1 });
    expect(sessionsOf(open, tutor.id)).toEqual([expect.objectContaining({ meeting_id: meetingId, minutes: 60, cents: 3000, awaiting_approval: true, adjustment: false })]);
    expect(open.awaiting.filter((a: { tutor_id: number }) => a.tutor_id === tutor.id)).toEqual([
      {
        meeting_id: meetingId,
        tutor_id: tutor.id,
        occurrence_epoch: start,
        course_number: 'CS 121',
        duration_mins: 75,
        paid_minutes: 60,
        requested_by: { id: tutor.id, name: expect.any(String) },
        requested_epoch: Math.floor(nowMs() / 1000),
        summarised: true,
        can_approve: true,
      },
    ]);
    const mine = await hours(tutor, period.first_day);
    expect(mine).toMatchObject({ scheduled_minutes: 60, confirmed_minutes: 60, pay: { cents: 3000 } });
    expect(mine.awaiting_approval).toEqual([{ meeting_id: meetingId, occurrence_epoch: start, course_number: 'CS 121', duration_mins: 75, paid_minutes: 60 }]);
    const team = await call(lead.client, `/api/team/hours?from=${mine.from_epoch}&to=${mine.to_epoch}`);
    expect(team.body.data.find((row: { tutor_id: number }) => row.tutor_id === tutor.id)).toEqual({ tutor_id: tutor.id, scheduled_minutes: 60, confirmed_minutes: 60 });

    // One click approves it: every figure pays 75 minutes.
    const approved = await approve(lead, meetingId);
    expect(approved.status).toBe(200);
    expect(approved.body.data.paid_time).toEqual({ minutes: 75, awaiting: null, approved: { by: { id: lead.id, name: 'Maya Chen' }, epoch: expect.any(Number) } });
    const after = await payroll(lead, period.first_day);
    expect(lineOf(after, tutor.id)).toMatchObject({ confirmed_minutes: 75, cents: 3750, awaiting_approval: 0 });
    expect(after.awaiting.filter((a: { tutor_id: number }) => a.tutor_id === tutor.id)).toEqual([]);
    expect(await hours(tutor, period.first_day)).toMatchObject({ scheduled_minutes: 75, confirmed_minutes: 75, pay: { cents: 3750 }, awaiting_approval: [] });
    // Approving again changes nothing; who did what, and when, is kept.
    expect((await approve(lead, meetingId)).status).toBe(200);
    expect(await history(ctx(), meetingId)).toEqual([
      { kind: 'requested', duration_mins: 75, paid_mins: 60, changed_by: tutor.id },
      { kind: 'approved', duration_mins: 75, paid_mins: 75, changed_by: lead.id },
    ]);
  });

  it('pays 180 minutes as 60 until approved, charges the customer\'s overtime as before, and pays what a supervisor edits it to', async () => {
    const lead = await maya(ctx());
    const tutor = await newTutor(ctx());
    const period = periodAhead(1);
    const start = await freeHourOn(ctx(), tutor.id, addDays(period.first_day, 3));
    expect((await post(lead.client, `/api/tutors/${tutor.id}/rates`, { hourly_rate_cents: 3000, effective_day: period.first_day })).status).toBe(201);
    // Free for three hours from its start.
    const { meetingId } = await bookedMeeting(ctx(), tutor, start);
    const clear = await ctx().database.db.selectFrom('meetings').select('id').where('tutor_id', '=', tutor.id).where('occurrence', '>', new Date(start * 1000)).where('occurrence', '<', new Date((start + 3 * HOUR) * 1000)).execute();
    expect(clear).toEqual([]);
    await jumpClock(ctx(), new Date((start + 3 * HOUR) * 1000));
    expect((await duration(tutor, meetingId, 180)).status).toBe(200);
    expect((await summarise(tutor, meetingId)).status).toBe(200);
    // The customer's charge is the spec's: two extra hours at the one-time price.
    const charged = await ctx().database.db.selectFrom('payments').select(['minutes_paid', 'amount_cents', 'payment_status']).where('meeting_id', '=', meetingId).where('is_incremental', '=', true).execute();
    expect(charged).toEqual([{ minutes_paid: 120, amount_cents: 11000, payment_status: 'succeeded' }]);

    expect(lineOf(await payroll(lead, period.first_day), tutor.id)).toMatchObject({ confirmed_minutes: 60, cents: 3000, awaiting_approval: 1 });
    expect((await hours(tutor, period.first_day)).pay.cents).toBe(3000);

    // A supervisor edits the paid time to 90 minutes: approved at that, the session's length stays.
    const edited = await approve(lead, meetingId, 90);
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ duration_mins: 180, paid_time: { minutes: 90, awaiting: null, approved: { by: { id: lead.id } } } });
    expect(lineOf(await payroll(lead, period.first_day), tutor.id)).toMatchObject({ confirmed_minutes: 90, cents: 4500, awaiting_approval: 0 });
    expect((await hours(tutor, period.first_day)).pay.cents).toBe(4500);
    expect((await history(ctx(), meetingId)).map((row) => [row.kind, row.duration_mins, row.paid_mins])).toEqual([
      ['requested', 180, 60],
      ['edited', 180, 90],
    ]);
    // Out of bounds is refused, as is an edit of a session that has not started.
    expect((await approve(lead, meetingId, 181)).body.error).toMatchObject({ type: 'BadInput', fields: { minutes: expect.any(String) } });
    const ahead = await bookedMeeting(ctx(), tutor, await freeHourOn(ctx(), tutor.id, addDays(period.last_day, 5)));
    expect((await approve(lead, ahead.meetingId, 60)).body.error.type).toBe('MeetingNotStarted');
  });

  it('pays a shorter duration as the booked 60 until approved, and nothing awaits once the tutor puts it back', async () => {
    const lead = await maya(ctx());
    const tutor = await newTutor(ctx());
    const period = periodAhead(1);
    const { meetingId, start } = await heldSession(ctx(), lead, tutor, addDays(period.first_day, 4));
    await jumpClock(ctx(), new Date((start + HOUR + 60) * 1000));
    expect((await duration(tutor, meetingId, 45)).status).toBe(200);
    expect((await summarise(tutor, meetingId)).status).toBe(200);
    expect(lineOf(await payroll(lead, period.first_day), tutor.id)).toMatchObject({ confirmed_minutes: 60, awaiting_approval: 1 });
    expect((await duration(tutor, meetingId, 60)).status).toBe(200);
    expect(lineOf(await payroll(lead, period.first_day), tutor.id)).toMatchObject({ confirmed_minutes: 60, awaiting_approval: 0 });
    expect((await shown(tutor, meetingId)).paid_time).toEqual({ minutes: 60, awaiting: null, approved: null });
    // Down again, then approved: 45 minutes are paid.
    expect((await duration(tutor, meetingId, 45)).status).toBe(200);
    expect((await approve(lead, meetingId, 45)).status).toBe(200);
    expect(lineOf(await payroll(lead, period.first_day), tutor.id)).toMatchObject({ confirmed_minutes: 45, cents: 2250, awaiting_approval: 0 });
    expect((await history(ctx(), meetingId)).map((row) => row.kind)).toEqual(['requested', 'requested', 'requested', 'approved']);
  });

  it('approves all of one tutor\'s changes in a period at once, and nobody else\'s', async () => {
    const lead = await maya(ctx());
    const tutor = await newTutor(ctx());
    const other = await newTutor(ctx());
    const period = periodAhead(1);
    // One day: every duration is entered within 48 hours of its session.
    const day = addDays(period.first_day, 2);
    const first = await heldSession(ctx(), lead, tutor, day);
    const second = await heldSession(ctx(), lead, tutor, day, false);
    const others = await heldSession(ctx(), lead, other, day);
    const unsummarised = await heldSession(ctx(), lead, tutor, day, false);
    await jumpClock(ctx(), new Date((Math.max(first.start, second.start, others.start, unsummarised.start) + HOUR + 60) * 1000));
    for (const [who, session, minutes] of [
      [tutor, first, 75],
      [tutor, second, 45],
      [other, others, 90],
      [tutor, unsummarised, 70],
    ] as const) {
      expect((await duration(who, session.meetingId, minutes)).body.error).toBeUndefined();
      if (session !== unsummarised) expect((await summarise(who, session.meetingId)).status).toBe(200);
    }
    const before = await payroll(lead, period.first_day);
    expect(lineOf(before, tutor.id)).toMatchObject({ confirmed_minutes: 120, cents: 6000, awaiting_approval: 3, held_back: 1, held_back_minutes: 60 });
    expect(before.awaiting.filter((a: { tutor_id: number }) => a.tutor_id === tutor.id).map((a: { meeting_id: number; summarised: boolean }) => [a.meeting_id, a.summarised])).toEqual([
      [first.meetingId, true],
      [second.meetingId, true],
      [unsummarised.meetingId, false],
    ]);

    const all = await approveAll(lead, tutor.id, period.first_day);
    expect(all.status).toBe(200);
    expect(all.body.data.approved).toBe(3);
    expect(lineOf(all.body.data.payroll, tutor.id)).toMatchObject({ confirmed_minutes: 120, cents: 6000, awaiting_approval: 0, held_back: 1, held_back_minutes: 70 });
    expect(lineOf(all.body.data.payroll, other.id)).toMatchObject({ confirmed_minutes: 60, awaiting_approval: 1 });
    // Once its summary comes, the session pays its approved 70 minutes.
    expect((await summarise(tutor, unsummarised.meetingId)).status).toBe(200);
    expect(lineOf(await payroll(lead, period.first_day), tutor.id)).toMatchObject({ confirmed_minutes: 190, cents: 9500 });
    expect((await approveAll(lead, tutor.id, period.first_day)).body.data.approved).toBe(0);
    expect((await approveAll(lead, tutor.id, addDays(period.first_day, 1))).body.error).toMatchObject({ type: 'BadInput', fields: { first_day: expect.any(String) } });
    expect((await approveAll(lead, 999_999, period.first_day)).body.error.type).toBe('TutorNotFound');
  });

  it('takes a supervisor\'s change of another tutor\'s session as approved; their own waits for another supervisor, who may approve it', async () => {
    const lead = await maya(ctx());
    const tutor = await newTutor(ctx());
    const boss = await newSupervisor(ctx());
    const period = periodAhead(1);
    const session = await heldSession(ctx(), lead, tutor, addDays(period.first_day, 2));
    const own = await heldSession(ctx(), lead, boss, addDays(period.first_day, 2));
    await jumpClock(ctx(), new Date((Math.max(session.start, own.start) + HOUR + 60) * 1000));

    // The supervisor is the approver of another tutor's session: nothing awaits.
    expect((await duration(boss, session.meetingId, 80)).status).toBe(200);
    expect((await summarise(tutor, session.meetingId)).status).toBe(200);
    expect(lineOf(await payroll(lead, period.first_day), tutor.id)).toMatchObject({ confirmed_minutes: 80, cents: 4000, awaiting_approval: 0 });
    expect((await shown(tutor, session.meetingId)).paid_time).toMatchObject({ minutes: 80, awaiting: null, approved: { by: { id: boss.id } } });
    expect((await history(ctx(), session.meetingId))).toEqual([{ kind: 'set', duration_mins: 80, paid_mins: 80, changed_by: boss.id }]);

    // Their own session's change waits, and is not theirs to approve, one by one or all at once.
    expect((await duration(boss, own.meetingId, 90)).status).toBe(200);
    expect((await summarise(boss, own.meetingId)).status).toBe(200);
    const refused = await approve(boss, own.meetingId);
    expect(refused.status).toBe(403);
    expect(refused.body.error.type).toBe('CannotApproveOwnDuration');
    expect((await approve(boss, own.meetingId, 90)).body.error.type).toBe('CannotApproveOwnDuration');
    expect((await approveAll(boss, boss.id, period.first_day)).body.error.type).toBe('CannotApproveOwnDuration');
    const seen = await payroll(boss, period.first_day);
    expect(lineOf(seen, boss.id)).toMatchObject({ confirmed_minutes: 60, awaiting_approval: 1 });
    expect(seen.awaiting.find((a: { meeting_id: number }) => a.meeting_id === own.meetingId)).toMatchObject({ can_approve: false, requested_by: { id: boss.id } });
    // Another supervisor may.
    expect((await payroll(lead, period.first_day)).awaiting.find((a: { meeting_id: number }) => a.meeting_id === own.meetingId)).toMatchObject({ can_approve: true });
    expect((await approve(lead, own.meetingId)).status).toBe(200);
    expect(lineOf(await payroll(lead, period.first_day), boss.id)).toMatchObject({ confirmed_minutes: 90, awaiting_approval: 0 });
  });

  it('lets a supervisor only approve: a tutor, a customer and a stranger are refused, and nothing changes', async () => {
    const lead = await maya(ctx());
    const tutor = await newTutor(ctx());
    const period = periodAhead(1);
    const { meetingId, start } = await heldSession(ctx(), lead, tutor, addDays(period.first_day, 2));
    await jumpClock(ctx(), new Date((start + HOUR + 60) * 1000));
    expect((await duration(tutor, meetingId, 75)).status).toBe(200);
    const customer = await newCustomer(ctx());
    const stranger = { client: ctx().client(), id: 0 };

    for (const [who, status, type] of [
      [tutor, 403, 'NotAuthorized'],
      [{ client: customer.client, id: customer.id }, 403, undefined],
      [stranger, 401, 'NoAuth'],
    ] as const) {
      for (const answer of [await approve(who, meetingId), await approve(who, meetingId, 75), await approveAll(who, tutor.id, period.first_day)]) {
        expect(answer.status).toBe(status);
        if (type) expect(answer.body.error.type).toBe(type);
      }
    }
    expect((await approve(lead, 999_999)).body.error.type).toBe('MeetingNotFound');
    expect((await shown(tutor, meetingId)).paid_time).toMatchObject({ minutes: 60, awaiting: { by: { id: tutor.id } } });
    expect((await history(ctx(), meetingId)).map((row) => row.kind)).toEqual(['requested']);
  });

  it('pays an approval after the period was marked paid in the next period, as a late summary is, fewer minutes too', async () => {
    const lead = await maya(ctx());
    const tutor = await newTutor(ctx());
    const period = periodAhead(1);
    const longer = await heldSession(ctx(), lead, tutor, addDays(period.last_day, -1));
    const shorter = await heldSession(ctx(), lead, tutor, addDays(period.last_day, -1), false);
    await jumpClock(ctx(), new Date((Math.max(longer.start, shorter.start) + HOUR + 60) * 1000));
    expect((await duration(tutor, longer.meetingId, 75)).body.error).toBeUndefined();
    expect((await duration(tutor, shorter.meetingId, 45)).status).toBe(200);
    for (const { meetingId } of [longer, shorter]) expect((await summarise(tutor, meetingId)).status).toBe(200);

    // Paid while both await approval: the booked hours.
    await jumpClock(ctx(), noonAfter(period.last_day));
    const paid = await post(lead.client, '/api/payroll/paid', { first_day: period.first_day });
    expect(paid.status).toBe(200);
    expect(lineOf(paid.body.data, tutor.id)).toMatchObject({ confirmed_minutes: 120, cents: 6000, awaiting_approval: 2 });

    // Approved after: the paid period stays as it was; the next pays the differences.
    expect((await approveAll(lead, tutor.id, period.first_day)).body.data.approved).toBe(2);
    const frozen = await payroll(lead, period.first_day);
    expect(lineOf(frozen, tutor.id)).toMatchObject({ confirmed_minutes: 120, cents: 6000, awaiting_approval: 0 });
    const nextDay = addDays(period.last_day, 1);
    const next = await payroll(lead, nextDay);
    expect(next.paid).toBeNull();
    expect(lineOf(next, tutor.id)).toMatchObject({ confirmed_minutes: 0, cents: 0 });
    expect(sessionsOf(next, tutor.id)).toHaveLength(2);
    const byMeeting = new Map(sessionsOf(next, tutor.id).map((s: any) => [s.meeting_id, s]));
    expect(byMeeting.get(longer.meetingId)).toMatchObject({ minutes: 15, cents: 750, rate_cents: 3000, adjustment: true, carried_over: true, awaiting_approval: false });
    expect(byMeeting.get(shorter.meetingId)).toMatchObject({ minutes: -15, cents: -750, rate_cents: 3000, adjustment: true, carried_over: true, awaiting_approval: false });

    // Marked paid in turn, the next period keeps them, and nothing is owed after.
    const next2 = payPeriodOf(nextDay, DEFAULT_PAY_PERIOD_FIRST_DAY);
    await jumpClock(ctx(), noonAfter(next2.last_day));
    const again = await maya(ctx());
    expect((await post(again.client, '/api/payroll/paid', { first_day: next2.first_day })).status).toBe(200);
    const lines = await ctx().database.db.selectFrom('payroll_lines').select(['meeting_id', 'period_first_day', 'minutes', 'adjustment']).where('tutor_id', '=', tutor.id).orderBy('period_first_day').orderBy('minutes').execute();
    expect(lines).toEqual([
      { meeting_id: expect.any(Number), period_first_day: period.first_day, minutes: 60, adjustment: false },
      { meeting_id: expect.any(Number), period_first_day: period.first_day, minutes: 60, adjustment: false },
      { meeting_id: shorter.meetingId, period_first_day: next2.first_day, minutes: -15, adjustment: true },
      { meeting_id: longer.meetingId, period_first_day: next2.first_day, minutes: 15, adjustment: true },
    ]);
    expect(lineOf(await payroll(again, addDays(next2.last_day, 1)), tutor.id)).toBeUndefined();
    // An edit later still is paid the same way, once.
    expect((await approve(again, longer.meetingId, 90)).status).toBe(200);
    expect(sessionsOf(await payroll(again, addDays(next2.last_day, 1)), tutor.id)).toEqual([expect.objectContaining({ meeting_id: longer.meetingId, minutes: 15, adjustment: true })]);
  });
});
