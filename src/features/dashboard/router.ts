import { createRouter } from '@nanostores/router';
import { dashboardRoutes } from '../../config/dashboard-routes.ts';

/** Every dashboard route (src/config/dashboard-routes.ts); `tutorId` may be the word `myself`. */
export const $router = createRouter(dashboardRoutes);

export type DashboardRouter = typeof $router;
export type DashboardPage = NonNullable<DashboardRouter['value']>;
export type DashboardRoute = DashboardPage['route'];

