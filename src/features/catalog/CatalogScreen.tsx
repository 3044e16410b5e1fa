import type { ReactNode } from 'react';
import { getCatalogCourses, getCatalogPackages, getPriceHistory } from '../../api/catalog-admin.ts';
import { getUnusedPurchases } from '../../api/credits.ts';
import type { CatalogCourse, CatalogPackage, PriceHistory, UnusedPurchase } from '../../contract/entities.ts';
import { Loader } from '../../ui/Loader.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { type ReadState, useRead } from '../../ui/use-read.ts';
import { CoursesSection } from './CoursesSection.tsx';
import { ImportSection } from './ImportSection.tsx';
import { PackagesSection } from './PackagesSection.tsx';
import { PricesSection } from './PricesSection.tsx';
import { UnusedHoursSection } from './UnusedHoursSection.tsx';
import styles from './catalog.module.css';

export interface CatalogScreenProps {
  /** The route's tutor: the catalog belongs to a supervisor viewing 'myself'. */
  tutorId: string;
  /** The viewer's own schedule, where a tutor without the supervisor role is sent. */
  schedulePath: string;
  /** The supervisor's own catalog (when this route names another tutor). */
  ownPath: string;
}

export const CATALOG_TITLE = 'Courses & Prices';

/**
 * 'Courses & Prices' (supervisors): the prices with when each took effect, the hour packages and the
 * hours bought not used yet (with their refunds), the courses by school
 * with add, rename and archive, and the import of a CSV file with its preview.
 */
export function CatalogScreen({ tutorId, schedulePath, ownPath }: CatalogScreenProps) {
  const own = tutorId === 'myself';
  // Another tutor's route reads nothing: the catalog is the supervisor's own.
  const { state: courses, reload: reloadCourses, setData: setCourses } = useRead<CatalogCourse[]>(own ? getCatalogCourses : null, [own]);
  const { state: prices, reload: reloadPrices } = useRead<PriceHistory>(own ? getPriceHistory : null, [own]);
  const { state: packages, reload: reloadPackages, update: updatePackages } = useRead<CatalogPackage[]>(own ? getCatalogPackages : null, [own]);
  const { state: unused, reload: reloadUnused, update: updateUnused } = useRead<UnusedPurchase[]>(own ? getUnusedPurchases : null, [own]);

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
  if ([courses, prices, packages, unused].some((read) => read.status === 'error' && read.denied)) {
    return (
      <section aria-labelledby="catalog-title" className={styles.screen}>
        {heading}
        <p className={styles.notice} role="alert">
          Courses and prices are kept by supervisors. <a href={schedulePath}>Go to your schedule</a>
        </p>
      </section>
    );
  }

  const pricesPart = section(prices, 'Prices', reloadPrices, (history) => <PricesSection history={history} onChanged={reloadPrices} />);
  const packagesPart = section(packages, 'Hour packages', reloadPackages, (list) => (
    <PackagesSection packages={list} onPackage={(pkg) => updatePackages((now) => [...now.filter((p) => String(p.id) !== String(pkg.id)), pkg].sort(packageOrder))} />
  ));
  const unusedPart = section(unused, 'Hours bought', reloadUnused, (list) => (
    <UnusedHoursSection purchases={list} onRefunded={(lotId) => updateUnused((now) => now.filter((p) => String(p.id) !== String(lotId)))} />
  ));
  const coursesPart = section(courses, 'Courses', reloadCourses, (list) => (
    <>
      {/* The import before the list, which is long: its preview shows where the file was chosen. */}
      <ImportSection onImported={reloadCourses} />
      <CoursesSection
        courses={list}
        onCourse={(course) => {
          const others = list.filter((c) => String(c.id) !== String(course.id));
          setCourses([...others, course]);
        }}
      />
    </>
  ));

  return (
    <section aria-labelledby="catalog-title" className={styles.screen}>
      {heading}
      {pricesPart}
      {packagesPart}
      {unusedPart}
      {coursesPart}
    </section>
  );
}

/** Packages on sale first, one-on-one first, then by hours and price (as the server lists them). */
const packageOrder = (a: CatalogPackage, b: CatalogPackage) => Number(a.archived) - Number(b.archived) || a.capacity - b.capacity || a.hours - b.hours || a.price_cents - b.price_cents;

/** One of the screen's reads: its loader, its failure with Retry (each apart, so one can fail alone), or its section. */
function section<T>(read: ReadState<T>, what: string, retry: () => void, ready: (data: T) => ReactNode): ReactNode {
  if (read.status === 'loading') return <Loader text={`Loading ${what.toLowerCase()}…`} />;
  if (read.status === 'error') return <LoadError message={`${what} could not be loaded: ${read.message}`} onRetry={retry} />;
  return ready(read.data);
}
