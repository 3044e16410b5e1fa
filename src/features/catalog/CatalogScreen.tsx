import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { getCatalogCourses, getPriceHistory } from '../../api/catalog-admin.ts';
import type { CatalogCourse, PriceHistory } from '../../contract/entities.ts';
import { Loader } from '../../ui/Loader.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { type Failed, failureMessage } from './catalog-model.ts';
import { CoursesSection } from './CoursesSection.tsx';
import { ImportSection } from './ImportSection.tsx';
import { PricesSection } from './PricesSection.tsx';
import styles from './catalog.module.css';

export interface CatalogScreenProps {
  /** The route's tutor: the catalog belongs to a supervisor viewing 'myself'. */
  tutorId: string;
  /** The viewer's own schedule, where a tutor without the supervisor role is sent. */
  schedulePath: string;
  /** The supervisor's own catalog (when this route names another tutor). */
  ownPath: string;
}

type Load<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; message: string } | { status: 'denied' };

export const CATALOG_TITLE = 'Courses & Prices';

function failed(result: Failed): { status: 'error'; message: string } | { status: 'denied' } | null {
  if (result.status === 'failure' && result.error.type === 'NoAuth') {
    window.location.assign('/');
    return null;
  }
  if (result.status === 'failure' && (result.error.type === 'NotAuthorized' || result.error.type === 'Unauthorized')) return { status: 'denied' };
  return { status: 'error', message: failureMessage(result) };
}

/** Reads one call into a Load, again whenever `version` moves on. */
function useLoad<T>(load: () => Promise<{ status: 'success'; data: T } | Failed>, enabled: boolean, version: number): [Load<T>, (next: Load<T>) => void] {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    void load().then((result) => {
      if (!current) return;
      if (result.status === 'success') return setState({ status: 'ready', data: result.data });
      const next = failed(result);
      if (next) setState(next);
    });
    return () => {
      current = false;
    };
  }, [load, enabled, version]);
  return [state, setState];
}

/**
 * 'Courses & Prices' (supervisors): the prices with when each took effect, the courses by school
 * with add, rename and archive, and the import of a CSV file with its preview.
 */
export function CatalogScreen({ tutorId, schedulePath, ownPath }: CatalogScreenProps) {
  const own = tutorId === 'myself';
  const [coursesVersion, setCoursesVersion] = useState(0);
  const [pricesVersion, setPricesVersion] = useState(0);
  const [courses, setCourses] = useLoad<CatalogCourse[]>(getCatalogCourses, own, coursesVersion);
  const [prices, setPrices] = useLoad<PriceHistory>(getPriceHistory, own, pricesVersion);

  const reloadCourses = useCallback(() => setCoursesVersion((v) => v + 1), []);
  const reloadPrices = useCallback(() => setPricesVersion((v) => v + 1), []);

  const heading = <h1 id="catalog-title">{CATALOG_TITLE}</h1>;
  if (!own) {
    return (
      <section aria-labelledby="catalog-title" className={styles.screen}>
        {heading}
        <p className={styles.notice}>
          The catalog belongs to your own dashboard. <a href={ownPath}>Open Courses &amp; Prices</a>
        </p>
      </section>
    );
  }
  if (courses.status === 'denied' || prices.status === 'denied') {
    return (
      <section aria-labelledby="catalog-title" className={styles.screen}>
        {heading}
        <p className={styles.notice} role="alert">
          Courses and prices are kept by supervisors. <a href={schedulePath}>Go to your schedule</a>
        </p>
      </section>
    );
  }

  let pricesPart: ReactNode;
  if (prices.status === 'loading') pricesPart = <Loader text="Loading prices…" />;
  else if (prices.status === 'error') {
    pricesPart = (
      <LoadError
        message={`Prices could not be loaded: ${prices.message}`}
        onRetry={() => {
          setPrices({ status: 'loading' });
          reloadPrices();
        }}
      />
    );
  } else pricesPart = <PricesSection history={prices.data} onChanged={reloadPrices} />;

  let coursesPart: ReactNode;
  if (courses.status === 'loading') coursesPart = <Loader text="Loading courses…" />;
  else if (courses.status === 'error') {
    coursesPart = (
      <LoadError
        message={`Courses could not be loaded: ${courses.message}`}
        onRetry={() => {
          setCourses({ status: 'loading' });
          reloadCourses();
        }}
      />
    );
  } else {
    const list = courses.data;
    coursesPart = (
      <>
        {/* The import before the list, which is long: its preview shows where the file was chosen. */}
        <ImportSection onImported={reloadCourses} />
        <CoursesSection
          courses={list}
          onCourse={(course) => {
            const others = list.filter((c) => String(c.id) !== String(course.id));
            setCourses({ status: 'ready', data: [...others, course] });
          }}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="catalog-title" className={styles.screen}>
      {heading}
      {pricesPart}
      {coursesPart}
    </section>
  );
}
