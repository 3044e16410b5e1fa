import { type RefObject, useEffect } from 'react';

/** A new hour to show: its start (epoch seconds), and what to call once it has been shown. */
export interface Fresh {
  epoch: number;
  shown: () => void;
}

/** How long a new hour stays marked. */
const FRESH_MS = 4000;

/**
 * Brings the element of a new hour (`data-epoch`) into view and marks it (`data-fresh`, styled by
 * its view) for a few seconds, once it is on screen; the mark is the DOM's, not React's, so a
 * re-render keeps it.
 */
export function useFreshHour(container: RefObject<HTMLElement | null>, fresh: Fresh | undefined, ready: boolean): void {
  useEffect(() => {
    if (!fresh || !ready) return;
    const element = container.current?.querySelector<HTMLElement>(`[data-epoch="${fresh.epoch}"]`);
    if (!element) return;
    element.scrollIntoView({ block: 'center' });
    element.setAttribute('data-fresh', '');
    fresh.shown();
    setTimeout(() => element.removeAttribute('data-fresh'), FRESH_MS);
  });
}

