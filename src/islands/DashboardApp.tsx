import { getPagePath } from '@nanostores/router';
import { BookingFlow } from '../features/booking/BookingFlow.tsx';
import { DashboardApp, type Screens } from '../features/dashboard/DashboardApp.tsx';
import { $router } from '../features/dashboard/router.ts';
import { StudentGradebookScreen } from '../features/gradebook/GradebookScreen.tsx';
import { SessionsScreen } from '../features/sessions/SessionsScreen.tsx';
import { refreshStudentSidebar, StudentSidebar } from '../features/student/StudentSidebar.tsx';
import { bookingLoginDialog } from './Booking.tsx';

/** The dashboards' island: client-only, mounted by src/pages/app-shell.astro. It composes the features. */
const upcoming = () => (
  <SessionsScreen
    kind="upcoming"
    renderBooking={(reload) => (
      <BookingFlow
        loginDialog={bookingLoginDialog}
        onBooked={() => {
          reload();
          refreshStudentSidebar();
        }}
      />
    )}
  />
);

const screens: Screens = {
  studentHome: upcoming,
  studentUpcoming: upcoming,
  studentHistory: () => <SessionsScreen kind="history" />,
  studentGradebook: (page) => ('gradebookId' in page.params ? <StudentGradebookScreen key={page.params.gradebookId} gradebookId={page.params.gradebookId} /> : null),
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
