import { expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { site } from '../../src/config/site.ts';
import { parseSuiteDate, semesterLastReadingDayFor, suiteDate } from '../suite-date.ts';

// What every other file relies on: the server's clock and the semester follow TEST_DATE, not today.
it('starts at the suite date, in the semester that ends 20 weeks later', () => {
  expect(Math.abs(nowMs() - suiteDate().getTime())).toBeLessThan(60_000);
  expect(site.semesterLastReadingDay).toBe(semesterLastReadingDayFor(suiteDate()));
});

it('reads TEST_DATE as noon UTC on a day, or a date-time (UTC unless it says otherwise), and refuses other text', () => {
  expect(parseSuiteDate('2028-02-29').toISOString()).toBe('2028-02-29T12:00:00.000Z');
  expect(parseSuiteDate('2027-03-13T09:30').toISOString()).toBe('2027-03-13T09:30:00.000Z');
  expect(parseSuiteDate('2027-03-13T09:30:00-08:00').toISOString()).toBe('2027-03-13T17:30:00.000Z');
  expect(parseSuiteDate(undefined).toISOString()).toBe('2026-11-23T12:00:00.000Z');
  for (const bad of ['2027-02-29', 'tomorrow', '13/03/2027']) expect(() => parseSuiteDate(bad)).toThrow(/TEST_DATE/);
});
