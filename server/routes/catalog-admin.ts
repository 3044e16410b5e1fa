import { COURSE_IMPORT_MAX_BYTES } from '../../src/contract/limits.ts';
import { courseArchiveQuery, courseCreateForm, courseImportQuery, courseUpdateForm, id, priceChangeForm } from '../../src/contract/schemas.ts';
import { now } from '../clock.ts';
import type { Db } from '../domain/handle.ts';
import { createCourse, importCourses, previewCourseImport, setCourseArchived, updateCourse } from '../domain/catalog.ts';
import { changePrice, priceHistory } from '../domain/prices.ts';
import { Refusal } from '../domain/refusal.ts';
import { failed, ok } from '../http/envelope.ts';
import { router } from '../http/router.ts';
import { requireSupervisor } from '../http/sign-in.ts';
import { parseForm, parseParam, parseQuery, readBodyUpTo } from '../http/validate.ts';

/** What a CSV file arrives as: browsers name .csv files text/csv, or Excel's type on Windows. */
const CSV_TYPES = /^(text\/(csv|plain)|application\/(csv|vnd\.ms-excel))\s*(;|$)/i;

const badCsv = (reason: string) => new Refusal('BadInput', { fields: { csv: reason } });

/**
 * The supervisor's catalog (docs/contract-extensions.md): courses (add, rename, archive, import a
 * CSV file) and prices (record a change, read them with when each took effect). The public reads
 * (GET /api/courses, GET /api/prices) are in catalog.ts and follow these writes at once on this
 * instance, and on the others through the tables' change triggers (cache/data-changes.ts).
 */
export function catalogAdminRoutes(db: Db) {
  const app = router();

  // Before /courses/:id, which would otherwise take 'import' for an id.
  app.post('/courses/import', async (c) => {
    requireSupervisor(c);
    const { dry_run } = parseQuery(c, courseImportQuery);
    if (!CSV_TYPES.test(c.req.header('content-type') ?? '')) throw badCsv('Send the CSV file itself as the body, as text/csv');
    const bytes = await readBodyUpTo(c, COURSE_IMPORT_MAX_BYTES);
    if (bytes === null) return failed(c, badCsv(`The file is larger than ${COURSE_IMPORT_MAX_BYTES / 1024} KB: please split it`), 413);
    let csv: string;
    try {
      csv = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw badCsv('The file is not UTF-8 text: save it as "CSV UTF-8"');
    }
    return ok(c, dry_run ? await previewCourseImport(db, csv) : await importCourses(db, csv));
  });

  app.post('/courses', async (c) => {
    requireSupervisor(c);
    return ok(c, await createCourse(db, await parseForm(c, courseCreateForm)), 201);
  });

  app.post('/courses/:id', async (c) => {
    requireSupervisor(c);
    const courseId = parseParam(c, 'id', id);
    return ok(c, await updateCourse(db, courseId, await parseForm(c, courseUpdateForm)));
  });

  app.post('/courses/:id/archive', async (c) => {
    requireSupervisor(c);
    const courseId = parseParam(c, 'id', id);
    const { unarchive } = parseQuery(c, courseArchiveQuery);
    return ok(c, await setCourseArchived(db, courseId, !unarchive));
  });

  app.get('/prices/history', async (c) => {
    requireSupervisor(c);
    return ok(c, await priceHistory(db, now()));
  });

  app.post('/prices', async (c) => {
    const supervisor = requireSupervisor(c);
    const { frequency, capacity, price_cents } = await parseForm(c, priceChangeForm);
    return ok(c, await changePrice(db, { frequency, capacity, cents: price_cents }, supervisor.tutorId, now()), 201);
  });

  return app;
}
