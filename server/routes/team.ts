import { tutorCalls as calls } from '../../src/contract/calls/tutors.ts';
import { fromEpoch } from '../epoch.ts';
import { teamOnboarding } from '../domain/team/onboarding.ts';
import { teamHours } from '../domain/team/team.ts';
import { serve } from '../http/declared.ts';
import { router } from '../http/router.ts';
import { requireSupervisor } from '../http/sign-in.ts';
import type { RouteDeps } from './deps.ts';

/** The supervisor's views of the whole team: onboarding progress and hours. */
export function teamRoutes({ db, photos, seedPhotoDir }: RouteDeps) {
  const app = router();
  // The demo's seed photos count as a photo for onboarding.
  const photoPlaces = { store: photos, seedDir: seedPhotoDir };

  serve(app, calls.getTeamOnboarding, async (c, input) => {
    requireSupervisor(c);
    return input.answer(await teamOnboarding(db, photoPlaces));
  });

  serve(app, calls.getTeamHours, async (c, input) => {
    requireSupervisor(c);
    const { from, to } = input.query();
    return input.answer(await teamHours(db, fromEpoch(from), fromEpoch(to)));
  });

  return app;
}
