import { getPagePath } from '@nanostores/router';
import { lazy, Suspense } from 'react';
import { DashboardApp, type Screens } from '../features/dashboard/DashboardApp.tsx';
import { $router } from '../features/dashboard/router.ts';
import { SessionsScreen } from '../features/sessions/SessionsScreen.tsx';
import { refreshStudentSidebar, StudentSidebar } from '../features/student/StudentSidebar.tsx';
import { Loader } from '../ui/Loader.tsx';
import { bookingLoginDialog } from './booking-login-dialog.tsx';

// Screens that carry heavy code (react-select, the booking flow) load when first shown.
const BookingFlow = lazy(() => import('../features/booking/BookingFlow.tsx').then((m) => ({ default: m.BookingFlow })));
const StudentGradebookScreen = lazy(() => import('../features/gradebook/GradebookScreen.tsx').then((m) => ({ default: m.StudentGradebookScreen })));
const loading = <Loader text="Loading…" />;

/** The dashboards' island: client-only, mounted by src/pages/app-shell.astro. It composes the features. */
const upcoming = () => (
  <SessionsScreen
    kind="upcoming"
    renderBooking={(reload) => (
      <Suspense fallback={loading}>
        <BookingFlow
          loginDialog={bookingLoginDialog}
          onBooked={() => {
            reload();
            refreshStudentSidebar();
          }}
        />
      </Suspense>
    )}
  />
);

const screens: Screens = {
  studentHome: upcoming,
  studentUpcoming: upcoming,
  studentHistory: () => <SessionsScreen kind="history" />,
  studentGradebook: (page) =>
    'gradebookId' in page.params ? (
      <Suspense fallback={loading}>
        <StudentGradebookScreen key={page.params.gradebookId} gradebookId={page.params.gradebookId} />
      </Suspense>
    ) : null,
};

const studentPaths = {
  upcoming: getPagePath($router, 'studentUpcoming'),
  history: getPagePath($router, 'studentHistory'),
  gradebook: (gradebookId: string) => getPagePath($router, 'studentGradebook', { gradebookId }),
};

export default function DashboardIsland() {
  return (
    <DashboardApp
      screens={screens}
      studentSidebar={(page) => <StudentSidebar route={page.route} gradebookId={'gradebookId' in page.params ? page.params.gradebookId : undefined} paths={studentPaths} />}
    />
  );
}
