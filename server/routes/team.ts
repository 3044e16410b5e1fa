import { id, idOrMyself, offeringCreateForm, onboardingItemForm, recentSessionsQuery, teamHoursQuery, tutorArchiveQuery, tutorBackgroundForm, tutorCreateForm } from '../../src/contract/schemas.ts';
import type { Db } from '../domain/handle.ts';
import { fromEpoch } from '../epoch.ts';
import { saveTutorPhoto } from '../domain/photos.ts';
import { onboardingOf, setOnboardingItem, teamOnboarding } from '../domain/onboarding.ts';
import { createTutor, listTutorOfferings, saveOffering, setTutorArchived, setTutorBackground, teamHours, toggleOffering } from '../domain/team.ts';
import { listRecentMeetings } from '../domain/meetings-view.ts';
import { nowMs } from '../clock.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/router.ts';
import { requireSupervisor, resolveTutorId } from '../http/sign-in.ts';
import { parseForm, parseParam, parseQuery } from '../http/validate.ts';

/**
 * The supervisor's calls: hire, archive, bios, photos, offerings, onboarding and the team's hours.
 * `seedPhotoDir`: the demo's seed photos, which count as a photo for onboarding.
 */
export function teamRoutes(db: Db, photoDir: string, seedPhotoDir?: string) {
  const app = router();
  const photoDirs = seedPhotoDir ? [photoDir, seedPhotoDir] : [photoDir];

  app.get('/team/onboarding', async (c) => {
    requireSupervisor(c);
    return ok(c, await teamOnboarding(db, photoDirs));
  });

  app.get('/tutors/:id/onboarding', async (c) => {
    requireSupervisor(c);
    const tutorId = resolveTutorId(c, parseParam(c, 'id', idOrMyself));
    return ok(c, await onboardingOf(db, photoDirs, tutorId));
  });

  app.post('/tutors/:id/onboarding', async (c) => {
    const supervisor = requireSupervisor(c);
    const tutorId = resolveTutorId(c, parseParam(c, 'id', idOrMyself));
    const { item, done } = await parseForm(c, onboardingItemForm);
    await setOnboardingItem(db, { tutorId, item, done, by: supervisor.tutorId, at: new Date(nowMs()) });
    return ok(c, await onboardingOf(db, photoDirs, tutorId));
  });

  app.post('/tutors', async (c) => {
    requireSupervisor(c);
    return ok(c, await createTutor(db, await parseForm(c, tutorCreateForm)), 201);
  });

  app.post('/tutors/:id/archive', async (c) => {
    const supervisor = requireSupervisor(c);
    const tutorId = resolveTutorId(c, parseParam(c, 'id', idOrMyself));
    const { unarchive } = parseQuery(c, tutorArchiveQuery);
    return ok(c, await setTutorArchived(db, supervisor.tutorId, tutorId, !unarchive));
  });

  app.post('/tutors/:id/background', async (c) => {
    requireSupervisor(c);
    const tutorId = resolveTutorId(c, parseParam(c, 'id', idOrMyself));
    const { background } = await parseForm(c, tutorBackgroundForm);
    return ok(c, await setTutorBackground(db, tutorId, background));
  });

  /** The body is the JPEG itself. A tutor changes their own photo; a supervisor anyone's. */
  app.post('/tutors/:id/photo', async (c) => {
    const tutorId = resolveTutorId(c, parseParam(c, 'id', idOrMyself));
    return ok(c, await saveTutorPhoto(db, photoDir, tutorId, new Uint8Array(await c.req.arrayBuffer())));
  });

  /** A tutor reads their own offerings; a supervisor anyone's. */
  app.get('/tutors/:id/offerings', async (c) => {
    const tutorId = resolveTutorId(c, parseParam(c, 'id', idOrMyself));
    return ok(c, await listTutorOfferings(db, tutorId));
  });

  app.post('/offerings', async (c) => {
    requireSupervisor(c);
    const input = await parseForm(c, offeringCreateForm);
    const tutor = resolveTutorId(c, input.tutor);
    return ok(c, await saveOffering(db, { ...input, tutor }), 201);
  });

  app.post('/offerings/:id/archive', async (c) => {
    requireSupervisor(c);
    return ok(c, await toggleOffering(db, parseParam(c, 'id', id)));
  });

  app.get('/meetings/recent', async (c) => {
    requireSupervisor(c);
    const { before, before_id, limit } = parseQuery(c, recentSessionsQuery);
    const after = before === undefined ? undefined : { start: fromEpoch(before), id: before_id };
    return ok(c, await listRecentMeetings(db, { now: new Date(nowMs()), after, limit }));
  });

  app.get('/team/hours', async (c) => {
    requireSupervisor(c);
    const { from, to } = parseQuery(c, teamHoursQuery);
    return ok(c, await teamHours(db, fromEpoch(from), fromEpoch(to)));
  });

  return app;
}
