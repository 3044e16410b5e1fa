import { site } from '../../src/config/site.ts';
import { reportQuery } from '../../src/contract/schemas.ts';
import type { Db } from '../domain/handle.ts';
import { periodReport } from '../domain/reports.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/router.ts';
import { requireSupervisor } from '../http/sign-in.ts';
import { parseQuery } from '../http/validate.ts';

/**
 * Reports (docs/contract-extensions.md): a period's money, hours, meetings by course and customers,
 * for supervisors. Days are the site's (PUBLIC_SITE_TIME_ZONE), as payroll's and the team view's.
 */
export function reportRoutes(db: Db) {
  const app = router();

  app.get('/reports', async (c) => {
    requireSupervisor(c);
    const { from, to } = parseQuery(c, reportQuery);
    return ok(c, await periodReport(db, from, to, site.timeZone));
  });

  return app;
}
