import type { ApiResult } from '../../api/http.ts';
import type { BookingCapacity, CatalogCourse, CourseImport, CourseImportRow, Frequency, PriceEntry, PriceHistory } from '../../contract/entities.ts';
import type { ApiError } from '../../contract/envelope.ts';
import { COURSE_NAME_MAX, COURSE_NUMBER_MAX, PRICE_CENTS_MAX, PRICE_CENTS_MIN } from '../../contract/limits.ts';
import { bidiControlMessage, hasBidiControl } from '../../lib/bidi-controls.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import { COURSE_NUMBER_PATTERN, normalizeCourseName, normalizeCourseNumber } from '../../lib/courses.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { capacityLabel } from '../../lib/labels.ts';

/**
 * The pure rules of the Courses & Prices screen: money typed in dollars, the four prices and when
 * each took effect, the course form's checks (the server's, src/contract/schemas.ts, without zod),
 * the import preview's wording and whether it may be confirmed.
 */

export type Failed = Exclude<ApiResult<unknown>, { status: 'success' }>;

/** A failed call as one sentence. */
export const failureMessage = (result: Failed) => (result.status === 'network-error' ? NETWORK_MESSAGE : errorMessage(result.error));

// --- prices --------------------------------------------------------------------------------------

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 4500 → '$45.00': the screen shows dollars and cents. */
export const formatDollars = (cents: number) => usd.format(cents / 100);

/** The four prices, in the order the screen lists them. */
export const PRICE_KEYS: { frequency: Frequency; capacity: BookingCapacity }[] = [
  { frequency: 'weekly', capacity: 1 },
  { frequency: 'weekly', capacity: 2 },
  { frequency: 'onetime', capacity: 1 },
  { frequency: 'onetime', capacity: 2 },
];

export const priceKey = (price: { frequency: Frequency; capacity: number }) => `${price.frequency}:${price.capacity}`;

/** 'One-on-One, Weekly' */
export const priceName = (price: { frequency: Frequency; capacity: number }) => `${capacityLabel(price.capacity)}, ${price.frequency === 'weekly' ? 'Weekly' : 'One Time'}`;

/** The four prices in order, each with its current entry (null when none is set). */
export function priceRows(history: PriceHistory): { frequency: Frequency; capacity: BookingCapacity; entry: PriceEntry | null }[] {
  const current = new Map(history.current.map((entry) => [priceKey(entry), entry]));
  return PRICE_KEYS.map((key) => ({ ...key, entry: current.get(priceKey(key)) ?? null }));
}

const moment = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const momentIn: Record<string, Intl.DateTimeFormat> = {};

/** 'Since Nov 25, 2026, 4:05 PM, by Maya Chen', or what an opening price is. */
export function effectiveText(entry: PriceEntry, timeZone?: string): string {
  if (entry.effective_epoch === null) return 'Opening price: no change recorded yet';
  const format = timeZone ? (momentIn[timeZone] ??= new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })) : moment;
  const by = entry.entered_by ? `, by ${entry.entered_by.name}` : '';
  return `Since ${format.format(entry.effective_epoch * 1000)}${by}`;
}

export const DOLLARS_HINT = 'In dollars, like 45 or 45.50';

/**
 * A price typed in dollars ('45', '45.5', '$1,045.50') → cents, or the sentence that says what to
 * fix. Whole cents only, from the card provider's smallest charge ($0.50) to the server's maximum
 * (an hour's, or `max`: a package's).
 */
export function parseDollars(text: string, max: number = PRICE_CENTS_MAX): { cents: number } | { error: string } {
  const value = text.trim().replace(/^\$\s*/, '');
  const plain = /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(value) ? value.replaceAll(',', '') : value;
  const match = /^(\d{1,7})(?:\.(\d*))?$/.exec(plain) ?? /^()\.(\d+)$/.exec(plain);
  if (!match) return { error: `Please enter a price in dollars, like 45 or 45.50.` };
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { error: 'Please give at most two digits after the point (whole cents).' };
  const cents = Number(match[1] || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (cents < PRICE_CENTS_MIN) return { error: `The price must be at least ${formatDollars(PRICE_CENTS_MIN)}: a card cannot be charged less.` };
  if (cents > max) return { error: `The price can be at most ${formatDollars(max)}.` };
  return { cents };
}

/** The text a price's edit field starts with: '45.00'. */
export const dollarsInput = (cents: number) => (cents / 100).toFixed(2);

// --- courses -------------------------------------------------------------------------------------

export type CourseField = 'course_number' | 'course_name' | 'school';
export type CourseErrors = Partial<Record<CourseField, string>>;

/** The course form's checks, as the server makes them (src/contract/schemas.ts). */
export function courseErrors(input: { course_number?: string; course_name?: string; school?: string }): CourseErrors {
  const errors: CourseErrors = {};
  if (input.course_number !== undefined) {
    const number = normalizeCourseNumber(input.course_number);
    if (!number) errors.course_number = 'Please enter the course number.';
    else if (number.length > COURSE_NUMBER_MAX) errors.course_number = `At most ${COURSE_NUMBER_MAX} characters.`;
    else if (!COURSE_NUMBER_PATTERN.test(number)) errors.course_number = 'Letters and digits only, with spaces, dots, hyphens or slashes between them.';
  }
  if (input.course_name !== undefined) {
    const name = normalizeCourseName(input.course_name);
    if (!name) errors.course_name = 'Please enter the course name.';
    else if (name.length > COURSE_NAME_MAX) errors.course_name = `At most ${COURSE_NAME_MAX} characters.`;
    else if (hasBidiControl(name)) errors.course_name = bidiControlMessage('The course name');
  }
  if (input.school !== undefined && !input.school) errors.school = 'Please choose the school.';
  return errors;
}

/**
 * A refused course form: the reasons by field (BadInput names them; CourseExists is the number's),
 * or, for anything else, one sentence for the form.
 */
export function courseFailure(result: Failed): { fields: CourseErrors } | { message: string } {
  if (result.status === 'failure') {
    const { error } = result;
    if (error.type === 'CourseExists') return { fields: { course_number: errorMessage(error) } };
    if (error.type === 'BadInput' && typeof error.fields === 'object' && error.fields !== null) {
      const fields: CourseErrors = {};
      for (const key of ['course_number', 'course_name', 'school'] as const) {
        const reason = (error.fields as Record<string, unknown>)[key];
        if (typeof reason === 'string' && reason) fields[key] = reason;
      }
      if (Object.keys(fields).length > 0) return { fields };
    }
  }
  return { message: failureMessage(result) };
}

/** Archived courses are listed only when 'Show Archived' is on. */
export const visibleCourses = (courses: CatalogCourse[], showArchived: boolean) => (showArchived ? courses : courses.filter((c) => !c.archived));

/** 'CS 121 (Intro to Programming I)' */
export const courseTitle = (course: { course_number: string; course_name: string }) => `${course.course_number} (${course.course_name})`;

/** How many tutors offer the course now. */
export const offeringsText = (count: number) => (count === 0 ? 'No tutor offers it' : count === 1 ? '1 tutor offers it' : `${count} tutors offer it`);

/** A refused archive in words; a CourseHasOfferings refusal also names the tutors whose offerings are left. */
export function archiveFailure(result: Failed): string {
  const message = failureMessage(result);
  if (result.status !== 'failure' || result.error.type !== 'CourseHasOfferings') return message;
  const names = tutorNames(result.error);
  return names.length > 0 ? `${message} Offered by: ${names.join(', ')}.` : message;
}

function tutorNames(error: ApiError): string[] {
  const offerings = Array.isArray(error.offerings) ? (error.offerings as { tutor?: { name?: unknown } }[]) : [];
  return [...new Set(offerings.map((o) => o.tutor?.name).filter((name): name is string => typeof name === 'string' && name !== ''))];
}

// --- import --------------------------------------------------------------------------------------

/** What each status reads as in the preview. */
export const STATUS_LABELS: Record<CourseImportRow['status'], string> = { new: 'New', unchanged: 'Unchanged', renamed: 'Renamed', invalid: 'Invalid' };

/** The preview's last column: what the row will do, or why it cannot. */
export function rowResult(row: CourseImportRow): string {
  if (row.status === 'invalid') return row.reason ? `Invalid: ${row.reason}` : 'Invalid';
  if (row.status === 'renamed') return `Renamed (was “${row.previous_name ?? ''}”)`;
  return STATUS_LABELS[row.status];
}

export interface ImportSummary {
  /** Rows the import writes: new courses and renamed ones. */
  changes: number;
  /** The confirm button's words: 'Import 3 courses'. */
  confirmLabel: string;
  /** Whether the import may be confirmed: no invalid row, and something to write. */
  canImport: boolean;
  /** Why it may not, or what it will do. */
  note: string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function importSummary(preview: CourseImport): ImportSummary {
  const { counts } = preview;
  const changes = counts.new + counts.renamed;
  const confirmLabel = `Import ${plural(changes, 'course')}`;
  const tally = `${counts.new} new, ${counts.renamed} renamed, ${counts.unchanged} unchanged, ${counts.invalid} invalid.`;
  if (counts.invalid > 0) {
    return { changes, confirmLabel, canImport: false, note: `${tally} ${counts.invalid === 1 ? 'The invalid row needs' : 'The invalid rows need'} fixing in the file before anything is imported: fix ${counts.invalid === 1 ? 'it' : 'them'}, then choose the file again.` };
  }
  if (changes === 0) return { changes, confirmLabel, canImport: false, note: `${tally} Nothing to import: every course is in the catalog already, as it is.` };
  return { changes, confirmLabel, canImport: true, note: tally };
}

/** The import's outcome in one sentence. */
export function importedText(done: CourseImport): string {
  const { counts } = done;
  const parts = [counts.new > 0 && `${plural(counts.new, 'course')} added`, counts.renamed > 0 && `${plural(counts.renamed, 'course')} renamed`].filter(Boolean);
  return `Imported: ${parts.join(' and ') || 'nothing changed'}.`;
}

/** The rows of a refused import (InvalidImport carries them), to show as the new preview. */
export function refusedImport(error: ApiError): CourseImport | null {
  if (error.type !== 'InvalidImport' || !Array.isArray(error.rows)) return null;
  const rows = error.rows as CourseImportRow[];
  const counts = { new: 0, unchanged: 0, renamed: 0, invalid: 0 };
  for (const row of rows) counts[row.status] += 1;
  return { rows, counts, written: false };
}
