import { type ComponentProps, type ComponentType, createElement, lazy } from 'react';
import { CHUNK_TIMEOUT_MS, loadChunk, onRetryStartOver } from './chunk-load.ts';

export { CHUNK_TIMEOUT_MS, ChunkLoadError, chunkPathIn, loadChunk, retryCount, retryFailedChunks, subscribeToRetries } from './chunk-load.ts';

/**
 * React.lazy for a chunk: the import has the 120-second time-out, fails as a ChunkLoadError, and
 * after retryFailedChunks() the next render imports it again (the browser fetches it anew).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes it
export function lazyChunk<T extends ComponentType<any>>(load: () => Promise<{ default: T }>, timeoutMs = CHUNK_TIMEOUT_MS): T {
  const attempt = () =>
    lazy(() =>
      loadChunk(load, timeoutMs).catch((error: unknown) => {
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
  return Chunk as unknown as T;
}
