import { customerCalls as calls } from '../../src/contract/calls/customers.ts';
import { bookWeekly, bookWeeklyWithHours } from '../domain/booking/booking.ts';
import { keyedHash } from '../domain/sign-in/keyed-hash.ts';
import { RATE_LIMITS } from '../domain/sign-in/rate-limits.ts';
import { cancelSubscription } from '../domain/meetings/student-changes.ts';
import { serve } from '../http/declared.ts';
import { enforceRateLimit } from '../http/rate-limit.ts';
import { router } from '../http/router.ts';
import { requireCustomer } from '../http/sign-in.ts';
import type { RouteDeps } from './deps.ts';

/** Subscriptions: a weekly booking's intent, and canceling its weeks to come. */
export function subscriptionRoutes({ db, payments: provider, log }: RouteDeps) {
  const app = router();

  serve(app, calls.createSubscription, async (c, input) => {
    const { customerId, proven } = requireCustomer(c);
    const form = await input.form();
    await enforceRateLimit(c, db, RATE_LIMITS.booking, [`customer:${customerId}`]);
    const addressHash = await keyedHash(db, c.get('clientAddress'));
    if (form.pay_with === 'credits') return input.answer(await bookWeeklyWithHours(db, customerId, form, addressHash));
    return input.answer(await bookWeekly(db, provider, customerId, form, addressHash, proven));
  });

  serve(app, calls.cancelSubscription, async (c, input) => {
    const { customerId } = requireCustomer(c);
    const subscriptionId = input.param('id');
    await cancelSubscription({ db, provider, log }, customerId, subscriptionId);
    return input.answer({ id: subscriptionId });
  });

  return app;
}
