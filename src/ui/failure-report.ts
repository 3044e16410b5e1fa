import { reportClientError } from '../api/client-errors.ts';
import { ChunkLoadError } from './chunk-load.ts';

/** What a part of the page that failed says: a chunk that did not load, or anything else. */
export function failureMessage(error: unknown): string {
  return error instanceof ChunkLoadError ? 'This part of the page did not load. Check your connection and retry.' : 'Something went wrong on this part of the page.';
}

/** The report's fields within the server's bounds (src/contract/schemas.ts clientErrorForm). */
export function errorReport(error: unknown, where: string) {
  const name = error instanceof Error && /^[A-Za-z][\w.$]{0,59}$/.test(error.name) ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  const chunk = error instanceof ChunkLoadError ? error.chunkUrl : undefined;
  return {
    name,
    message: message.slice(0, 1000),
    where: where.slice(0, 100),
    page: window.location.pathname.slice(0, 300),
    ...(chunk && chunk.length <= 300 ? { chunk_url: chunk } : {}),
  };
}

/** Sends the report to the server log; a report that cannot be sent is dropped (the page already shows what happened). */
export function reportFailure(error: unknown, where: string): void {
  void reportClientError(errorReport(error, where)).catch(() => undefined);
}
