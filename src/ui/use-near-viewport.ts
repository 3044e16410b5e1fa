import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element comes within `margin` of the viewport, and from then on: a part below the
 * fold starts loading shortly before it can be seen, not with the page. Where the browser cannot
 * tell (no IntersectionObserver), true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '600px'): boolean {
  // False on the server (src/islands/render-dashboard.tsx), as in every browser that can tell.
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}
