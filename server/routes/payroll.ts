import { site } from '../../src/config/site.ts';
import { payrollCalls as calls } from '../../src/contract/calls/staff.ts';
import { dayInZone } from '../../src/lib/site-days.ts';
import { nowMs } from '../clock.ts';
import { approveTutorDurations } from '../domain/pay/paid-time.ts';
import { markPayrollPaid, type PayrollContext, payrollOf } from '../domain/pay/payroll.ts';
import { serve } from '../http/declared.ts';
import { router } from '../http/router.ts';
import { requireSupervisor } from '../http/sign-in.ts';
import type { RouteDeps } from './deps.ts';

/**
 * The payroll (docs/contract-extensions.md: hours and pay): a supervisor reads a pay period's,
 * marks it paid, and approves a tutor's duration changes in it. A tutor's own hours and rates are
 * under /tutors (tutors.ts).
 */
export function payrollRoutes({ db, payPeriodFirstDay }: RouteDeps) {
  const app = router();
  const today = () => dayInZone(nowMs(), site.timeZone);

  /** The payroll's context for the supervisor reading it (whose own sessions' changes they may not approve). */
  const payrollContext = (viewerId: number): PayrollContext => ({ timeZone: site.timeZone, payPeriodFirstDay, nowMs: nowMs(), viewerId });

  serve(app, calls.getPayroll, async (c, input) => {
    const supervisor = requireSupervisor(c);
    const { day } = input.query();
    return input.answer(await payrollOf(db, day ?? today(), payrollContext(supervisor.tutorId)));
  });

  serve(app, calls.markPayrollPaid, async (c, input) => {
    const supervisor = requireSupervisor(c);
    const { first_day } = await input.form();
    return input.answer(await markPayrollPaid(db, first_day, supervisor.tutorId, payrollContext(supervisor.tutorId)));
  });

  /** 'Approve all': one tutor's duration changes awaiting approval in a pay period (decision 022). */
  serve(app, calls.approvePayrollDurations, async (c, input) => {
    const supervisor = requireSupervisor(c);
    const { tutor, first_day } = await input.form();
    return input.answer(await approveTutorDurations(db, supervisor, tutor, first_day, payrollContext(supervisor.tutorId)));
  });

  return app;
}
