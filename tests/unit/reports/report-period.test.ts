import { describe, expect, it } from 'vitest';
import { choiceFromSearch, choiceSearch, DEFAULT_CHOICE, periodDays, periodProblem } from '../../../src/features/reports/report-period.ts';
import { mondayOf, monthOf } from '../../../src/lib/calendar-weeks.ts';

/** The Reports screen's presets, counted from a fixed today (the site's day), and the period in the address. */
describe('report periods', () => {
  it.each([
    // today (a Wednesday), its week, last week, its month, last month
    ['2026-11-25', ['2026-11-23', '2026-11-29'], ['2026-11-16', '2026-11-22'], ['2026-11-01', '2026-11-30'], ['2026-10-01', '2026-10-31']],
    // a Sunday is the last day of its week
    ['2026-11-29', ['2026-11-23', '2026-11-29'], ['2026-11-16', '2026-11-22'], ['2026-11-01', '2026-11-30'], ['2026-10-01', '2026-10-31']],
    // a Monday the first; last week crosses into the month before
    ['2026-12-01', ['2026-11-30', '2026-12-06'], ['2026-11-23', '2026-11-29'], ['2026-12-01', '2026-12-31'], ['2026-11-01', '2026-11-30']],
    // January: last month is December of the year before; the week crosses the new year
    ['2027-01-01', ['2026-12-28', '2027-01-03'], ['2026-12-21', '2026-12-27'], ['2027-01-01', '2027-01-31'], ['2026-12-01', '2026-12-31']],
    // March of a leap year: last month is a 29-day February
    ['2028-03-31', ['2028-03-27', '2028-04-02'], ['2028-03-20', '2028-03-26'], ['2028-03-01', '2028-03-31'], ['2028-02-01', '2028-02-29']],
    // the week daylight saving starts in (Los Angeles, 14 March 2027): days are days, whatever the hours
    ['2027-03-14', ['2027-03-08', '2027-03-14'], ['2027-03-01', '2027-03-07'], ['2027-03-01', '2027-03-31'], ['2027-02-01', '2027-02-28']],
  ])('on %s', (today, thisWeek, lastWeek, thisMonth, lastMonth) => {
    const days = (preset: 'this-week' | 'last-week' | 'this-month' | 'last-month') => {
      const { from, to } = periodDays({ preset }, today);
      return [from, to];
    };
    expect(days('this-week')).toEqual(thisWeek);
    expect(days('last-week')).toEqual(lastWeek);
    expect(days('this-month')).toEqual(thisMonth);
    expect(days('last-month')).toEqual(lastMonth);
    expect(periodDays({ preset: 'custom', from: '2026-01-05', to: '2026-02-01' }, today)).toEqual({ from: '2026-01-05', to: '2026-02-01' });
  });

  it('finds Mondays and months as days, in no zone', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(monthOf('2100-02-15')).toEqual({ first: '2100-02-01', last: '2100-02-28' });
    expect(monthOf('2026-12-31')).toEqual({ first: '2026-12-01', last: '2026-12-31' });
  });

  it('says why chosen days are not a period: missing, From after To, more than a year', () => {
    expect(periodProblem({ from: '2026-11-01', to: '2026-11-01' })).toBeNull();
    expect(periodProblem({ from: '2028-01-01', to: '2028-12-31' })).toBeNull();
    expect(periodProblem({ from: '2026-11-02', to: '2026-11-01' })).toBe('From must be on or before To.');
    expect(periodProblem({ from: '2026-01-01', to: '2027-01-02' })).toBe('Choose at most a year (366 days).');
    expect(periodProblem({ from: '', to: '2026-11-01' })).toBe('Enter both dates, From and To.');
    expect(periodProblem({ from: '2026-02-30', to: '2026-03-01' })).toBe('Enter both dates, From and To.');
  });

  it('keeps the choice in the address and reads it back; anything else is the default', () => {
    for (const choice of [{ preset: 'last-month' }, { preset: 'this-week' }, { preset: 'custom', from: '2026-11-09', to: '2026-11-03' }] as const) {
      expect(choiceFromSearch(choiceSearch(choice))).toEqual(choice);
    }
    expect(choiceSearch({ preset: 'custom', from: '2026-11-01', to: '2026-11-30' })).toBe('?period=custom&from=2026-11-01&to=2026-11-30');
    expect(choiceFromSearch('')).toEqual(DEFAULT_CHOICE);
    expect(choiceFromSearch('?period=next-year')).toEqual(DEFAULT_CHOICE);
    expect(choiceFromSearch('?period=custom&from=yesterday&to=2026-11-30')).toEqual(DEFAULT_CHOICE);
  });
});
