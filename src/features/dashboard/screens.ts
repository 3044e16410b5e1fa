import type { DashboardRoute } from './router.ts';

/** The heading of each dashboard screen, as spec 2 names them. */
export const screenTitles: Record<DashboardRoute, string> = {
  studentHome: 'Upcoming Sessions',
  studentUpcoming: 'Upcoming Sessions',
  studentHistory: 'Previous Sessions',
  studentGradebook: 'Gradebook',
  tutorHome: 'Schedule',
  tutorSchedule: 'Schedule',
  tutorAvailability: 'Manage Availability',
  tutorHistory: 'Work History',
  tutorSupervisor: 'Your Team',
  tutorAllSummaries: 'Recent Sessions',
  tutorGradebooks: 'Your Gradebooks',
  tutorAllGradebooks: 'All Gradebooks',
  tutorGradebook: 'Gradebook',
};

export function isStudentRoute(route: DashboardRoute): boolean {
  return route.startsWith('student');
}
