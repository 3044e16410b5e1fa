import { customerCalls as calls } from '../../src/contract/calls/customers.ts';
import { bookOneTime, bookWithHours } from '../domain/booking/booking.ts';
import { keyedHash } from '../domain/sign-in/keyed-hash.ts';
import { refundOvertime } from '../domain/billing/overtime-charges.ts';
import { RATE_LIMITS } from '../domain/sign-in/rate-limits.ts';
import { skipPayment } from '../domain/meetings/student-changes.ts';
import { serve } from '../http/declared.ts';
import { enforceRateLimit } from '../http/rate-limit.ts';
import { router } from '../http/router.ts';
import { requireCustomer, requireSupervisor } from '../http/sign-in.ts';
import type { RouteDeps } from './deps.ts';

/** Payments: a one-time booking's intent, a customer skipping a week, a supervisor refunding overtime. */
export function paymentRoutes(deps: RouteDeps) {
  const { db, payments: provider, log } = deps;
  const app = router();

  serve(app, calls.createPayment, async (c, input) => {
    const { customerId, proven } = requireCustomer(c);
    const form = await input.form();
    await enforceRateLimit(c, db, RATE_LIMITS.booking, [`customer:${customerId}`]);
    const addressHash = await keyedHash(db, c.get('clientAddress'));
    if (form.pay_with === 'credits') return input.answer(await bookWithHours(db, customerId, form, addressHash));
    return input.answer(await bookOneTime(db, provider, customerId, form, addressHash, proven));
  });

  serve(app, calls.skipPayment, async (c, input) => {
    const { customerId } = requireCustomer(c);
    const paymentId = input.param('id');
    await skipPayment({ db, provider, log }, customerId, paymentId);
    return input.answer({ id: paymentId });
  });

  /** A supervisor refunds an overtime charge (docs/contract-extensions.md). */
  serve(app, calls.refundOvertime, async (c, input) => {
    const staff = requireSupervisor(c);
    const paymentId = input.param('id');
    const { reason } = await input.form();
    await refundOvertime(deps, staff, paymentId, reason);
    return input.answer({ id: paymentId });
  });

  return app;
}
