import { catalogCalls as calls } from '../../src/contract/calls/catalog.ts';
import { COURSE_IMPORT_MAX_BYTES } from '../../src/contract/limits.ts';
import { sendCachedAnswer } from '../cache/answer-cache.ts';
import { createCourse, importCourses, listCatalogCourses, listPublicCourses, previewCourseImport, setCourseArchived, updateCourse } from '../domain/catalog/catalog.ts';
import { Refusal } from '../domain/refusal.ts';
import { serve } from '../http/declared.ts';
import { failed } from '../http/envelope.ts';
import { router } from '../http/router.ts';
import { requireSupervisor } from '../http/sign-in.ts';
import { readBodyUpTo } from '../http/validate.ts';
import { PUBLIC_CATALOG, type RouteDeps } from './deps.ts';

/** What a CSV file arrives as: browsers name .csv files text/csv, or Excel's type on Windows. */
const CSV_TYPES = /^(text\/(csv|plain)|application\/(csv|vnd\.ms-excel))\s*(;|$)/i;

const badCsv = (reason: string) => new Refusal('BadInput', { fields: { csv: reason } });

/**
 * Courses: the public read (answered from memory until a write changes it), and the supervisor's
 * catalog (docs/contract-extensions.md): every course with its state, add, rename, archive, import
 * a CSV file. A write reaches the public read at once on this instance, and on the others through
 * the tables' change triggers (cache/data-changes.ts).
 */
export function courseRoutes({ db, caches }: RouteDeps) {
  const app = router();

  /** Courses that are not archived; with show_archived=true, every course with its state (supervisors only, not cached). */
  serve(app, calls.getCourses, async (c, input) => {
    if (input.query().show_archived) {
      requireSupervisor(c);
      return input.answer(await listCatalogCourses(db));
    }
    const answer = await caches.catalog.get('courses', async () => ({ data: await listPublicCourses(db) }));
    return sendCachedAnswer(c, answer, PUBLIC_CATALOG);
  });

  // Before /courses/{id}, which would otherwise take 'import' for an id.
  serve(app, calls.importCourses, async (c, input) => {
    requireSupervisor(c);
    const { dry_run } = input.query();
    if (!CSV_TYPES.test(c.req.header('content-type') ?? '')) throw badCsv('Send the CSV file itself as the body, as text/csv');
    const bytes = await readBodyUpTo(c, COURSE_IMPORT_MAX_BYTES);
    if (bytes === null) return failed(c, badCsv(`The file is larger than ${COURSE_IMPORT_MAX_BYTES / 1024} KB: please split it`), 413);
    let csv: string;
    try {
      csv = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw badCsv('The file is not UTF-8 text: save it as "CSV UTF-8"');
    }
    return input.answer(dry_run ? await previewCourseImport(db, csv) : await importCourses(db, csv));
  });

  serve(app, calls.createCourse, async (c, input) => {
    requireSupervisor(c);
    return input.answer(await createCourse(db, await input.form()));
  });

  serve(app, calls.updateCourse, async (c, input) => {
    requireSupervisor(c);
    const courseId = input.param('id');
    return input.answer(await updateCourse(db, courseId, await input.form()));
  });

  serve(app, calls.archiveCourse, async (c, input) => {
    requireSupervisor(c);
    const courseId = input.param('id');
    const { unarchive } = input.query();
    return input.answer(await setCourseArchived(db, courseId, !unarchive));
  });

  return app;
}
