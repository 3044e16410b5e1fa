import { useEffect, useRef } from 'react';

/**
 * For a screen whose steps replace each other: when `step` changes (never on the first render, so a
 * page load leaves focus where the browser puts it), focus moves to the first `h2` inside the
 * returned ref's element, the new step's heading. The button that was pressed is gone with its
 * step; without this, keyboard and screen-reader users would be sent back to the page's start.
 * The heading gets tabIndex -1 so it can take focus without joining the Tab order.
 */
export function useStepFocus<T extends HTMLElement>(step: unknown) {
  const container = useRef<T>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    const heading = container.current?.querySelector<HTMLElement>('h2');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, [step]);
  return container;
}
