/**
 * Every dashboard route of spec 2's route table, by name: the browser's router
 * (src/features/dashboard/router.ts) and the server (server/dashboard-shell.ts) read this one
 * table. `:tutorId` may be the word `myself`.
 */
export const dashboardRoutes = {
  studentHome: '/student/dashboard',
  studentUpcoming: '/student/dashboard/upcoming',
  studentHistory: '/student/dashboard/history',
  studentGradebook: '/student/dashboard/grades/:gradebookId',
  studentHours: '/student/dashboard/hours',
  tutorHome: '/tutors/:tutorId/dashboard',
  tutorSchedule: '/tutors/:tutorId/dashboard/schedule',
  tutorAvailability: '/tutors/:tutorId/dashboard/availability',
  tutorHistory: '/tutors/:tutorId/dashboard/history',
  tutorHours: '/tutors/:tutorId/dashboard/hours',
  tutorSupervisor: '/tutors/:tutorId/dashboard/supervisor',
  tutorAllSummaries: '/tutors/:tutorId/dashboard/all-summaries',
  tutorCatalog: '/tutors/:tutorId/dashboard/catalog',
  tutorPayroll: '/tutors/:tutorId/dashboard/payroll',
  tutorReports: '/tutors/:tutorId/dashboard/reports',
  tutorEmbed: '/tutors/:tutorId/dashboard/embed',
  tutorGradebooks: '/tutors/:tutorId/dashboard/gradebooks',
  tutorAllGradebooks: '/tutors/:tutorId/dashboard/all-gradebooks',
  tutorGradebook: '/tutors/:tutorId/dashboard/gradebooks/:gradebookId',
} as const;

/**
 * The dashboards' area: every address under a student's or a tutor's dashboard, a route of the
 * table above or not (the app shows its not-found view for the others). The servers (production,
 * and `astro dev` in astro.config.mjs) answer these with the one app shell; the browser's router
 * takes a link inside them as a client route, anywhere else as a page load.
 */
export function isDashboardPath(pathname: string): boolean {
  return /^\/student\/dashboard(\/.*)?$/.test(pathname) || /^\/tutors\/[^/]+\/dashboard(\/.*)?$/.test(pathname);
}

/** The built page that answers every dashboard address (src/pages/app-shell.astro). */
export const DASHBOARD_SHELL = '/app-shell/';
