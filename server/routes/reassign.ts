import { id, meetingReassignForm, reassignCandidatesQuery } from '../../src/contract/schemas.ts';
import { fromEpoch } from '../epoch.ts';
import type { MeetingServices } from '../domain/meeting-changes.ts';
import { reassignMeeting } from '../domain/reassign.ts';
import { reassignCandidates } from '../domain/reassign-candidates.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/router.ts';
import { requireSupervisor, resolveTutorId } from '../http/sign-in.ts';
import { parseForm, parseParam, parseQuery } from '../http/validate.ts';

/**
 * Re-assigning a booked meeting to another tutor (docs/contract-extensions.md): who can take it,
 * and the change. Supervisors only: a tutor never hands their meeting to someone else.
 */
export function reassignRoutes(services: MeetingServices) {
  const app = router();

  app.get('/meetings/:id/reassign-candidates', async (c) => {
    requireSupervisor(c);
    const meetingId = parseParam(c, 'id', id);
    const { from_date } = parseQuery(c, reassignCandidatesQuery);
    return ok(c, await reassignCandidates(services.db, meetingId, from_date));
  });

  app.post('/meetings/:id/reassign', async (c) => {
    const staff = requireSupervisor(c);
    const meetingId = parseParam(c, 'id', id);
    const input = await parseForm(c, meetingReassignForm);
    const tutorId = resolveTutorId(c, input.tutor);
    const start = input.occurrence_epoch === undefined ? undefined : fromEpoch(input.occurrence_epoch);
    return ok(c, await reassignMeeting(services, staff, meetingId, { tutorId, start, fromDay: input.from_date }));
  });

  return app;
}
