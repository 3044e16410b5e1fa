/**
 * Whether a database error is a unique index refusing a second row (PostgreSQL's `23505`, which
 * PGlite reports too): two requests at once with the same key, where the index decides.
 */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && String((error as { code?: unknown }).code) === '23505';
}

/** Whether PostgreSQL chose this transaction as a deadlock's victim (`40P01`): rolled back, and safe to run again. */
export function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && String((error as { code?: unknown }).code) === '40P01';
}

/**
 * Runs a transaction of its own again when PostgreSQL broke a deadlock by rolling it back (at most
 * `attempts` times): the other transaction has gone on, so the next run finds its rows free.
 */
export async function retryingDeadlocks<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= attempts) throw error;
    }
  }
}
