/**
 * Loading script chunks, without React: the time-out, the error that names the chunk, and the
 * page-wide Retry. lazy-chunk.ts builds React.lazy on it; the home page's hero button, which is
 * plain DOM, uses it directly.
 */

/** Spec 1 §1: script chunks load with a 120-second time-out. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A script chunk that did not load (network, server, time-out): what spec 1 §1 reports. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  /** The chunk's path on this site, when the browser's message names it. */
  readonly chunkUrl: string | undefined;

  constructor(message: string, chunkUrl: string | undefined, options?: ErrorOptions) {
    super(message, options);
    this.chunkUrl = chunkUrl;
  }
}

/**
 * The path of the first address of this site in a browser's message ("Failed to fetch dynamically
 * imported module: https://…/_astro/x.js", "Unable to preload CSS for /_astro/x.css"). Only the
 * path: never another site's address, never a query.
 */
export function chunkPathIn(message: string, origin = globalThis.location?.origin ?? 'http://localhost'): string | undefined {
  const match = /(?:https?:\/\/[^\s'"]+|\/[\w\-./~%]+\.(?:m?js|css))/.exec(message);
  if (!match) return undefined;
  try {
    const url = new URL(match[0], origin);
    return url.origin === origin ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

/** Loads a chunk, failing with a ChunkLoadError when it fails or takes longer than the time-out. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(`A script chunk did not load within ${timeoutMs / 1000} seconds`, undefined)), timeoutMs);
  });
  return Promise.race([load(), timeout])
    .catch((error: unknown) => {
      if (error instanceof ChunkLoadError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new ChunkLoadError(message, chunkPathIn(message), { cause: error });
    })
    .finally(() => clearTimeout(timer));
}

// Retries: React.lazy keeps a failed import's error for good, so each failed chunk registers how to
// start over, and a Retry anywhere starts every failed one over and tells the error boundaries.
const failedChunks = new Set<() => void>();
const retryListeners = new Set<() => void>();
let retries = 0;

/** Registers how a chunk that failed starts over at the next Retry. */
export function onRetryStartOver(startOver: () => void): void {
  failedChunks.add(startOver);
}

/** Starts every failed chunk over (on its next render) and resets the error boundaries. */
export function retryFailedChunks(): void {
  for (const startOver of failedChunks) startOver();
  failedChunks.clear();
  retries += 1;
  for (const listener of retryListeners) listener();
}

/** For useSyncExternalStore: the count of retries, which error boundaries use as a reset key. */
export function subscribeToRetries(listener: () => void): () => void {
  retryListeners.add(listener);
  return () => retryListeners.delete(listener);
}
export const retryCount = () => retries;
