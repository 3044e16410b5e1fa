import { site } from '../../src/config/site.ts';
import { payrollCalls as calls } from '../../src/contract/calls/staff.ts';
import { periodReport } from '../domain/reports/reports.ts';
import { serve } from '../http/declared.ts';
import { router } from '../http/router.ts';
import { requireSupervisor } from '../http/sign-in.ts';
import type { RouteDeps } from './deps.ts';

/**
 * Reports (docs/contract-extensions.md): a period's money, hours, meetings by course and customers,
 * for supervisors. Days are the site's (PUBLIC_SITE_TIME_ZONE), as payroll's and the team view's.
 */
export function reportRoutes({ db }: RouteDeps) {
  const app = router();

  serve(app, calls.getReport, async (c, input) => {
    requireSupervisor(c);
    const { from, to } = input.query();
    return input.answer(await periodReport(db, from, to, site.timeZone));
  });

  return app;
}
