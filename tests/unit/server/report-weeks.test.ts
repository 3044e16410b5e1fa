// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { reportWeeks } from '../../../server/domain/reports/report-weeks.ts';

const HOUR = 3600_000;
const LA = 'America/Los_Angeles';
const hours = (week: { startsMs: number; endsMs: number }) => (week.endsMs - week.startsMs) / HOUR;

/** A report's weeks: Monday to Sunday in the site's zone, cut to the period, one after another whatever the clocks do. */
describe('report weeks', () => {
  it('runs Monday to Sunday, cuts the first and last week to the period, and leaves no gap', () => {
    const weeks = reportWeeks('2026-11-01', '2026-11-30', LA);
    expect(weeks.map((w) => [w.first_day, w.last_day])).toEqual([
      ['2026-11-01', '2026-11-01'],
      ['2026-11-02', '2026-11-08'],
      ['2026-11-09', '2026-11-15'],
      ['2026-11-16', '2026-11-22'],
      ['2026-11-23', '2026-11-29'],
      ['2026-11-30', '2026-11-30'],
    ]);
    for (let i = 1; i < weeks.length; i++) expect(weeks[i]!.startsMs).toBe(weeks[i - 1]!.endsMs);
    // 1 November 2026 is the day daylight saving ends in Los Angeles: 25 hours.
    expect(hours(weeks[0]!)).toBe(25);
    expect(weeks[0]!.startsMs).toBe(Date.parse('2026-11-01T00:00:00-07:00'));
    expect(weeks.at(-1)!.endsMs).toBe(Date.parse('2026-12-01T00:00:00-08:00'));
  });

  it('makes the week daylight saving starts in an hour shorter, and the one it ends in an hour longer', () => {
    const spring = reportWeeks('2027-03-08', '2027-03-21', LA);
    expect(spring.map(hours)).toEqual([167, 168]);
    // Sunday 14 March 2027 at 23:30 daylight time is in the week of the 8th; Monday at 00:30 in the next.
    const lateSunday = Date.parse('2027-03-14T23:30:00-07:00');
    const earlyMonday = Date.parse('2027-03-15T00:30:00-07:00');
    expect(lateSunday >= spring[0]!.startsMs && lateSunday < spring[0]!.endsMs).toBe(true);
    expect(earlyMonday >= spring[1]!.startsMs && earlyMonday < spring[1]!.endsMs).toBe(true);
    // In UTC both are on Monday the 15th: a week counted in UTC would put the Sunday session in the wrong week.
    expect(new Date(lateSunday).toISOString().slice(0, 10)).toBe('2027-03-15');

    const autumn = reportWeeks('2027-11-01', '2027-11-14', LA);
    expect(autumn.map(hours)).toEqual([169, 168]);
  });

  it('is one week for a day, and a year is 53 weeks or 54', () => {
    expect(reportWeeks('2027-03-14', '2027-03-14', LA).map((w) => [w.first_day, w.last_day, hours(w)])).toEqual([['2027-03-14', '2027-03-14', 23]]);
    expect(reportWeeks('2026-01-01', '2026-12-31', LA)).toHaveLength(53);
    expect(reportWeeks('2028-01-01', '2028-12-31', LA)).toHaveLength(53);
    // 366 days from a Sunday to a Monday: that Sunday, 52 weeks, that Monday.
    expect(reportWeeks('2027-01-03', '2028-01-03', 'UTC')).toHaveLength(54);
  });
});
