import type { Db } from '../domain/handle.ts';
import { id, idOrMyself } from '../../src/contract/schemas.ts';
import { customerGradebooksFor } from '../domain/gradebooks.ts';
import { cancelSubscription, skipPayment } from '../domain/student-changes.ts';
import { parseParam } from '../http/validate.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { listCustomerPayments } from '../domain/meetings-view.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/router.ts';
import { requireAuth, requireCustomer } from '../http/sign-in.ts';
import { ownCustomer } from '../domain/customers.ts';

/** The signed-in customer's own records. */
export function customerRoutes(db: Db, provider: PaymentProvider, log: (line: string) => void, siteUrl: string) {
  const app = router();

  app.get('/customers/myself', async (c) => {
    const { customerId, proven } = requireCustomer(c, 'Unauthorized');
    const customer = await ownCustomer(db, customerId, proven);
    return ok(c, customer);
  });

  app.get('/customers/myself/payments', async (c) => {
    const { customerId } = requireCustomer(c, 'NotAuthorized');
    return ok(c, await listCustomerPayments(db, customerId));
  });

  app.post('/payments/:id/skip', async (c) => {
    const { customerId } = requireCustomer(c);
    const paymentId = parseParam(c, 'id', id);
    await skipPayment({ db, provider, log, siteUrl }, customerId, paymentId);
    return ok(c, { id: paymentId });
  });

  app.post('/subscriptions/:id/cancel', async (c) => {
    const { customerId } = requireCustomer(c);
    const subscriptionId = parseParam(c, 'id', id);
    await cancelSubscription({ db, provider, log, siteUrl }, customerId, subscriptionId);
    return ok(c, { id: subscriptionId });
  });

  /** A customer's gradebooks: the customer themself (`myself`), or staff who may see them. */
  app.get('/customers/:id/gradebooks', async (c) => {
    const auth = requireAuth(c);
    const param = parseParam(c, 'id', idOrMyself);
    // `myself` is a customer's own; staff name the customer.
    const customerId = param === 'myself' ? requireCustomer(c, 'Unauthorized').customerId : param;
    return ok(c, await customerGradebooksFor(db, auth, customerId));
  });

  return app;
}
