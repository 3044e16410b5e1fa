import { describe, expect, it } from 'vitest';
import type { CourseImport, PriceEntry } from '../../../src/contract/entities.ts';
import {
  archiveFailure,
  courseErrors,
  courseFailure,
  effectiveText,
  formatDollars,
  importedText,
  importSummary,
  parseDollars,
  priceRows,
  refusedImport,
  rowResult,
} from '../../../src/features/catalog/catalog-model.ts';
import { coursesBySchool, normalizeCourseNumber, schoolIdOf } from '../../../src/lib/courses.ts';

const entry = (frequency: 'weekly' | 'onetime', capacity: 1 | 2, cents: number, effective_epoch: number | null = null): PriceEntry => ({
  frequency,
  capacity,
  cents,
  effective_epoch,
  entered_by: effective_epoch === null ? null : { id: 5, name: 'Maya Chen' },
});

describe('prices in dollars', () => {
  it('reads dollars as typed: whole, with cents, a $ sign and thousands commas', () => {
    expect(parseDollars('45')).toEqual({ cents: 4500 });
    expect(parseDollars(' 45.5 ')).toEqual({ cents: 4550 });
    expect(parseDollars('$45.05')).toEqual({ cents: 4505 });
    expect(parseDollars('45.')).toEqual({ cents: 4500 });
    expect(parseDollars('.99')).toEqual({ cents: 99 });
    expect(parseDollars('1,000')).toEqual({ cents: 100_000 });
  });

  it('says what to fix otherwise', () => {
    for (const text of ['', 'abc', '4 5', '-5', '1e3', '45,5', '12,34.00', '0x10']) expect(parseDollars(text), text).toEqual({ error: 'Please enter a price in dollars, like 45 or 45.50.' });
    expect(parseDollars('45.555')).toEqual({ error: 'Please give at most two digits after the point (whole cents).' });
    // The card provider charges 50 cents at least: a price below it could never be paid.
    for (const text of ['0', '0.00', '0.01', '.49']) expect(parseDollars(text), text).toEqual({ error: 'The price must be at least $0.50: a card cannot be charged less.' });
    expect(parseDollars('0.50')).toEqual({ cents: 50 });
    expect(parseDollars('1000.01')).toEqual({ error: 'The price can be at most $1,000.00.' });
  });

  it('shows dollars and cents', () => {
    expect(formatDollars(4500)).toBe('$45.00');
    expect(formatDollars(4505)).toBe('$45.05');
    expect(formatDollars(100_000)).toBe('$1,000.00');
  });

  it('lists the four prices in order, a missing one as null', () => {
    const rows = priceRows({ current: [entry('onetime', 2, 3500), entry('weekly', 1, 4500)], changes: [] });
    expect(rows.map((r) => [r.frequency, r.capacity, r.entry?.cents ?? null])).toEqual([
      ['weekly', 1, 4500],
      ['weekly', 2, null],
      ['onetime', 1, null],
      ['onetime', 2, 3500],
    ]);
  });

  it('says when a price took effect and who entered it, or that it is the opening price', () => {
    expect(effectiveText(entry('weekly', 1, 4500))).toBe('Opening price: no change recorded yet');
    expect(effectiveText(entry('weekly', 1, 4500, Date.parse('2026-11-25T16:05:00Z') / 1000), 'America/Los_Angeles')).toBe('Since Nov 25, 2026, 8:05 AM, by Maya Chen');
  });
});

describe('course form', () => {
  it('checks number, name and school as the server does', () => {
    expect(courseErrors({ course_number: ' cs 121 ', course_name: 'Intro', school: 'university' })).toEqual({});
    expect(courseErrors({ course_number: ' ', course_name: '', school: '' })).toEqual({
      course_number: 'Please enter the course number.',
      course_name: 'Please enter the course name.',
      school: 'Please choose the school.',
    });
    expect(courseErrors({ course_number: 'CS <1>' }).course_number).toMatch(/^Letters and digits only/);
    expect(courseErrors({ course_number: 'X'.repeat(21) }).course_number).toBe('At most 20 characters.');
    expect(courseErrors({ course_name: 'n'.repeat(121) }).course_name).toBe('At most 120 characters.');
    for (const control of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(courseErrors({ course_name: `Intro ${control}gpj.exe` }).course_name).toBe('The course name must not contain characters that change the direction of text (U+202A to U+202E, U+2066 to U+2069).');
    }
    expect(courseErrors({ course_name: 'Intro \u200f (RLM) and العربية' })).toEqual({});
  });

  it("puts the server's reasons by field, a taken number on the number, anything else in one sentence", () => {
    expect(courseFailure({ status: 'failure', error: { type: 'CourseExists' } })).toEqual({ fields: { course_number: 'A course with this number already exists at this school.' } });
    expect(courseFailure({ status: 'failure', error: { type: 'BadInput', fields: { school: 'Must be university' } } })).toEqual({ fields: { school: 'Must be university' } });
    expect(courseFailure({ status: 'network-error', error: { type: 'NetworkError', message: 'x' } })).toEqual({ message: "Couldn't contact server. Try again later." });
  });

  it('names the tutors whose offerings keep a course from being archived', () => {
    const offerings = [{ tutor: { name: 'Jordan Alvarez' } }, { tutor: { name: 'Priya Shah' } }, { tutor: { name: 'Jordan Alvarez' } }];
    expect(archiveFailure({ status: 'failure', error: { type: 'CourseHasOfferings', offerings } })).toBe(
      "This course has 3 attached offerings. Please archive the tutors' offerings of this course (Team View) before archiving the course. Offered by: Jordan Alvarez, Priya Shah.",
    );
  });

  it('normalizes numbers and reads schools by id or name', () => {
    expect(normalizeCourseNumber('  apcalc   ab ')).toBe('APCALC AB');
    expect(schoolIdOf(' High  school ')).toBe('highschool');
    expect(schoolIdOf('UNIVERSITY')).toBe('university');
    expect(schoolIdOf('college')).toBeUndefined();
  });

  it('groups courses by school, configured schools first, each by number', () => {
    const groups = coursesBySchool([
      { course_number: 'CS 311', school: 'university' },
      { course_number: 'APCS A', school: 'highschool' },
      { course_number: 'CS 121', school: 'university' },
      { course_number: 'MATH 3', school: 'highschool' },
      { course_number: 'CS 21', school: 'community' },
      { course_number: 'CHEM 142', school: 'university' },
    ]);
    expect(groups.map((g) => [g.name, g.courses.map((c) => c.course_number)])).toEqual([
      ['University', ['CHEM 142', 'CS 121', 'CS 311']],
      ['High School', ['APCS A', 'MATH 3']],
      ['Community', ['CS 21']],
    ]);
  });
});

describe('import preview', () => {
  const preview = (counts: CourseImport['counts']): CourseImport => ({ rows: [], counts, written: false });

  it('offers to import the new and renamed courses only when no row is invalid', () => {
    expect(importSummary(preview({ new: 2, renamed: 1, unchanged: 4, invalid: 0 }))).toEqual({
      changes: 3,
      confirmLabel: 'Import 3 courses',
      canImport: true,
      note: '2 new, 1 renamed, 4 unchanged, 0 invalid.',
    });
    const blocked = importSummary(preview({ new: 1, renamed: 0, unchanged: 0, invalid: 1 }));
    expect(blocked).toMatchObject({ confirmLabel: 'Import 1 course', canImport: false });
    expect(blocked.note).toMatch(/The invalid row needs fixing in the file/);
    expect(importSummary(preview({ new: 0, renamed: 0, unchanged: 3, invalid: 0 }))).toMatchObject({ canImport: false, note: expect.stringMatching(/Nothing to import/) });
  });

  it('words each row and the outcome', () => {
    const row = { line: 2, course_number: 'CS 1', course_name: 'A', school: 'university' };
    expect(rowResult({ ...row, status: 'new' })).toBe('New');
    expect(rowResult({ ...row, status: 'renamed', previous_name: 'Old' })).toBe('Renamed (was “Old”)');
    expect(rowResult({ ...row, status: 'invalid', reason: 'school: Must be university' })).toBe('Invalid: school: Must be university');
    expect(importedText(preview({ new: 2, renamed: 1, unchanged: 0, invalid: 0 }))).toBe('Imported: 2 courses added and 1 course renamed.');
    expect(importedText(preview({ new: 0, renamed: 0, unchanged: 1, invalid: 0 }))).toBe('Imported: nothing changed.');
  });

  it("reads a refused import's rows as the new preview", () => {
    const rows = [
      { line: 2, course_number: 'A 1', course_name: 'A', school: 'university', status: 'new' as const },
      { line: 3, course_number: 'A 1', course_name: 'A', school: 'university', status: 'invalid' as const, reason: 'The same course as line 2' },
    ];
    expect(refusedImport({ type: 'InvalidImport', invalid: 1, rows })).toEqual({ rows, counts: { new: 1, unchanged: 0, renamed: 0, invalid: 1 }, written: false });
    expect(refusedImport({ type: 'CourseExists' })).toBeNull();
  });
});
