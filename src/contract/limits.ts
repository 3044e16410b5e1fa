/**
 * Limits the server's rules and the screens share (no schema library here: the screens import this
 * without zod).
 */

/**
 * The longest a session may be recorded as lasting: the booked hour and two extra. Longer durations
 * pass the form (an old client's 600) and are refused by the rule (DurationTooLong,
 * server/domain/meetings/meeting-rules.ts).
 */
export const MAX_DURATION_MINUTES = 180;

/** A course number ('CS 121', 'APCALC AB'): letters, digits and spaces, at most this long. */
export const COURSE_NUMBER_MAX = 20;
/** A course's name, at most this long. */
export const COURSE_NAME_MAX = 120;
/**
 * A course import (POST /api/courses/import): the CSV file's bytes and data rows at most. A
 * school's whole catalog is a few hundred rows, a few KB each hundred.
 */
export const COURSE_IMPORT_MAX_BYTES = 256 * 1024;
export const COURSE_IMPORT_MAX_ROWS = 2000;
/**
 * A price in cents: a whole number of cents from PRICE_CENTS_MIN to PRICE_CENTS_MAX ($1,000 an
 * hour). The least is the card provider's smallest charge in US dollars (Stripe's is 50 cents): a
 * lower price would take bookings whose payment can never go through.
 */
export const PRICE_CENTS_MIN = 50;
export const PRICE_CENTS_MAX = 100_000;
/**
 * Hour packages (docs/contract-extensions.md 'Hour packages'): at most this many hours (and as many
 * bonus hours), valid for at most two years, priced like an hour at most for each hour sold.
 */
export const PACKAGE_HOURS_MAX = 100;
export const PACKAGE_VALID_DAYS_MAX = 730;
export const PACKAGE_PRICE_CENTS_MAX = PACKAGE_HOURS_MAX * PRICE_CENTS_MAX;
/**
 * Days off (POST /api/tutors/{id}/days-off): one request covers at most this many days (a summer
 * break; more is a tutor leaving, which the team view handles by archiving).
 */
export const DAYS_OFF_MAX_DAYS = 120;

/** A lesson report's texts (docs/contract-extensions.md 'Lesson reports'): homework for the student, a note for staff. */
export const HOMEWORK_MAX = 1000;
export const PRIVATE_NOTE_MAX = 1000;

/** The longest period a report covers (GET /api/reports): a year, a leap year's too. */
export const REPORT_MAX_DAYS = 366;

/**
 * The sites allowed to embed the booking widget (PUT /api/embed/origins): this many at most, each
 * typed entry at most this long. Every one of them is written into each embed page's
 * Content-Security-Policy header, which proxies cap at a few KB.
 */
export const EMBED_ORIGINS_MAX = 50;
export const EMBED_ORIGIN_TYPED_MAX = 300;
