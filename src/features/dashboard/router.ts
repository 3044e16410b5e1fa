import { createRouter } from '@nanostores/router';
import { dashboardRoutes } from '../../config/dashboard-routes.ts';

/** Every dashboard route (src/config/dashboard-routes.ts); `tutorId` may be the word `myself`. */
export const $router = createRouter(dashboardRoutes);

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
