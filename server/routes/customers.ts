import type { Customer } from '../../src/contract/entities.ts';
import type { Db } from '../db/connection.ts';
import { listCustomerGradebooks } from '../domain/gradebooks.ts';
import { listCustomerPayments } from '../domain/meetings-view.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/router.ts';
import { requireCustomer } from '../http/session.ts';

/** The signed-in customer's own records. */
export function customerRoutes(db: Db) {
  const app = router();

  app.get('/customers/myself', async (c) => {
    const { customerId } = requireCustomer(c, 'Unauthorized');
    const row = await db
      .selectFrom('customers')
      .select(['id', 'firstname', 'lastname', 'email', 'phone', 'credits', 'payment_method_label'])
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    const { payment_method_label, ...rest } = row;
    const customer: Customer = { ...rest, payment_method: payment_method_label };
    return ok(c, customer);
  });

  app.get('/customers/myself/payments', async (c) => {
    const { customerId } = requireCustomer(c, 'NotAuthorized');
    return ok(c, await listCustomerPayments(db, customerId));
  });

  app.get('/customers/myself/gradebooks', async (c) => {
    const { customerId } = requireCustomer(c, 'Unauthorized');
    return ok(c, await listCustomerGradebooks(db, customerId));
  });

  return app;
}
