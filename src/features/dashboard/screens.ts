import type { DashboardRoute } from './router.ts';

/** The student's routes; the others are a tutor's (or a supervisor's). */
export function isStudentRoute(route: DashboardRoute): boolean {
  return route.startsWith('student');
}
