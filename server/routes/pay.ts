import { site } from '../../src/config/site.ts';
import { dayInZone } from '../../src/lib/site-days.ts';
import { idOrMyself, payRateForm, payrollApproveForm, payrollPaidForm, payrollQuery, tutorHoursQuery } from '../../src/contract/schemas.ts';
import { nowMs } from '../clock.ts';
import type { Db } from '../domain/handle.ts';
import { payPeriodOf } from '../domain/pay-periods.ts';
import { payRateHistory, setPayRate } from '../domain/pay-rates.ts';
import { approveTutorDurations } from '../domain/paid-time.ts';
import { markPayrollPaid, type PayrollContext, payrollOf } from '../domain/payroll.ts';
import { tutorHoursReport } from '../domain/tutor-hours.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/router.ts';
import { requireSupervisor, resolveTutorId } from '../http/sign-in.ts';
import { parseForm, parseParam, parseQuery } from '../http/validate.ts';

/**
 * Hours and pay (docs/contract-extensions.md): a tutor's hours report for a pay period, the
 * hourly rates supervisors set, and the payroll. A tutor reads their own hours and rates; a
 * supervisor reads anyone's, sets others' rates, and reads and marks payrolls paid.
 */
export function payRoutes(db: Db, payPeriodFirstDay: string) {
  const app = router();
  const today = () => dayInZone(nowMs(), site.timeZone);

  app.get('/tutors/:id/hours', async (c) => {
    const tutorId = resolveTutorId(c, parseParam(c, 'id', idOrMyself));
    const { day } = parseQuery(c, tutorHoursQuery);
    return ok(c, await tutorHoursReport(db, tutorId, payPeriodOf(day ?? today(), payPeriodFirstDay), site.timeZone, nowMs()));
  });

  app.get('/tutors/:id/rates', async (c) => {
    const tutorId = resolveTutorId(c, parseParam(c, 'id', idOrMyself));
    return ok(c, await payRateHistory(db, tutorId));
  });

  app.post('/tutors/:id/rates', async (c) => {
    const supervisor = requireSupervisor(c);
    const param = parseParam(c, 'id', idOrMyself);
    const { hourly_rate_cents, effective_day } = await parseForm(c, payRateForm);
    const rate = await setPayRate(db, {
      tutorId: param === 'myself' ? supervisor.tutorId : param,
      hourlyRateCents: hourly_rate_cents,
      effectiveDay: effective_day,
      enteredBy: supervisor.tutorId,
      today: today(),
      periodFirstDay: payPeriodOf(today(), payPeriodFirstDay).first_day,
    });
    return ok(c, rate, 201);
  });

  /** The payroll's context for the supervisor reading it (whose own sessions' changes they may not approve). */
  const payrollContext = (viewerId: number): PayrollContext => ({ timeZone: site.timeZone, payPeriodFirstDay, nowMs: nowMs(), viewerId });

  app.get('/payroll', async (c) => {
    const supervisor = requireSupervisor(c);
    const { day } = parseQuery(c, payrollQuery);
    return ok(c, await payrollOf(db, day ?? today(), payrollContext(supervisor.tutorId)));
  });

  app.post('/payroll/paid', async (c) => {
    const supervisor = requireSupervisor(c);
    const { first_day } = await parseForm(c, payrollPaidForm);
    return ok(c, await markPayrollPaid(db, first_day, supervisor.tutorId, payrollContext(supervisor.tutorId)));
  });

  /** 'Approve all': one tutor's duration changes awaiting approval in a pay period (decision 022). */
  app.post('/payroll/approve-durations', async (c) => {
    const supervisor = requireSupervisor(c);
    const { tutor, first_day } = await parseForm(c, payrollApproveForm);
    return ok(c, await approveTutorDurations(db, supervisor, tutor, first_day, payrollContext(supervisor.tutorId)));
  });

  return app;
}
