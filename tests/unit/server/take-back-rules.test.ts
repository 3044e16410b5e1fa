import { dayOffProblems, dayOffSpan, deleteRefusal, onDaysOff, seriesLastDayMs, sortOutHours } from '../../../server/domain/meetings/take-back-rules.ts';
import { DAYS_OFF_MAX_DAYS } from '../../../src/contract/limits.ts';
import { addDays, dayInZone, daysBetween, formatDayRange } from '../../../src/lib/site-days.ts';

const HOUR = 3600_000;
const now = Date.UTC(2027, 2, 13, 12);
const LA = 'America/Los_Angeles';

describe('when a tutor may take hours back', () => {
  const free = { confirmed: 0, held: 0 };
  it.each([
    ['an unbooked hour ahead', { startMs: now + HOUR, seats: free }, null],
    ['an hour someone is paying for', { startMs: now + HOUR, seats: { confirmed: 0, held: 1 } }, 'AlreadyBooked'],
    ['a booked hour', { startMs: now + HOUR, seats: { confirmed: 1, held: 0 } }, 'AlreadyBooked'],
    ['a group hour with one paid and one paying', { startMs: now + HOUR, seats: { confirmed: 1, held: 1 } }, 'AlreadyBooked'],
    ['an unbooked hour starting now', { startMs: now, seats: free }, 'MeetingStarted'],
    ['a booked hour that has started', { startMs: now - HOUR, seats: { confirmed: 1, held: 0 } }, 'MeetingStarted'],
  ])('deleting %s', (_, hour, expected) => {
    expect(deleteRefusal(hour, now)).toBe(expected);
  });

  it('sorts a range into hours that go, hours that stay booked, and hours someone is paying for', () => {
    const hour = (id: number, confirmed: number, held: number) => ({ id, startMs: now + id * HOUR, seats: { confirmed, held } });
    const { remove, keep, paying } = sortOutHours([hour(1, 0, 0), hour(2, 1, 0), hour(3, 0, 1), hour(4, 1, 1), hour(5, 0, 0)]);
    expect(remove.map((h) => h.id)).toEqual([1, 5]);
    expect(keep.map((h) => h.id)).toEqual([2]);
    expect(paying.map((h) => h.id)).toEqual([3, 4]);
  });

  it('moves a series\' last day to just before its end, never later', () => {
    const last = now + 100 * 24 * HOUR;
    expect(seriesLastDayMs(last, now + 7 * 24 * HOUR)).toBe(now + 7 * 24 * HOUR - 1000);
    expect(seriesLastDayMs(last, last + 7 * 24 * HOUR)).toBe(last);
  });
});

describe('days off', () => {
  it('are whole future days, the last not before the first, and not too many at once', () => {
    expect(dayOffProblems('2027-03-13', '2027-03-13', '2027-03-13')).toBeNull();
    expect(dayOffProblems('2027-03-12', '2027-03-14', '2027-03-13')).toEqual({ first_day: expect.stringMatching(/today or later/) });
    expect(dayOffProblems('2027-03-20', '2027-03-19', '2027-03-13')).toEqual({ last_day: expect.stringMatching(/on or after/) });
    expect(dayOffProblems('2027-03-20', addDays('2027-03-20', DAYS_OFF_MAX_DAYS - 1), '2027-03-13')).toBeNull();
    expect(dayOffProblems('2027-03-20', addDays('2027-03-20', DAYS_OFF_MAX_DAYS), '2027-03-13')).toEqual({ last_day: `At most ${DAYS_OFF_MAX_DAYS} days off at a time` });
  });

  it("cover midnight to midnight in the site's zone, across a daylight-saving change", () => {
    // Los Angeles springs forward on 14 March 2027: that day lasts 23 hours.
    const span = dayOffSpan('2027-03-13', '2027-03-14', LA);
    expect(new Date(span.startsMs).toISOString()).toBe('2027-03-13T08:00:00.000Z');
    expect(new Date(span.endsMs).toISOString()).toBe('2027-03-15T07:00:00.000Z');
    expect(span.endsMs - span.startsMs).toBe(47 * HOUR);
    expect(onDaysOff(span.startsMs, span)).toBe(true);
    expect(onDaysOff(span.endsMs - 1, span)).toBe(true);
    expect(onDaysOff(span.endsMs, span)).toBe(false);
    expect(onDaysOff(span.startsMs - 1, span)).toBe(false);
  });

  it('read and write days as YYYY-MM-DD', () => {
    expect(dayInZone(Date.UTC(2027, 2, 14, 7, 59), LA)).toBe('2027-03-13');
    expect(dayInZone(Date.UTC(2027, 2, 14, 8, 0), LA)).toBe('2027-03-14');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(daysBetween('2027-03-13', '2027-03-13')).toBe(1);
    expect(daysBetween('2027-03-13', '2027-04-12')).toBe(31);
    expect(formatDayRange('2027-12-24', '2027-12-24')).toBe('Fri, Dec 24');
    expect(formatDayRange('2027-12-24', '2028-01-02')).toBe('Fri, Dec 24 – Sun, Jan 2');
  });
});
