import { useEffect, useState } from 'react';
import { getCourses, getPrices } from '../../api/catalog.ts';
import type { Course, Prices } from '../../contract/entities.ts';
import { errorMessage } from '../../lib/error-messages.ts';

export type Catalog = { status: 'loading' } | { status: 'ready'; courses: Course[]; prices: Prices } | { status: 'error'; message: string };

/** Courses and prices, loaded once when the booking flow appears. */
export function useCatalog(): [Catalog, () => void] {
  const [catalog, setCatalog] = useState<Catalog>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    void Promise.all([getCourses(), getPrices()]).then(([courses, prices]) => {
      if (!current) return;
      if (courses.status === 'success' && prices.status === 'success') setCatalog({ status: 'ready', courses: courses.data, prices: prices.data });
      else {
        const failed = courses.status !== 'success' ? courses : prices;
        setCatalog({ status: 'error', message: failed.status === 'network-error' ? 'Cannot contact server' : failed.status === 'failure' ? errorMessage(failed.error) : 'Error' });
      }
    });
    return () => {
      current = false;
    };
  }, [attempt]);
  return [
    catalog,
    () => {
      setCatalog({ status: 'loading' });
      setAttempt((n) => n + 1);
    },
  ];
}
