import type { CatalogCourse, CourseImport, Id, PriceEntry, PriceHistory } from '../contract/entities.ts';
import type { CourseCreateInput, CourseUpdateInput, PriceChangeInput } from '../contract/schemas.ts';
import { request, segment } from './http.ts';

/**
 * The supervisor's catalog calls (docs/contract-extensions.md): courses with archived ones, adding,
 * renaming, archiving and importing courses, and the prices with when each took effect.
 */

/** Every course, archived ones too, with `archived` and `active_offerings`. */
export const getCatalogCourses = () => request<CatalogCourse[]>('GET', '/api/courses', { query: { show_archived: true } });
export const createCourse = (input: CourseCreateInput) => request<CatalogCourse>('POST', '/api/courses', { form: input });
/** Renames a course; its number and school change too when given. */
export const updateCourse = (courseId: Id, input: CourseUpdateInput) => request<CatalogCourse>('POST', `/api/courses/${segment(courseId)}`, { form: input });
export const archiveCourse = (courseId: Id, unarchive: boolean) =>
  request<CatalogCourse>('POST', `/api/courses/${segment(courseId)}/archive`, { query: { unarchive } });
/**
 * The CSV file itself is the body (course_number,course_name,school, a header first). `dryRun`
 * marks each row without writing anything; otherwise every row is written, or none.
 */
export const importCourses = (file: Blob, dryRun: boolean) =>
  request<CourseImport>('POST', '/api/courses/import', { query: { dry_run: dryRun }, body: { bytes: file, type: 'text/csv' } });
export const getPriceHistory = () => request<PriceHistory>('GET', '/api/prices/history');
/** Records a price change, effective at once for the checkouts that follow. */
export const changePrice = (input: PriceChangeInput) => request<PriceEntry>('POST', '/api/prices', { form: input });
