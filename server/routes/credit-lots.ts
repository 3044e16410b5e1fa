import { customerCalls as calls } from '../../src/contract/calls/customers.ts';
import { listUnusedPurchases, refundUnusedHours } from '../domain/credits/lot-refunds.ts';
import { serve } from '../http/declared.ts';
import { router } from '../http/router.ts';
import { requireSupervisor } from '../http/sign-in.ts';
import type { RouteDeps } from './deps.ts';

/** Packages bought (lots of hours): a supervisor refunds one's unused hours to the card that paid. */
export function creditLotRoutes({ db, payments: provider, log }: RouteDeps) {
  const app = router();

  serve(app, calls.listUnusedPurchases, async (c, input) => {
    requireSupervisor(c);
    return input.answer(await listUnusedPurchases(db));
  });

  serve(app, calls.refundCreditLot, async (c, input) => {
    const staff = requireSupervisor(c);
    const lotId = input.param('id');
    const { reason } = await input.form();
    return input.answer(await refundUnusedHours(db, provider, log, staff.tutorId, lotId, reason));
  });

  return app;
}
