import { describe, expect, it } from 'vitest';
import { daysOf, hoursShown, placeInWeek } from '../../../src/lib/week-placement.ts';
import { midnightIn, shiftWeek, spanQuery, weekAt, weekOfDay, weekTitle } from '../../../src/lib/week-range.ts';

const LA = 'America/Los_Angeles';
const epoch = (iso: string) => Date.parse(iso) / 1000;
const meeting = (iso: string, minutes = 60) => ({ start: epoch(iso), minutes });
const place = (week: ReturnType<typeof weekOfDay>, items: ReturnType<typeof meeting>[], zone = LA) =>
  placeInWeek(week, items, (m) => m.start, (m) => m.minutes, zone).map(({ column, startMinute, endMinute }) => ({ column, startMinute, endMinute }));

describe('the week view\'s weeks', () => {
  it('starts a week on the Monday that holds the day, at midnight in the zone', () => {
    // Wednesday 25 November 2026, 11 PM in Los Angeles is already Thursday in UTC.
    const week = weekAt(Date.parse('2026-11-26T07:00:00Z'), LA);
    expect(week.monday).toBe('2026-11-23');
    expect(week.from).toBe(epoch('2026-11-23T08:00:00Z'));
    expect(week.to - week.from).toBe(7 * 24 * 3600);
    expect(daysOf(week)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    // A Sunday belongs to the week that began six days before; a Monday starts its own.
    expect(weekOfDay('2026-11-29', LA).monday).toBe('2026-11-23');
    expect(weekOfDay('2026-11-30', LA).monday).toBe('2026-11-30');
    expect(spanQuery(week)).toBe(`?from=${week.from}&to=${week.to}`);
  });

  it('moves by weeks across a change of clock: the week is an hour shorter in spring and longer in autumn', () => {
    const spring = weekOfDay('2027-03-10', LA);
    expect(spring.to - spring.from).toBe(7 * 24 * 3600 - 3600);
    expect(shiftWeek(spring, 1, LA).from).toBe(spring.to);
    expect(shiftWeek(spring, 1, LA).from).toBe(epoch('2027-03-15T07:00:00Z'));
    const autumn = weekOfDay('2026-11-01', LA);
    expect(autumn.monday).toBe('2026-10-26');
    expect(autumn.to - autumn.from).toBe(7 * 24 * 3600 + 3600);
    expect(shiftWeek(shiftWeek(autumn, 5, LA), -5, LA)).toEqual(autumn);
  });

  it('titles a week with plain spaces, whichever ICU formats it (the server\'s and the browser\'s differ)', () => {
    const title = (monday: string) => weekTitle({ monday, from: 0, to: 0 });
    expect(title('2026-11-23')).toBe('Nov 23 – 29, 2026');
    expect(title('2026-11-30')).toBe('Nov 30 – Dec 6, 2026');
    expect(title('2026-12-28')).toBe('Dec 28, 2026 – Jan 3, 2027');
  });

  it('finds the first moment of a day whose midnight the clocks skip', () => {
    // Santiago moved its clocks from midnight to 1 AM on 5 September 2027.
    const start = midnightIn('2027-09-05', 'America/Santiago');
    expect(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Santiago', hourCycle: 'h23', hour: 'numeric', day: 'numeric' }).format(start * 1000)).toBe('5, 01');
  });
});

describe('placing hours in the week\'s columns', () => {
  it('puts a 10 AM hour at minute 600 in its day\'s column on both sides of the spring change', () => {
    const week = weekOfDay('2027-03-08', LA);
    // Monday 8 March 10 AM PST (UTC−8) and Sunday 14 March 10 AM PDT (UTC−7), the day the clocks move.
    expect(place(week, [meeting('2027-03-08T18:00:00Z'), meeting('2027-03-14T17:00:00Z')])).toEqual([
      { column: 0, startMinute: 600, endMinute: 660 },
      { column: 6, startMinute: 600, endMinute: 660 },
    ]);
    // The same instant a week earlier in UTC terms would be 9 AM: the zone's clock decides, not the gap since Monday.
    expect(place(week, [meeting('2027-03-14T18:00:00Z')])).toEqual([{ column: 6, startMinute: 660, endMinute: 720 }]);
  });

  it('places by the viewer\'s zone, leaves out what is outside the week and ends a late hour at midnight', () => {
    const week = weekOfDay('2026-11-23', LA);
    const late = meeting('2026-11-24T07:30:00Z', 60); // Monday 11:30 PM in Los Angeles
    expect(place(week, [late])).toEqual([{ column: 0, startMinute: 23 * 60 + 30, endMinute: 24 * 60 }]);
    // In New York the same hour is Tuesday 2:30 AM, and its week starts three hours earlier.
    const newYork = weekOfDay('2026-11-23', 'America/New_York');
    expect(place(newYork, [late], 'America/New_York')).toEqual([{ column: 1, startMinute: 150, endMinute: 210 }]);
    // Sunday night after midnight is next week's Monday; the Monday before is last week.
    expect(place(week, [meeting('2026-11-30T08:00:00Z'), meeting('2026-11-23T07:59:00Z')])).toEqual([]);
  });

  it('shows at least 9 AM to 5 PM, and widens to the earliest start and the latest end', () => {
    const week = weekOfDay('2026-11-23', LA);
    expect(hoursShown([])).toEqual({ first: 9, last: 17 });
    const placed = placeInWeek(week, [meeting('2026-11-24T13:15:00Z'), meeting('2026-11-26T03:30:00Z', 90)], (m) => m.start, (m) => m.minutes, LA);
    // Tuesday 5:15 AM and Wednesday 7:30–9:00 PM.
    expect(hoursShown(placed)).toEqual({ first: 5, last: 21 });
  });
});
