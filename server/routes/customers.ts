import { customerCalls as calls } from '../../src/contract/calls/customers.ts';
import { createCustomer, ownCustomer } from '../domain/booking/customers.ts';
import { customerGradebooksFor } from '../domain/gradebooks/gradebooks.ts';
import { listCustomerPayments } from '../domain/meetings/meetings-view.ts';
import { customerCredits, listCredits } from '../domain/credits/ledger.ts';
import { RATE_LIMITS } from '../domain/sign-in/rate-limits.ts';
import { serve } from '../http/declared.ts';
import { enforceRateLimit } from '../http/rate-limit.ts';
import { router } from '../http/router.ts';
import { requireAuth, requireCustomer, requireSupervisor, signIn, signOut } from '../http/sign-in.ts';
import type { RouteDeps } from './deps.ts';

/** Customers: the booking form's new customer, and the signed-in customer's own records. */
export function customerRoutes({ db }: RouteDeps) {
  const app = router();

  serve(app, calls.createCustomer, async (c, input) => {
    const form = await input.form();
    await enforceRateLimit(c, db, RATE_LIMITS.newCustomer, [`email:${form.email}`, `phone:${form.phone}`]);
    const customer = await createCustomer(db, form);
    // The browser's previous sign-in (if any) ends rather than lingering behind the new cookie.
    await signOut(c, db);
    await signIn(c, db, { customerId: customer.id }, 'unproven');
    return input.answer(customer);
  });

  serve(app, calls.getMyCustomer, async (c, input) => {
    const { customerId, proven } = requireCustomer(c, 'Unauthorized');
    return input.answer(await ownCustomer(db, customerId, proven));
  });

  /** The customer's hours: the ledger's balance per size, the packages bought, every entry. */
  serve(app, calls.getMyCredits, async (c, input) => {
    const { customerId } = requireCustomer(c, 'NotAuthorized');
    return input.answer(await listCredits(db, customerId));
  });

  /** A supervisor reads a customer's hours (to refund a purchase's unused ones, say). */
  serve(app, calls.getCustomerCredits, async (c, input) => {
    requireSupervisor(c);
    return input.answer(await customerCredits(db, input.param('id')));
  });

  serve(app, calls.getMyPayments, async (c, input) => {
    const { customerId } = requireCustomer(c, 'NotAuthorized');
    return input.answer(await listCustomerPayments(db, customerId));
  });

  /** A customer's gradebooks: the customer themself (`myself`), or staff who may see them. */
  serve(app, calls.getCustomerGradebooks, async (c, input) => {
    const auth = requireAuth(c);
    const param = input.param('id');
    // `myself` is a customer's own; staff name the customer.
    const customerId = param === 'myself' ? requireCustomer(c, 'Unauthorized').customerId : param;
    return input.answer(await customerGradebooksFor(db, auth, customerId));
  });

  return app;
}
