import { getPagePath } from '@nanostores/router';
import type { ReactNode } from 'react';
import { DashboardApp, type Screens } from '../features/dashboard/DashboardApp.tsx';
import { $router, type DashboardRoute } from '../features/dashboard/router.ts';
import { isStudentRoute } from '../features/dashboard/screens.ts';
import { SessionsScreen } from '../features/sessions/SessionsScreen.tsx';
import { refreshStudentSidebar, StudentSidebar } from '../features/student/StudentSidebar.tsx';
import { ChunkSuspense } from '../ui/ChunkSuspense.tsx';
import { FailureBoundary } from '../ui/FailureBoundary.tsx';
import { type LazyChunk, lazyChunk } from '../ui/lazy-chunk.ts';
import { Loader } from '../ui/Loader.tsx';
import { CalendarFeedPanel } from './calendar-feed.tsx';

// Screens that carry heavy code (react-select, the booking flow and its login dialog) load when first shown.
const DashboardBooking = lazyChunk(() => import('./dashboard-booking.tsx').then((m) => ({ default: m.DashboardBooking })));
const StudentGradebookScreen = lazyChunk(() => import('../features/gradebook/GradebookScreen.tsx').then((m) => ({ default: m.StudentGradebookScreen })));
// The tutor dashboard is one module, fetched the first time a tutor address shows.
const tutorSide = () => import('./dashboard-tutor.tsx');
const TutorSchedule = lazyChunk(() => tutorSide().then((m) => ({ default: m.TutorSchedule })));
const TutorAvailability = lazyChunk(() => tutorSide().then((m) => ({ default: m.TutorAvailability })));
const TutorHistory = lazyChunk(() => tutorSide().then((m) => ({ default: m.TutorHistory })));
const TutorGradebooks = lazyChunk(() => tutorSide().then((m) => ({ default: m.TutorGradebooks })));
const TutorGradebook = lazyChunk(() => tutorSide().then((m) => ({ default: m.TutorGradebook })));
const TutorAllGradebooks = lazyChunk(() => tutorSide().then((m) => ({ default: m.TutorAllGradebooks })));
const TutorTeam = lazyChunk(() => tutorSide().then((m) => ({ default: m.TutorTeam })));
const TutorAllSummaries = lazyChunk(() => tutorSide().then((m) => ({ default: m.TutorAllSummaries })));
const TutorCatalog = lazyChunk(() => tutorSide().then((m) => ({ default: m.TutorCatalog })));
const TutorDashboardSidebar = lazyChunk(() => tutorSide().then((m) => ({ default: m.TutorDashboardSidebar })));
const tutorParts = [
  TutorSchedule,
  TutorAvailability,
  TutorHistory,
  TutorGradebooks,
  TutorGradebook,
  TutorAllGradebooks,
  TutorTeam,
  TutorAllSummaries,
  TutorCatalog,
  TutorDashboardSidebar,
];
const loading = <Loader text="Loading…" />;

/** Loads the tutor side: the server does once, before its first render of a tutor's page. */
export async function preloadTutorSide(): Promise<void> {
  await Promise.all(tutorParts.map((part) => part.preload()));
}

/**
 * Loads the chunks the first screen of `route` is drawn with, for the browser to hydrate the page
 * the server wrote with them: a tutor's sidebar and screen come written in the page, as a
 * student's do (without them, the page would show a loading notice until its code had loaded,
 * then move as the sidebar and the screen came in). A student's first screen needs none.
 */
export async function preloadFirstScreen(route: DashboardRoute | undefined): Promise<void> {
  if (route && !isStudentRoute(route)) await preloadTutorSide();
}

/** The dashboards' island: client-only, mounted by src/pages/app-shell.astro. It composes the features. */
const upcoming = () => (
  <SessionsScreen
    kind="upcoming"
    upcomingExtra={<CalendarFeedPanel />}
    renderBooking={(reload) => (
      // The booking flow is its own chunk: if it fails, the sessions list above it stays.
      <FailureBoundary where="dashboard booking">
        <ChunkSuspense fallback={loading}>
          <DashboardBooking
            onBooked={() => {
              reload();
              refreshStudentSidebar();
            }}
          />
        </ChunkSuspense>
      </FailureBoundary>
    )}
  />
);

const studentScreens: Screens = {
  studentHome: upcoming,
  studentUpcoming: upcoming,
  studentHistory: () => <SessionsScreen kind="history" />,
  studentGradebook: (page) =>
    'gradebookId' in page.params ? (
      <ChunkSuspense fallback={loading}>
        <StudentGradebookScreen key={page.params.gradebookId} gradebookId={page.params.gradebookId} />
      </ChunkSuspense>
    ) : null,
};

/** A tutor screen for the route's tutor; a key per tutor so another tutor's dashboard starts afresh. */
const tutorScreen =
  (Screen: LazyChunk<(props: { tutorId: string }) => ReactNode>): Screens[DashboardRoute] =>
  (page) =>
    'tutorId' in page.params ? (
      <ChunkSuspense fallback={loading} ready={Screen.loaded}>
        <Screen key={page.params.tutorId} tutorId={page.params.tutorId} />
      </ChunkSuspense>
    ) : null;

const tutorScreens: Screens = {
  tutorHome: tutorScreen(TutorSchedule),
  tutorSchedule: tutorScreen(TutorSchedule),
  tutorAvailability: tutorScreen(TutorAvailability),
  tutorHistory: tutorScreen(TutorHistory),
  tutorGradebooks: tutorScreen(TutorGradebooks),
  tutorAllGradebooks: tutorScreen(TutorAllGradebooks),
  tutorSupervisor: tutorScreen(TutorTeam),
  tutorAllSummaries: tutorScreen(TutorAllSummaries),
  tutorCatalog: tutorScreen(TutorCatalog),
  tutorGradebook: (page) =>
    'gradebookId' in page.params && 'tutorId' in page.params ? (
      <ChunkSuspense fallback={loading} ready={TutorGradebook.loaded}>
        <TutorGradebook key={`${page.params.tutorId}/${page.params.gradebookId}`} tutorId={page.params.tutorId} gradebookId={page.params.gradebookId} />
      </ChunkSuspense>
    ) : null,
};

const screens: Screens = { ...studentScreens, ...tutorScreens };

const studentPaths = {
  upcoming: getPagePath($router, 'studentUpcoming'),
  history: getPagePath($router, 'studentHistory'),
  gradebook: (gradebookId: string) => getPagePath($router, 'studentGradebook', { gradebookId }),
};

export default function DashboardIsland() {
  return (
    <FailureBoundary where="dashboard">
      <DashboardApp
        screens={screens}
        studentSidebar={(page) => (
          <StudentSidebar route={page.route} gradebookId={'gradebookId' in page.params ? page.params.gradebookId : undefined} paths={studentPaths} />
        )}
        tutorSidebar={(page) =>
          'tutorId' in page.params ? (
            <ChunkSuspense fallback={null} ready={TutorDashboardSidebar.loaded}>
              <TutorDashboardSidebar key={page.params.tutorId} tutorId={page.params.tutorId} route={page.route} />
            </ChunkSuspense>
          ) : null
        }
      />
    </FailureBoundary>
  );
}
