import { useEffect } from 'react';

/**
 * Keeps a screen's choices in the address's query (`?period=…`), replacing the entry rather than
 * adding one: a reload, or Back from another screen, shows the same choices again.
 */
export function useAddressSearch(search: string): void {
  useEffect(() => {
    if (window.location.search !== search) window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
  }, [search]);
}
