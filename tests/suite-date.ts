/**
 * The date the test suites run at, whatever day it is: TEST_DATE, an ISO date (noon UTC that day)
 * or date-time (UTC unless it names an offset), by default Monday 23 November 2026 at noon UTC.
 * Read by vitest.config.ts (the semester below) and by the API tests' clock (tests/api/suite-clock.ts).
 */
export const DEFAULT_SUITE_DATE = '2026-11-23T12:00:00Z';

export function parseSuiteDate(value: string | undefined): Date {
  const text = value?.trim() || DEFAULT_SUITE_DATE;
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T12:00:00Z` : /(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`;
  const date = new Date(iso);
  // Date.parse rolls 2027-02-30 over to 2 March: refuse a day the calendar does not have.
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(iso) || (text.length === 10 && date.toISOString().slice(0, 10) !== text)) {
    throw new Error(`TEST_DATE is not an ISO date or date-time: ${value}`);
  }
  return date;
}

/**
 * The semester's last reading day for a suite date: 20 weeks later, so that weekly availability has
 * weeks to repeat on any date (playwright.config.ts does the same for the end-to-end server).
 */
export function semesterLastReadingDayFor(date: Date): string {
  return new Date(date.getTime() + 20 * 7 * 24 * 3600_000).toISOString().slice(0, 10);
}

export const suiteDate = (): Date => parseSuiteDate(process.env.TEST_DATE);
