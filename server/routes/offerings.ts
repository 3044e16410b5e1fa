import { catalogCalls as calls } from '../../src/contract/calls/catalog.ts';
import { saveOffering, toggleOffering } from '../domain/team/team.ts';
import { serve } from '../http/declared.ts';
import { router } from '../http/router.ts';
import { requireSupervisor, resolveTutorId } from '../http/sign-in.ts';
import type { RouteDeps } from './deps.ts';

/** Offerings: a tutor's qualification for a course, which a supervisor adds and archives. */
export function offeringRoutes({ db }: RouteDeps) {
  const app = router();

  serve(app, calls.createOffering, async (c, input) => {
    requireSupervisor(c);
    const form = await input.form();
    const tutor = resolveTutorId(c, form.tutor);
    return input.answer(await saveOffering(db, { ...form, tutor }));
  });

  serve(app, calls.archiveOffering, async (c, input) => {
    requireSupervisor(c);
    return input.answer(await toggleOffering(db, input.param('id')));
  });

  return app;
}
