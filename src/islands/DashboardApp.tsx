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
const HoursScreen = lazyChunk(() => import('../features/credits/HoursScreen.tsx'));
const StudentGradebookScreen = lazyChunk(() => import('../features/gradebook/GradebookScreen.tsx').then((m) => ({ default: m.StudentGradebookScreen })));
// The tutor dashboard is one module, fetched the first time a tutor address shows: its screens
// (one component picks the route's) and its sidebar.
const tutorSide = () => import('./dashboard-tutor.tsx');
const TutorScreen = lazyChunk(() => tutorSide().then((m) => ({ default: m.TutorScreen })));
const TutorDashboardSidebar = lazyChunk(() => tutorSide().then((m) => ({ default: m.TutorDashboardSidebar })));
const loading = <Loader text="Loading…" />;

/**
 * Loads the tutor side, as the server does once before its first render: a tutor's sidebar and
 * screen are then written in the page as a student's are (the browser hydrates them once it has
 * loaded the tutor side too). Without them the page would show a loading notice until its code
 * had loaded, then move as the sidebar and the screen came in.
 */
export async function preloadTutorSide(): Promise<void> {
  await Promise.all([TutorScreen.preload(), TutorDashboardSidebar.preload()]);
}

const upcoming = () => (
  <SessionsScreen
    kind="upcoming"
    upcomingExtra={<CalendarFeedPanel />}
    onChanged={refreshStudentSidebar}
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
  studentHours: () => (
    <ChunkSuspense fallback={loading}>
      <HoursScreen onBought={refreshStudentSidebar} />
    </ChunkSuspense>
  ),
};

/** The route's tutor screen; a key per tutor (and gradebook) so another tutor's dashboard starts afresh. */
const tutorScreen = (page: DashboardPage) => {
  if (!('tutorId' in page.params)) return null;
  const { tutorId } = page.params;
  const gradebookId = 'gradebookId' in page.params ? page.params.gradebookId : undefined;
  return (
    <ChunkSuspense fallback={loading} serverWritten>
      <TutorScreen key={gradebookId ? `${tutorId}/${gradebookId}` : tutorId} route={page.route} tutorId={tutorId} gradebookId={gradebookId} />
    </ChunkSuspense>
  );
};


const studentPaths = {
  upcoming: getPagePath($router, 'studentUpcoming'),
  history: getPagePath($router, 'studentHistory'),
  hours: getPagePath($router, 'studentHours'),
  gradebook: (gradebookId: string) => getPagePath($router, 'studentGradebook', { gradebookId }),
};

/**
 * The dashboards' app: it composes the features. Its first screen is rendered on the server
 * (render-dashboard.tsx) and hydrated in the browser (mount-dashboard.tsx, which the page loads
 * once it has painted; decision 012).
 */
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
            <ChunkSuspense fallback={null} serverWritten>
              <TutorDashboardSidebar key={page.params.tutorId} tutorId={page.params.tutorId} route={page.route} />
            </ChunkSuspense>
          ) : null
        }
      />
    </FailureBoundary>
  );
}
