/**
 * Whether a database error is a unique index refusing a second row (PostgreSQL's `23505`, which
 * PGlite reports too): two requests at once with the same key, where the index decides.
 */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && String((error as { code?: unknown }).code) === '23505';
}
