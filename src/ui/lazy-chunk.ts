import { type ComponentProps, type ComponentType, createElement, lazy } from 'react';
import { CHUNK_TIMEOUT_MS, loadChunk, onRetryStartOver } from './chunk-load.ts';

export { CHUNK_TIMEOUT_MS, ChunkLoadError, chunkPathIn, loadChunk, retryCount, retryFailedChunks, subscribeToRetries } from './chunk-load.ts';

/** A chunk's component, which can also be loaded ahead of its first render. */
export type LazyChunk<T> = T & {
  /**
   * Loads the chunk now: its renders from then on do not suspend. The server loads the chunks of
   * the first screens it writes so (src/islands/render-dashboard.tsx): its render cannot wait.
   */
  preload(): Promise<void>;
};

/**
 * A thenable that calls back at once: React.lazy, given one, has the component in the same render
 * and does not suspend (a promise, even a settled one, calls back later).
 */
const settled = <M,>(module: M) => ({ then: (resolve: (value: M) => void) => resolve(module) }) as unknown as Promise<M>;

/**
 * React.lazy for a chunk: the import has the 120-second time-out, fails as a ChunkLoadError, and
 * after retryFailedChunks() the next render imports it again (the browser fetches it anew).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes it
export function lazyChunk<T extends ComponentType<any>>(load: () => Promise<{ default: T }>, timeoutMs = CHUNK_TIMEOUT_MS): LazyChunk<T> {
  let module: { default: T } | undefined;
  const fetchModule = () => loadChunk(load, timeoutMs).then((loaded) => (module = loaded));
  const attempt = () =>
    lazy(() =>
      module
        ? settled(module)
        : fetchModule().catch((error: unknown) => {
            onRetryStartOver(startOver);
            throw error;
          }),
    );
  let Current = attempt();
  function startOver() {
    Current = attempt();
  }
  function Chunk(props: ComponentProps<T>) {
    return createElement(Current as ComponentType<ComponentProps<T>>, props);
  }
  // Chunk takes T's props and renders T: it stands for T.
  Chunk.preload = async () => void (module ?? (await fetchModule()));
  return Chunk as unknown as LazyChunk<T>;
}
