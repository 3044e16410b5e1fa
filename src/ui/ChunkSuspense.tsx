import { type ReactNode, Suspense, useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * Suspense around a chunk that loads on demand (lazyChunk). The server's render of a dashboard
 * (src/islands/render-dashboard.tsx) and the browser's hydration of it show the fallback itself:
 * nothing suspends there, so the page the server wrote is hydrated as it is. Once the page is
 * live, the chunk loads behind the same fallback. Rendered in the browser from the start, it is
 * plain Suspense.
 */
export function ChunkSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const live = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  return live ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
