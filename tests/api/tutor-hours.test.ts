import { afterEach, beforeEach, expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { payPeriodOf } from '../../server/domain/pay/pay-periods.ts';
import { site } from '../../src/config/site.ts';
import { addDays, dayInZone } from '../../src/lib/site-days.ts';
import { newCustomer, post } from './booking-helpers.ts';
import { call, describeApi } from './harness.ts';
import { bookedMeeting, freeHourOn, jordan, jumpClock, maya, newTutor, pinClock, priya } from './tutor-helpers.ts';
import { daysSpan } from '../../server/domain/calendar/zone-days.ts';
import { DEFAULT_PAY_PERIOD_FIRST_DAY } from '../../server/config.ts';

/**
 * Hours and pay (issue 24 'My Hours', issue 25's hourly rates): a tutor's report for a pay period
 * counts as the team view does, pays each confirmed session at the rate of its day, and only a
 * supervisor sets a rate, never their own and never back into a period already under way.
 */

beforeEach(() => pinClock());
afterEach(() => pinClock());

const today = () => dayInZone(nowMs(), site.timeZone);
const period = (day = today()) => payPeriodOf(day, DEFAULT_PAY_PERIOD_FIRST_DAY);
/** The next pay period: wholly ahead, so the test books what it counts. */
const nextPeriod = () => period(addDays(period().last_day, 1));

describeApi('a tutor\'s hours and pay', (ctx) => {
  it('counts a pay period as the team view does, week by week, and lists held sessions without a summary', async () => {
    const tutor = await newTutor(ctx());
    const lead = await maya(ctx());
    const next = nextPeriod();
    const firstWeekDay = addDays(next.first_day, 2);
    const secondWeekDay = addDays(next.first_day, 9);
    const summarised = await bookedMeeting(ctx(), tutor, await freeHourOn(ctx(), tutor.id, firstWeekDay));
    const unsummarised = await bookedMeeting(ctx(), tutor, await freeHourOn(ctx(), tutor.id, secondWeekDay));
    // An unbooked hour in the period counts for nothing.
    expect((await post(tutor.client, '/api/meetings', { occurrence_epoch: await freeHourOn(ctx(), tutor.id, secondWeekDay), tutor: 'myself' })).status).toBe(201);

    // Both sessions held; one summarised.
    await jumpClock(ctx(), new Date(daysSpan(next.last_day, next.last_day, site.timeZone).startsMs + 3600_000));
    expect((await post(tutor.client, `/api/meetings/${summarised.meetingId}/notes`, { notes: 'Recursion and base cases' })).status).toBe(200);

    const { status, body } = await call(tutor.client, `/api/tutors/myself/hours?day=${next.first_day}`);
    expect(status).toBe(200);
    const report = body.data;
    expect(report).toMatchObject({ tutor_id: tutor.id, first_day: next.first_day, last_day: next.last_day, pay: null });
    expect(report.last_day).toBe(addDays(next.first_day, 13));
    expect(report.weeks).toEqual([
      { first_day: next.first_day, last_day: addDays(next.first_day, 6), scheduled_minutes: 60, confirmed_minutes: 60 },
      { first_day: addDays(next.first_day, 7), last_day: next.last_day, scheduled_minutes: 60, confirmed_minutes: 0 },
    ]);
    expect(report.unsummarised).toEqual([
      expect.objectContaining({ meeting_id: unsummarised.meetingId, duration_mins: 60, course_number: 'CS 121', customers: [expect.objectContaining({ firstname: expect.any(String) })] }),
    ]);

    // The team view's figures for the same instants are the same.
    const team = await call(lead.client, `/api/team/hours?from=${report.from_epoch}&to=${report.to_epoch}`);
    expect(team.body.data.find((row: { tutor_id: number }) => row.tutor_id === tutor.id)).toEqual({
      tutor_id: tutor.id,
      scheduled_minutes: report.scheduled_minutes,
      confirmed_minutes: report.confirmed_minutes,
    });
    expect([report.scheduled_minutes, report.confirmed_minutes]).toEqual([120, 60]);
    // A supervisor reads the same report of the tutor.
    expect((await call(lead.client, `/api/tutors/${tutor.id}/hours?day=${next.last_day}`)).body.data).toEqual(report);
  });

  it('pays each confirmed session at the rate in effect on its day, once a supervisor has set one', async () => {
    const tutor = await newTutor(ctx());
    const lead = await maya(ctx());
    const next = nextPeriod();
    const secondWeek = addDays(next.first_day, 7);
    const early = await bookedMeeting(ctx(), tutor, await freeHourOn(ctx(), tutor.id, addDays(next.first_day, 1)));
    const late = await bookedMeeting(ctx(), tutor, await freeHourOn(ctx(), tutor.id, addDays(secondWeek, 1)));

    expect((await post(lead.client, `/api/tutors/${tutor.id}/rates`, { hourly_rate_cents: 3000, effective_day: next.first_day })).status).toBe(201);
    const raise = await post(lead.client, `/api/tutors/${tutor.id}/rates`, { hourly_rate_cents: 4250, effective_day: secondWeek });
    expect(raise.status).toBe(201);
    expect(raise.body.data).toMatchObject({ hourly_rate_cents: 4250, effective_day: secondWeek, entered_by: { id: lead.id } });

    await jumpClock(ctx(), new Date(daysSpan(next.last_day, next.last_day, site.timeZone).startsMs));
    for (const { meetingId } of [early, late]) expect((await post(tutor.client, `/api/meetings/${meetingId}/notes`, { notes: 'Worked examples' })).status).toBe(200);

    const report = (await call(tutor.client, `/api/tutors/myself/hours`)).body.data;
    expect(report.first_day).toBe(next.first_day);
    expect(report.pay).toMatchObject({ cents: 3000 + 4250, unrated_minutes: 0 });
    expect(report.pay.rates.map((r: { hourly_rate_cents: number }) => r.hourly_rate_cents)).toEqual([4250, 3000]);
    // The tutor reads their rates' history, newest first, with who entered them.
    const history = (await call(tutor.client, '/api/tutors/myself/rates')).body.data;
    expect(history.map((r: { effective_day: string; entered_by: { id: number } }) => [r.effective_day, r.entered_by.id])).toEqual([
      [secondWeek, lead.id],
      [next.first_day, lead.id],
    ]);
  });

  it('leaves confirmed minutes before the first rate unpaid and says how many', async () => {
    const tutor = await newTutor(ctx());
    const lead = await maya(ctx());
    const next = nextPeriod();
    const before = await bookedMeeting(ctx(), tutor, await freeHourOn(ctx(), tutor.id, addDays(next.first_day, 2)));
    expect((await post(lead.client, `/api/tutors/${tutor.id}/rates`, { hourly_rate_cents: 2000, effective_day: addDays(next.first_day, 5) })).status).toBe(201);
    await jumpClock(ctx(), new Date(daysSpan(next.last_day, next.last_day, site.timeZone).startsMs));
    expect((await post(tutor.client, `/api/meetings/${before.meetingId}/notes`, { notes: 'Loops' })).status).toBe(200);
    const report = (await call(tutor.client, '/api/tutors/myself/hours')).body.data;
    expect(report.pay).toMatchObject({ cents: 0, unrated_minutes: 60 });
  });

  it('lets only a supervisor set a rate: not their own, not before the current period, in bounds', async () => {
    const tutor = await newTutor(ctx());
    const other = await priya(ctx());
    const lead = await maya(ctx());
    const current = period();
    const rate = (client: typeof tutor.client, who: string | number, fields: Record<string, string | number>) => post(client, `/api/tutors/${who}/rates`, fields);

    expect((await rate(tutor.client, 'myself', { hourly_rate_cents: 9000, effective_day: current.first_day })).body.error.type).toBe('NotAuthorized');
    expect((await rate(tutor.client, other.id, { hourly_rate_cents: 9000, effective_day: current.first_day })).body.error.type).toBe('NotAuthorized');
    expect((await rate(lead.client, 'myself', { hourly_rate_cents: 9000, effective_day: current.first_day })).body.error.type).toBe('CannotSetOwnRate');
    expect((await rate(lead.client, lead.id, { hourly_rate_cents: 9000, effective_day: current.first_day })).body.error.type).toBe('CannotSetOwnRate');
    const backdated = await rate(lead.client, tutor.id, { hourly_rate_cents: 9000, effective_day: addDays(current.first_day, -1) });
    expect(backdated).toMatchObject({ status: 409, body: { error: { type: 'RateBackdated', first_day: current.first_day } } });
    expect((await rate(lead.client, tutor.id, { hourly_rate_cents: 99, effective_day: current.first_day })).body.error).toMatchObject({ type: 'BadInput', fields: { hourly_rate_cents: expect.any(String) } });
    expect((await rate(lead.client, tutor.id, { hourly_rate_cents: 3000, effective_day: '2027-02-30' })).body.error).toMatchObject({ type: 'BadInput', fields: { effective_day: expect.any(String) } });
    expect((await rate(lead.client, tutor.id, { hourly_rate_cents: 3000, effective_day: addDays(today(), 400) })).body.error).toMatchObject({ type: 'BadInput', fields: { effective_day: expect.any(String) } });
    expect((await rate(lead.client, 999_999, { hourly_rate_cents: 3000, effective_day: current.first_day })).body.error.type).toBe('TutorNotFound');
    // Nothing refused was written.
    expect((await call(lead.client, `/api/tutors/${tutor.id}/rates`)).body.data).toEqual([]);
    expect((await call(lead.client, `/api/tutors/${lead.id}/rates`)).body.data).toEqual([]);
  });

  it('shows a tutor\'s hours and rates to that tutor and supervisors only', async () => {
    const tutor = await jordan(ctx());
    const other = await priya(ctx());
    const customer = await newCustomer(ctx());
    const stranger = ctx().client();
    for (const path of [`/api/tutors/${tutor.id}/hours`, `/api/tutors/${tutor.id}/rates`]) {
      expect((await call(other.client, path)).body.error.type).toBe('NotAuthorized');
      expect((await call(customer.client, path)).status).toBe(403);
      expect((await call(stranger, path)).body.error.type).toBe('NoAuth');
      expect((await call(tutor.client, path)).status).toBe(200);
    }
    expect((await call(tutor.client, '/api/tutors/myself/hours?day=2027-13-01')).body.error).toMatchObject({ type: 'BadInput', fields: { day: expect.any(String) } });
  });
});
