import type { CatalogCourse, CatalogPackage, Id } from '../contract/entities.ts';
import type { CourseCreateInput, CourseUpdateInput, PackageCreateInput, PriceChangeInput } from '../contract/schemas.ts';
import { type ApiResult, send } from './http.ts';

/**
 * The supervisor's catalog calls (docs/contract-extensions.md): courses with archived ones, adding,
 * renaming, archiving and importing courses, and the prices with when each took effect.
 */

/** Every course, archived ones too, with `archived` and `active_offerings`. */
export const getCatalogCourses = () => send('GET /courses', { query: { show_archived: true } }) as Promise<ApiResult<CatalogCourse[]>>;
export const createCourse = (input: CourseCreateInput) => send('POST /courses', { form: input });
/** Renames a course; its number and school change too when given. */
export const updateCourse = (courseId: Id, input: CourseUpdateInput) => send('POST /courses/{id}', { params: { id: courseId }, form: input });
export const archiveCourse = (courseId: Id, unarchive: boolean) =>
  send('POST /courses/{id}/archive', { params: { id: courseId }, query: { unarchive } });
/**
 * The CSV file itself is the body (course_number,course_name,school, a header first). `dryRun`
 * marks each row without writing anything; otherwise every row is written, or none.
 */
export const importCourses = (file: Blob, dryRun: boolean) =>
  send('POST /courses/import', { query: { dry_run: dryRun }, body: { bytes: file, type: 'text/csv' } });
export const getPriceHistory = () => send('GET /prices/history');
/** Records a price change, effective at once for the checkouts that follow. */
export const changePrice = (input: PriceChangeInput) => send('POST /prices', { form: input });
/** Every hour package, archived ones too, with `archived`. */
export const getCatalogPackages = () => send('GET /packages', { query: { show_archived: true } }) as Promise<ApiResult<CatalogPackage[]>>;
/** Puts an hour package on sale. */
export const createPackage = (input: PackageCreateInput) => send('POST /packages', { form: input });
/** Takes a package off sale (`unarchive`: puts it back). */
export const archivePackage = (packageId: Id, unarchive: boolean) => send('POST /packages/{id}/archive', { params: { id: packageId }, query: { unarchive } });
