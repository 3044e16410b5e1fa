import { type ReactNode, Suspense, useDeferredValue, useSyncExternalStore } from 'react';

const noChanges = () => () => {};

export interface ChunkSuspenseProps {
  fallback: ReactNode;
  children: ReactNode;
  /**
   * The chunks under it have loaded already (LazyChunk's `preload`), on the server and in the
   * browser before its hydration alike: the server writes them, and the browser hydrates them.
   */
  ready?: boolean;
}

/**
 * Suspense around a chunk that loads on demand (lazyChunk). The server's render of a dashboard
 * (src/islands/render-dashboard.tsx) and the browser's hydration of it show the fallback as the
 * boundary's content, unless the chunk is `ready`: nothing suspends there, so the page the server
 * wrote is hydrated as it is. Once the page is live, the chunk loads in a deferred render, which
 * keeps the fallback on screen until the chunk is there (no fallback shown anew, so React does not
 * hold the content back to pace fallbacks). Rendered in the browser from the start, it is plain
 * Suspense.
 */
export function ChunkSuspense({ fallback, children, ready = false }: ChunkSuspenseProps) {
  // Ready, the server's answer is the browser's: hydration leaves nothing to render again. (Were
  // this boundary rendered again at once, React would hydrate the screen under it in that same
  // task, instead of in slices between the browser's other work.)
  const shown = useSyncExternalStore(
    noChanges,
    () => true,
    () => ready,
  );
  const live = useDeferredValue(shown);
  return <Suspense fallback={fallback}>{live ? children : fallback}</Suspense>;
}
