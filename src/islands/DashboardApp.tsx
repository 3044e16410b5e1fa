import { getPagePath } from '@nanostores/router';
import { DashboardApp, type Screens } from '../features/dashboard/DashboardApp.tsx';
import { $router, type DashboardPage } from '../features/dashboard/router.ts';
import { SessionsScreen } from '../features/sessions/SessionsScreen.tsx';
import { refreshStudentSidebar, StudentSidebar } from '../features/student/StudentSidebar.tsx';
import { ChunkSuspense } from '../ui/ChunkSuspense.tsx';
import { FailureBoundary } from '../ui/FailureBoundary.tsx';
import { lazyChunk } from '../ui/lazy-chunk.ts';
import { Loader } from '../ui/Loader.tsx';
import { CalendarFeedPanel } from './calendar-feed.tsx';

// Screens that carry heavy code (react-select, the booking flow and its login dialog) load when first shown.
const DashboardBooking = lazyChunk(() => import('./dashboard-booking.tsx').then((m) => ({ default: m.DashboardBooking })));
const StudentGradebookScreen = lazyChunk(() => import('../features/gradebook/GradebookScreen.tsx').then((m) => ({ default: m.StudentGradebookScreen })));
// The tutor dashboard is one module, fetched the first time a tutor address shows: its screens,
// the 'Viewing …' banner and the sidebar (src/islands/dashboard-tutor.tsx).
const tutorSide = () => import('./dashboard-tutor.tsx');
const TutorRouteScreen = lazyChunk(() => tutorSide().then((m) => ({ default: m.TutorRouteScreen })));
const TutorDashboardSidebar = lazyChunk(() => tutorSide().then((m) => ({ default: m.TutorDashboardSidebar })));
const loading = <Loader text="Loading…" />;

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

/** Every tutor route shows the tutor side's screen for it (the route's tutor, and gradebook if any). */
const tutorScreen = (page: DashboardPage) =>
  'tutorId' in page.params ? (
    <ChunkSuspense fallback={loading}>
      <TutorRouteScreen route={page.route} tutorId={page.params.tutorId} gradebookId={'gradebookId' in page.params ? page.params.gradebookId : undefined} />
    </ChunkSuspense>
  ) : null;


const studentPaths = {
  upcoming: getPagePath($router, 'studentUpcoming'),
  history: getPagePath($router, 'studentHistory'),
  gradebook: (gradebookId: string) => getPagePath($router, 'studentGradebook', { gradebookId }),
};

export default function DashboardIsland() {
  return (
    <FailureBoundary where="dashboard">
      <DashboardApp
        screens={studentScreens}
        tutorScreen={tutorScreen}
        studentSidebar={(page) => (
          <StudentSidebar route={page.route} gradebookId={'gradebookId' in page.params ? page.params.gradebookId : undefined} paths={studentPaths} />
        )}
        tutorSidebar={(page) =>
          'tutorId' in page.params ? (
            <ChunkSuspense fallback={null}>
              <TutorDashboardSidebar key={page.params.tutorId} tutorId={page.params.tutorId} route={page.route} />
            </ChunkSuspense>
          ) : null
        }
      />
    </FailureBoundary>
  );
}
