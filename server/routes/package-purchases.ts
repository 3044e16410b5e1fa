import { customerCalls as calls } from '../../src/contract/calls/customers.ts';
import { startPackagePurchase } from '../domain/credits/purchases.ts';
import { RATE_LIMITS } from '../domain/sign-in/rate-limits.ts';
import { serve } from '../http/declared.ts';
import { enforceRateLimit } from '../http/rate-limit.ts';
import { router } from '../http/router.ts';
import { requireCustomer } from '../http/sign-in.ts';
import type { RouteDeps } from './deps.ts';

/** Buying an hour package: its payment is confirmed as a booking's is, and its hours reach the ledger once paid. */
export function packagePurchaseRoutes({ db, payments: provider, log }: RouteDeps) {
  const app = router();

  serve(app, calls.createPackagePurchase, async (c, input) => {
    const { customerId } = requireCustomer(c);
    const form = await input.form();
    // Each purchase asks the provider for an intent: as many as bookings may, no more.
    await enforceRateLimit(c, db, RATE_LIMITS.booking, [`customer:${customerId}`]);
    return input.answer(await startPackagePurchase(db, provider, customerId, form.package, log));
  });

  return app;
}
