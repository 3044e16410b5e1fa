import { type ReactNode, Suspense, useDeferredValue, useSyncExternalStore } from 'react';

const noChanges = () => () => {};

export interface ChunkSuspenseProps {
  fallback: ReactNode;
  children: ReactNode;
  /**
   * The server writes the children: it loads their chunks before its render (LazyChunk's
   * `preload`). The browser then hydrates them as they are, once their chunks are there too.
   */
  serverWritten?: boolean;
}

/**
 * Suspense around a chunk that loads on demand (lazyChunk). The server's render of a dashboard
 * (src/islands/render-dashboard.tsx) and the browser's hydration of it show the fallback as the
 * boundary's content, unless the server writes the children: nothing suspends there, so the page
 * the server wrote is hydrated as it is. Once the page is live, the chunk loads in a deferred
 * render, which keeps the fallback on screen until the chunk is there (no fallback shown anew, so
 * React does not hold the content back to pace fallbacks). Rendered in the browser from the start,
 * it is plain Suspense.
 *
 * Children the server wrote are hydrated as Suspense hydrates any part whose code is still
 * loading: React keeps the server's HTML until the chunk has loaded, then hydrates it, in slices
 * between the browser's other work (nothing renders this boundary again meanwhile, which would
 * make React hydrate it at once, or drop the server's HTML).
 */
export function ChunkSuspense({ fallback, children, serverWritten = false }: ChunkSuspenseProps) {
  const shown = useSyncExternalStore(
    noChanges,
    () => true,
    () => serverWritten,
  );
  const live = useDeferredValue(shown);
  return <Suspense fallback={fallback}>{live ? children : fallback}</Suspense>;
}
