import { useEffect, useState } from 'react';
import { getCourses, getPrices } from '../../api/catalog.ts';
import type { Course, Prices } from '../../contract/entities.ts';
import { errorMessage } from '../../lib/error-messages.ts';

export type Catalog = { status: 'loading' } | { status: 'ready'; courses: Course[]; prices: Prices } | { status: 'error'; message: string };

/** Courses and prices as the page was built with them: the flow's first step is drawn from them at once. */
export type BuiltCatalog = { courses: Course[]; prices: Prices };

/**
 * Courses and prices, loaded once when the booking flow appears. With `built` (the page's own
 * copy), the flow starts ready and the fresh answer replaces it when it comes; a failed load then
 * keeps the page's copy rather than showing an error.
 */
export function useCatalog(built?: BuiltCatalog): [Catalog, () => void] {
  const [catalog, setCatalog] = useState<Catalog>(built ? { status: 'ready', ...built } : { status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    void Promise.all([getCourses(), getPrices()]).then(([courses, prices]) => {
      if (!current) return;
      if (courses.status === 'success' && prices.status === 'success') setCatalog({ status: 'ready', courses: courses.data, prices: prices.data });
      else if (!built) {
        const failed = courses.status !== 'success' ? courses : prices;
        setCatalog({ status: 'error', message: failed.status === 'network-error' ? 'Cannot contact server' : failed.status === 'failure' ? errorMessage(failed.error) : 'Error' });
      }
    });
    return () => {
      current = false;
    };
    // `built` is the page's, fixed for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  return [
    catalog,
    () => {
      setCatalog({ status: 'loading' });
      setAttempt((n) => n + 1);
    },
  ];
}
