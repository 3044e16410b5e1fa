import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

/**
 * A store's value, for a component, which renders again when it changes (the server's render reads
 * it as it is, and hydration reads the same). The app's one binding of nanostores to React, in
 * place of @nanostores/react's useStore, whose support for the keys of map stores would add 0.37 KB
 * to every dashboard's first load (decision 012): the stores here are atoms.
 */
export function useStore<T>(store: ReadableAtom<T>): T {
  return useSyncExternalStore(store.listen, store.get, store.get);
}
