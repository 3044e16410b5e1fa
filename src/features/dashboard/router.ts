import { createRouter } from '@nanostores/router';
import { createContext } from 'react';
import { dashboardRoutes } from '../../config/dashboard-routes.ts';

/** Every dashboard route (src/config/dashboard-routes.ts); `tutorId` may be the word `myself`. */
export const $router = createRouter(dashboardRoutes);

export type DashboardRouter = typeof $router;
export type DashboardPage = NonNullable<DashboardRouter['value']>;
export type DashboardRoute = DashboardPage['route'];

/**
 * The page of the address the server is rendering (src/islands/render-dashboard.tsx), or null for
 * an address that is no route: given by context, so requests rendered one after another share
 * nothing. In the browser there is no provider, and the app follows `$router`.
 */
export const ServerPage = createContext<DashboardPage | null | undefined>(undefined);

/** The page of a path, read by a router of its own (the server's render: `$router` is the browser's). */
export function pageAt(path: string): DashboardPage | null {
  const router = createRouter(dashboardRoutes);
  router.open(path);
  return router.get() ?? null;
}

