import { customerCalls as calls } from '../../src/contract/calls/customers.ts';
import { confirmOfflinePayment } from '../domain/billing/offline-payments.ts';
import { serve } from '../http/declared.ts';
import { router } from '../http/router.ts';
import { requireCustomer } from '../http/sign-in.ts';
import type { RouteDeps } from './deps.ts';

/**
 * Demo mode: the browser's Stripe stand-in confirms a payment here, the way Stripe.js confirms
 * with Stripe. Only the customer whose payment it is may confirm it.
 */
export function offlinePaymentRoutes({ db }: RouteDeps) {
  const app = router();
  serve(app, calls.confirmOfflinePayment, async (c, input) => {
    const { customerId, proven } = requireCustomer(c);
    const form = await input.form();
    return input.answer(await confirmOfflinePayment(db, { customerId, proven }, form.client_secret, form.card_number));
  });
  return app;
}

