import { afterEach, beforeEach, expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { payPeriodOf } from '../../server/domain/pay/pay-periods.ts';
import { daysSpan } from '../../server/domain/calendar/zone-days.ts';
import { site } from '../../src/config/site.ts';
import { addDays, dayInZone } from '../../src/lib/site-days.ts';
import { newCustomer, post } from './booking-helpers.ts';
import { call, describeApi, type TestClient } from './harness.ts';
import { bookedMeeting, freeHourOn, jordan, jumpClock, maya, newTutor, pinClock, staffClient } from './tutor-helpers.ts';
import { DEFAULT_PAY_PERIOD_FIRST_DAY } from '../../server/config.ts';

/**
 * Payroll (issue 25): a period pays its tutors' confirmed sessions at the rate of each session's
 * day; once marked paid it is frozen, and a session summarised later is paid in the next period.
 */

beforeEach(() => pinClock());
afterEach(() => pinClock());

const today = () => dayInZone(nowMs(), site.timeZone);
/** The pay period `n` periods after the current one (wholly ahead for n ≥ 1). */
const periodAhead = (n: number) => payPeriodOf(addDays(payPeriodOf(today(), DEFAULT_PAY_PERIOD_FIRST_DAY).first_day, 14 * n), DEFAULT_PAY_PERIOD_FIRST_DAY);
const noonAfter = (day: string) => new Date(daysSpan(day, day, site.timeZone).endsMs + 12 * 3600_000);
const summarise = (tutor: TestClient, meetingId: number) => post(tutor, `/api/meetings/${meetingId}/notes`, { notes: 'Practice problems' });
const payroll = async (client: TestClient, day: string) => (await call(client, `/api/payroll?day=${day}`)).body.data;
const lineOf = (data: { tutors: { tutor_id: number }[] }, tutorId: number) => data.tutors.find((t) => t.tutor_id === tutorId);

describeApi('payroll', (ctx) => {
  it('pays confirmed sessions at their day\'s rate, freezes a paid period, and carries a late summary into the next', async () => {
    const lead = await maya(ctx());
    const tutor = await newTutor(ctx());
    const period = periodAhead(1);
    expect((await post(lead.client, `/api/tutors/${tutor.id}/rates`, { hourly_rate_cents: 3000, effective_day: period.first_day })).status).toBe(201);
    const early = await bookedMeeting(ctx(), tutor, await freeHourOn(ctx(), tutor.id, addDays(period.first_day, 1)));
    const late = await bookedMeeting(ctx(), tutor, await freeHourOn(ctx(), tutor.id, addDays(period.first_day, 8)));

    // Before the period has ended it cannot be paid.
    expect((await post(lead.client, '/api/payroll/paid', { first_day: period.first_day })).body.error.type).toBe('PeriodNotOver');

    await jumpClock(ctx(), noonAfter(period.last_day));
    expect((await summarise(tutor.client, early.meetingId)).status).toBe(200);
    const open = await payroll(lead.client, period.first_day);
    expect(open).toMatchObject({ first_day: period.first_day, last_day: period.last_day, paid: null, over: true });
    expect(lineOf(open, tutor.id)).toMatchObject({ confirmed_minutes: 60, cents: 3000, rate_cents: 3000, held_back: 1, held_back_minutes: 60, unrated_minutes: 0 });
    expect(open.sessions.filter((s: { tutor_id: number }) => s.tutor_id === tutor.id)).toEqual([
      expect.objectContaining({ meeting_id: early.meetingId, minutes: 60, rate_cents: 3000, cents: 3000, carried_over: false, course_number: 'CS 121' }),
    ]);
    expect(open.total_cents).toBe(open.sessions.reduce((sum: number, s: { cents: number }) => sum + s.cents, 0));

    const paid = await post(lead.client, '/api/payroll/paid', { first_day: period.first_day });
    expect(paid.status).toBe(200);
    expect(paid.body.data.paid).toMatchObject({ paid_by: { id: lead.id } });
    expect(lineOf(paid.body.data, tutor.id)).toEqual(lineOf(open, tutor.id));
    expect((await post(lead.client, '/api/payroll/paid', { first_day: period.first_day })).body.error.type).toBe('PeriodAlreadyPaid');

    // The late summary does not change the paid period; the next period pays it.
    expect((await summarise(tutor.client, late.meetingId)).status).toBe(200);
    expect(lineOf(await payroll(lead.client, period.last_day), tutor.id)).toMatchObject({ confirmed_minutes: 60, cents: 3000, held_back: 1 });
    const next = await payroll(lead.client, addDays(period.last_day, 1));
    expect(next.paid).toBeNull();
    expect(lineOf(next, tutor.id)).toMatchObject({ confirmed_minutes: 60, cents: 3000, held_back: 0 });
    expect(next.sessions.find((s: { meeting_id: number }) => s.meeting_id === late.meetingId)).toMatchObject({ carried_over: true, cents: 3000 });
  });

  it('keeps an unpaid period\'s late summaries in that period, and pays nothing for days before the first rate', async () => {
    const tutor = await newTutor(ctx());
    const period = periodAhead(3);
    const session = await bookedMeeting(ctx(), tutor, await freeHourOn(ctx(), tutor.id, addDays(period.first_day, 2)));
    // Weeks ahead: past the sessions' lifetime, so both sign in again there.
    await jumpClock(ctx(), noonAfter(addDays(period.last_day, 14)));
    const lead = await maya(ctx());
    const again = await staffClient(ctx(), tutor.email);
    expect((await summarise(again.client, session.meetingId)).status).toBe(200);
    expect(lineOf(await payroll(lead.client, period.first_day), tutor.id)).toMatchObject({ confirmed_minutes: 60, cents: 0, unrated_minutes: 60, rate_cents: null });
    expect(lineOf(await payroll(lead.client, addDays(period.last_day, 1)), tutor.id)).toBeUndefined();
  });

  it('is the supervisors\' only, for whole pay periods', async () => {
    const lead = await maya(ctx());
    const tutor = await jordan(ctx());
    const customer = await newCustomer(ctx());
    const current = payPeriodOf(today(), DEFAULT_PAY_PERIOD_FIRST_DAY);
    expect((await call(tutor.client, '/api/payroll')).body.error.type).toBe('NotAuthorized');
    expect((await call(customer.client, '/api/payroll')).status).toBe(403);
    expect((await call(ctx().client(), '/api/payroll')).body.error.type).toBe('NoAuth');
    expect((await post(tutor.client, '/api/payroll/paid', { first_day: current.first_day })).body.error.type).toBe('NotAuthorized');
    expect((await post(lead.client, '/api/payroll/paid', { first_day: current.first_day })).body.error.type).toBe('PeriodNotOver');
    expect((await post(lead.client, '/api/payroll/paid', { first_day: addDays(current.first_day, -13) })).body.error).toMatchObject({ type: 'BadInput', fields: { first_day: expect.any(String) } });
    expect((await call(lead.client, '/api/payroll?day=tomorrow')).body.error).toMatchObject({ type: 'BadInput', fields: { day: expect.any(String) } });
    expect((await call(lead.client, '/api/payroll')).body.data).toMatchObject({ first_day: current.first_day, over: false, paid: null });
  });
});
