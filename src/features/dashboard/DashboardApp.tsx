import { useStore } from '@nanostores/react';
import { getPagePath } from '@nanostores/router';
import { type ReactNode, useEffect } from 'react';
import { site } from '../../config/site.ts';
import { FailureBoundary } from '../../ui/FailureBoundary.tsx';
import { SidebarButton } from '../../ui/SidebarButton.tsx';
import { DashboardFrame } from './DashboardFrame.tsx';
import styles from './Dashboard.module.css';
import { LogoutButton } from './LogoutButton.tsx';
import { NotFound } from './NotFound.tsx';
import { $router, type DashboardPage, type DashboardRoute, isDashboardPath } from './router.ts';
import { isStudentRoute, screenTitles } from './screens.ts';

export type Screens = Partial<Record<DashboardRoute, (page: DashboardPage) => ReactNode>>;

export interface DashboardAppProps {
  /** The screen of each route; a route without one shows its title until its screen is built. */
  screens?: Screens;
  /** The student sidebar's entries (the island composes them from the student feature). */
  studentSidebar?: (page: DashboardPage) => ReactNode;
  /** The tutor sidebar's entries (the island composes them from the tutor feature). */
  tutorSidebar?: (page: DashboardPage) => ReactNode;
}

/** The client-only dashboard app: one shell page serves every dashboard address, and this routes it. */
export function DashboardApp({ screens = {}, studentSidebar, tutorSidebar }: DashboardAppProps) {
  const page = useStore($router);

  // The router intercepts every same-origin link; one that leaves the dashboards is a page load.
  useEffect(() => {
    if (!page && !isDashboardPath(window.location.pathname)) window.location.reload();
  }, [page]);

  if (!page) return <NotFound />;

  const student = isStudentRoute(page.route);
  const tutorId = 'tutorId' in page.params ? page.params.tutorId : 'myself';
  const entries = student
    ? (studentSidebar?.(page) ?? (
        <>
          <SidebarButton
            name="studentUpcoming"
            selection={page.route === 'studentHome' ? 'studentUpcoming' : page.route}
            label="Upcoming Sessions"
            href={getPagePath($router, 'studentUpcoming')}
          />
          <SidebarButton name="studentHistory" selection={page.route} label="Meeting History" href={getPagePath($router, 'studentHistory')} />
        </>
      ))
    : (tutorSidebar?.(page) ?? (
        <>
          <SidebarButton
            name="tutorSchedule"
            selection={page.route === 'tutorHome' ? 'tutorSchedule' : page.route}
            label="Schedule"
            href={getPagePath($router, 'tutorSchedule', { tutorId })}
          />
          <SidebarButton name="tutorAvailability" selection={page.route} label="Availability" href={getPagePath($router, 'tutorAvailability', { tutorId })} />
          <SidebarButton name="tutorHistory" selection={page.route} label="Work History" href={getPagePath($router, 'tutorHistory', { tutorId })} />
          <SidebarButton name="tutorGradebooks" selection={page.route} label="Gradebooks" href={getPagePath($router, 'tutorGradebooks', { tutorId })} />
        </>
      ));
  const screen = screens[page.route];

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
        {screen ? (
          screen(page)
        ) : (
          <>
            <h1>{screenTitles[page.route]}</h1>
            <p>This screen is on its way.</p>
          </>
        )}
      </FailureBoundary>
    </DashboardFrame>
  );
}
