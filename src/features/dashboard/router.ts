import { createRouter } from '@nanostores/router';

/** Every dashboard route of spec 2's route table; `tutorId` may be the word `myself`. */
export const $router = createRouter({
  studentHome: '/student/dashboard',
  studentUpcoming: '/student/dashboard/upcoming',
  studentHistory: '/student/dashboard/history',
  studentGradebook: '/student/dashboard/grades/:gradebookId',
  tutorHome: '/tutors/:tutorId/dashboard',
  tutorSchedule: '/tutors/:tutorId/dashboard/schedule',
  tutorAvailability: '/tutors/:tutorId/dashboard/availability',
  tutorHistory: '/tutors/:tutorId/dashboard/history',
  tutorHours: '/tutors/:tutorId/dashboard/hours',
  tutorSupervisor: '/tutors/:tutorId/dashboard/supervisor',
  tutorAllSummaries: '/tutors/:tutorId/dashboard/all-summaries',
  tutorCatalog: '/tutors/:tutorId/dashboard/catalog',
  tutorPayroll: '/tutors/:tutorId/dashboard/payroll',
  tutorGradebooks: '/tutors/:tutorId/dashboard/gradebooks',
  tutorAllGradebooks: '/tutors/:tutorId/dashboard/all-gradebooks',
  tutorGradebook: '/tutors/:tutorId/dashboard/gradebooks/:gradebookId',
});

export type DashboardRouter = typeof $router;
export type DashboardPage = NonNullable<DashboardRouter['value']>;
export type DashboardRoute = DashboardPage['route'];

/** Paths the dashboard app owns; a link anywhere else is a page load, not a client route. */
export function isDashboardPath(pathname: string): boolean {
  return /^\/student\/dashboard(\/.*)?$/.test(pathname) || /^\/tutors\/[^/]+\/dashboard(\/.*)?$/.test(pathname);
}

/**
 * A dashboard page whose session has ended: home, which asks to sign in and then comes back here
 * (the home page checks the address: src/lib/next-path.ts).
 */
export function signInAgain(): void {
  window.location.assign(`/?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
}
