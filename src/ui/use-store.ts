import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

/**
 * A store's value, for a component, which renders again when it changes (the server's render reads
 * it as it is). In place of @nanostores/react's useStore, whose support for the keys of map stores
 * brought that code into every dashboard's first load: the stores here are atoms.
 */
export function useStore<T>(store: ReadableAtom<T>): T {
  return useSyncExternalStore(store.listen, store.get, store.get);
}
