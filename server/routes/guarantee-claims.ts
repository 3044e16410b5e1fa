import { gradebookCalls as calls } from '../../src/contract/calls/gradebooks.ts';
import { approveClaim, declineClaim, listClaims } from '../domain/gradebooks/guarantee-claims.ts';
import { serve } from '../http/declared.ts';
import { router } from '../http/router.ts';
import { requireSupervisor } from '../http/sign-in.ts';
import type { RouteDeps } from './deps.ts';

/** Claims of the pass guarantee: a supervisor lists them, and approves (refunding the course) or declines each. */
export function guaranteeClaimRoutes({ db, payments: provider, log }: RouteDeps) {
  const app = router();

  serve(app, calls.listClaims, async (c, input) => {
    requireSupervisor(c);
    return input.answer(await listClaims(db));
  });

  serve(app, calls.approveClaim, async (c, input) => {
    const staff = requireSupervisor(c);
    return input.answer(await approveClaim({ db, provider, log }, staff.tutorId, input.param('id')));
  });

  serve(app, calls.declineClaim, async (c, input) => {
    const staff = requireSupervisor(c);
    const { reason } = await input.form();
    return input.answer(await declineClaim(db, staff.tutorId, input.param('id'), reason));
  });

  return app;
}
