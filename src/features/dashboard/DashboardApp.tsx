import { useStore } from '../../ui/use-store.ts';
import { type ReactNode, useContext, useEffect } from 'react';
import { site } from '../../config/site.ts';
import { FailureBoundary } from '../../ui/FailureBoundary.tsx';
import { DashboardFrame } from './DashboardFrame.tsx';
import styles from './Dashboard.module.css';
import { LogoutButton } from './LogoutButton.tsx';
import { NotFound } from './NotFound.tsx';
import { isDashboardPath } from '../../config/dashboard-routes.ts';
import { $router, type DashboardPage, type DashboardRoute, ServerPage } from './router.ts';
import { isStudentRoute } from './screens.ts';

export type Screens = Partial<Record<DashboardRoute, (page: DashboardPage) => ReactNode>>;

export interface DashboardAppProps {
  /** The screen of each student route (the island composes them from the features); a route without one is not found. */
  screens: Screens;
  /** The screen of every tutor route (the tutor side maps its routes to its screens), when `screens` has none for it. */
  tutorScreen?: (page: DashboardPage) => ReactNode;
  /** The student sidebar's entries. */
  studentSidebar: (page: DashboardPage) => ReactNode;
  /** The tutor sidebar's entries. */
  tutorSidebar: (page: DashboardPage) => ReactNode;
}

/** The dashboard app: one shell page serves every dashboard address, and this routes it (the server renders its first screen). */
export function DashboardApp({ screens, tutorScreen, studentSidebar, tutorSidebar }: DashboardAppProps) {
  const serverPage = useContext(ServerPage);
  const browserPage = useStore($router);
  const page = serverPage === undefined ? browserPage : (serverPage ?? undefined);

  // The router intercepts every same-origin link; one that leaves the dashboards is a page load.
  useEffect(() => {
    if (!page && !isDashboardPath(window.location.pathname)) window.location.reload();
  }, [page]);

  if (!page) return <NotFound />;

  const entries = isStudentRoute(page.route) ? studentSidebar(page) : tutorSidebar(page);
  const screen = screens[page.route] ?? (isStudentRoute(page.route) ? undefined : tutorScreen);

  return (
    <DashboardFrame
      sidebar={
        <>
          <a className={styles.brand} href="/" target="_self">
            {site.brandName}
          </a>
          <FailureBoundary where="dashboard sidebar" resetKeys={[page.path]}>
            {entries}
          </FailureBoundary>
          <div className={styles.spacer} />
          <LogoutButton />
        </>
      }
    >
      {/* A screen that fails (its chunk, or an error) leaves the frame and sidebar in place. */}
      <FailureBoundary where={`dashboard ${page.route}`} resetKeys={[page.path]}>
        {screen ? screen(page) : <NotFound />}
      </FailureBoundary>
    </DashboardFrame>
  );
}
