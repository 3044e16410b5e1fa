import { sql, type Transaction } from 'kysely';
import type { CatalogCourse, CourseImport, CourseImportRow, CourseImportStatus } from '../../../src/contract/entities.ts';
import { COURSE_IMPORT_MAX_ROWS } from '../../../src/contract/limits.ts';
import { courseCreateForm } from '../../../src/contract/schemas.ts';
import { normalizeCourseNumber } from '../../../src/lib/courses.ts';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import { CsvError, parseCsv } from './csv.ts';
import { offeringColumns, toOffering } from './offerings.ts';
import { Refusal } from '../refusal.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/**
 * The catalog of courses, kept by supervisors (permission is the route's business): adding,
 * renaming, archiving, and importing a school's list from a CSV file. A course number is unique
 * within its school, compared as the catalog writes numbers (normalizeCourseNumber: "cs  121" is
 * "CS 121"). An archived course leaves the booking flow and the public reads, and keeps its
 * bookings and gradebooks; it is archived only once no offering of it is unarchived, and an
 * offering of it is not unarchived (team.ts), so nobody can book it through a tutor either.
 */

type Reader = Db | Transaction<Database>;
type Input = { course_number: string; course_name: string; school: string };

/** The number as the catalog compares it, in SQL: what normalizeCourseNumber makes of it. */
const normalizedNumber = sql<string>`upper(regexp_replace(btrim(course_number), '\\s+', ' ', 'g'))`;

function catalogCourses(db: Reader) {
  return db
    .selectFrom('courses as c')
    .select(['c.id', 'c.course_number', 'c.course_name', 'c.school', 'c.archived'])
    .select((eb) =>
      eb
        .selectFrom('offerings as o')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('o.course_id', '=', 'c.id')
        .where('o.archived', '=', false)
        .as('active_offerings'),
    );
}

const toCatalogCourse = (row: { id: number; course_number: string; course_name: string; school: string; archived: boolean; active_offerings: number | string | null }): CatalogCourse => ({
  ...row,
  active_offerings: Number(row.active_offerings ?? 0),
});

async function courseById(db: Reader, courseId: number): Promise<CatalogCourse> {
  const row = await catalogCourses(db).where('c.id', '=', courseId).executeTakeFirst();
  if (!row) throw new Refusal('CourseNotFound');
  return toCatalogCourse(row);
}

/** Every course, archived ones too, by school and number: the supervisor's read. */
export async function listCatalogCourses(db: Db): Promise<CatalogCourse[]> {
  return (await catalogCourses(db).orderBy('c.school').orderBy('c.course_number').execute()).map(toCatalogCourse);
}

/** The public list: courses that are not archived. */
export function listPublicCourses(db: Db) {
  return db.selectFrom('courses').select(['id', 'course_number', 'course_name', 'school']).where('archived', '=', false).orderBy('id').execute();
}

/** CourseExists when another course of the school has this number. */
async function refuseTaken(db: Reader, school: string, courseNumber: string, exceptId?: number): Promise<void> {
  let query = db.selectFrom('courses').select(['id', 'course_number', 'course_name', 'school']).where('school', '=', school).where(normalizedNumber, '=', courseNumber);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const taken = await query.executeTakeFirst();
  if (taken) throw new Refusal('CourseExists', { course: taken });
}

/** Adds a course (the input is validated and normalized by courseCreateForm). */
export async function createCourse(db: Db, input: Input): Promise<CatalogCourse> {
  await refuseTaken(db, input.school, input.course_number);
  try {
    const row = await db.insertInto('courses').values(input).returning('id').executeTakeFirstOrThrow();
    return courseById(db, row.id);
  } catch (error) {
    // Two forms sent at once with the same number: the unique index decides.
    if (isUniqueViolation(error)) throw new Refusal('CourseExists');
    throw error;
  }
}

/** Renames a course, and moves it to another number or school when those are given. */
export async function updateCourse(db: Db, courseId: number, input: Partial<Input> & { course_name: string }): Promise<CatalogCourse> {
  const course = await courseById(db, courseId);
  const school = input.school ?? course.school;
  const courseNumber = input.course_number ?? course.course_number;
  if (school !== course.school || courseNumber !== course.course_number) await refuseTaken(db, school, normalizeCourseNumber(courseNumber), courseId);
  try {
    await db.updateTable('courses').set({ course_name: input.course_name, course_number: courseNumber, school }).where('id', '=', courseId).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal('CourseExists');
    throw error;
  }
  return courseById(db, courseId);
}

/**
 * Archives a course, refused while offerings of it are unarchived (listed, as a tutor's archive
 * lists them: the supervisor archives them first), or unarchives one. The course row is locked
 * while the offerings are read, and unarchiving an offering locks it too (team.ts), so an offering
 * cannot come back in between.
 */
export async function setCourseArchived(db: Db, courseId: number, archived: boolean): Promise<CatalogCourse> {
  await db.transaction().execute(async (trx) => {
    const course = await trx.selectFrom('courses').select('id').where('id', '=', courseId).forUpdate().executeTakeFirst();
    if (!course) throw new Refusal('CourseNotFound');
    if (archived) {
      const offerings = await trx
        .selectFrom('offerings as o')
        .innerJoin('courses as c', 'c.id', 'o.course_id')
        .innerJoin('tutors as t', 't.id', 'o.tutor_id')
        .select(offeringColumns)
        .where('o.course_id', '=', courseId)
        .where('o.archived', '=', false)
        .orderBy('t.name')
        .execute();
      if (offerings.length > 0) throw new Refusal('CourseHasOfferings', { offerings: offerings.map(toOffering) });
    }
    await trx.updateTable('courses').set({ archived }).where('id', '=', courseId).execute();
  });
  return courseById(db, courseId);
}

// --- import ------------------------------------------------------------------------------------

const COLUMNS = ['course_number', 'course_name', 'school'] as const;
const HEADER_HELP = `The first line must be the header ${COLUMNS.join(',')}`;

const badCsv = (reason: string) => new Refusal('BadInput', { fields: { csv: reason } });

/** The header's column of each field, or a refusal that says what is wrong with it. */
function readHeader(fields: string[]): (typeof COLUMNS)[number][] {
  const names = fields.map((f) => f.trim().toLowerCase().replace(/\s+/g, '_'));
  const unknown = names.filter((name) => !(COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0) throw badCsv(`${HEADER_HELP} (in any order); it has ${unknown.map((u) => `'${u.slice(0, 40)}'`).join(', ')}`);
  const missing = COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) throw badCsv(`${HEADER_HELP}; ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} missing`);
  if (new Set(names).size !== names.length) throw badCsv(`${HEADER_HELP}; a column is named twice`);
  return names as (typeof COLUMNS)[number][];
}

/** An issue list as one reason: "course_number: Required; school: Must be …". */
function reasonOf(issues: { path: PropertyKey[]; message: string }[]): string {
  const seen = new Map<string, string>();
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'row');
    if (!seen.has(key)) seen.set(key, issue.message);
  }
  return [...seen].map(([field, message]) => `${field}: ${message}`).join('; ');
}

/** What a cell shows in the preview: as written, cut short (a field can be long), one line. */
const shown = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);

/**
 * Reads an import's CSV (course_number,course_name,school, a header first) and marks each row:
 * new, unchanged, renamed (the course exists at the school with another name) or invalid (with the
 * reason). A file that is not CSV, or has no proper header, is refused (BadInput, `fields.csv`).
 */
export async function previewCourseImport(db: Reader, csv: string): Promise<CourseImport> {
  let records;
  try {
    records = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvError) throw badCsv(error.message);
    throw error;
  }
  const [header, ...data] = records;
  if (!header) throw badCsv(`The file is empty. ${HEADER_HELP}`);
  const columns = readHeader(header.fields);
  if (data.length > COURSE_IMPORT_MAX_ROWS) throw badCsv(`At most ${COURSE_IMPORT_MAX_ROWS} courses at a time: please split the file`);

  const existing = new Map<string, { id: number; course_name: string }>();
  for (const course of await db.selectFrom('courses').select(['id', 'course_number', 'course_name', 'school']).execute()) {
    existing.set(`${course.school}\n${normalizeCourseNumber(course.course_number)}`, course);
  }
  const firstLine = new Map<string, number>();
  const rows: CourseImportRow[] = data.map(({ line, fields }) => {
    const cells: Record<string, string> = {};
    columns.forEach((column, index) => (cells[column] = fields[index] ?? ''));
    const raw = { line, course_number: shown(cells.course_number), course_name: shown(cells.course_name), school: shown(cells.school) };
    if (fields.length !== columns.length) return { ...raw, status: 'invalid', reason: `Expected ${columns.length} fields, found ${fields.length}` };
    const parsed = courseCreateForm.safeParse(cells);
    if (!parsed.success) return { ...raw, status: 'invalid', reason: reasonOf(parsed.error.issues) };
    const course = parsed.data;
    const key = `${course.school}\n${course.course_number}`;
    const row = { line, ...course };
    const repeated = firstLine.get(key);
    if (repeated !== undefined) return { ...row, status: 'invalid', reason: `The same course as line ${repeated}` };
    firstLine.set(key, line);
    const found = existing.get(key);
    if (!found) return { ...row, status: 'new' };
    if (found.course_name === course.course_name) return { ...row, status: 'unchanged', course_id: found.id };
    return { ...row, status: 'renamed', course_id: found.id, previous_name: found.course_name };
  });
  const counts: Record<CourseImportStatus, number> = { new: 0, unchanged: 0, renamed: 0, invalid: 0 };
  for (const row of rows) counts[row.status] += 1;
  return { rows, counts, written: false };
}

/**
 * Imports the file: refused whole (InvalidImport, with every row marked) when a row is invalid;
 * otherwise every new course is added and every renamed one renamed, in one transaction, read
 * and written together so that the answer tells what was done.
 */
export async function importCourses(db: Db, csv: string): Promise<CourseImport> {
  try {
    return await db.transaction().execute(async (trx) => {
      const preview = await previewCourseImport(trx, csv);
      if (preview.counts.invalid > 0) throw new Refusal('InvalidImport', { invalid: preview.counts.invalid, rows: preview.rows, counts: preview.counts });
      const added = preview.rows.filter((row) => row.status === 'new');
      if (added.length > 0) {
        const made = await trx
          .insertInto('courses')
          .values(added.map(({ course_number, course_name, school }) => ({ course_number, course_name, school })))
          .returning(['id', 'course_number', 'school'])
          .execute();
        const idOf = new Map(made.map((course) => [`${course.school}\n${course.course_number}`, course.id]));
        for (const row of added) row.course_id = idOf.get(`${row.school}\n${row.course_number}`);
      }
      for (const row of preview.rows) {
        if (row.status === 'renamed') await trx.updateTable('courses').set({ course_name: row.course_name }).where('id', '=', Number(row.course_id)).execute();
      }
      return { ...preview, written: true };
    });
  } catch (error) {
    // A course added by someone else meanwhile: nothing was written; a new preview shows it.
    if (isUniqueViolation(error)) throw new Refusal('CourseExists');
    throw error;
  }
}
