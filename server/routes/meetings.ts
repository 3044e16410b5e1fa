import type { Context } from 'hono';
import { meetingCalls as calls } from '../../src/contract/calls/meetings.ts';
import { sendCachedAnswer } from '../cache/answer-cache.ts';
import { fromEpoch } from '../epoch.ts';
import { createOneOffMeeting } from '../domain/booking/availability.ts';
import { listBookableMeetings } from '../domain/booking/availability-search.ts';
import { meetingCalendar } from '../domain/calendar/calendar-feeds.ts';
import { cancelMeeting, reschedule, setNotes } from '../domain/meetings/meeting-changes.ts';
import { listRecentMeetings } from '../domain/meetings/meetings-view.ts';
import { previewDuration, setDuration } from '../domain/billing/overtime-charges.ts';
import { approveDuration } from '../domain/pay/paid-time.ts';
import { reassignMeeting } from '../domain/meetings/reassign.ts';
import { reassignCandidates } from '../domain/meetings/reassign-candidates.ts';
import { deleteHour } from '../domain/meetings/take-back.ts';
import { nowMs } from '../clock.ts';
import { serve } from '../http/declared.ts';
import { router } from '../http/router.ts';
import { requireAuth, requireSupervisor, requireTutor, resolveTutorId } from '../http/sign-in.ts';
import { AVAILABILITY_CACHE, firstStartMs, type RouteDeps } from './deps.ts';

/** A calendar entry as an .ics attachment (not an envelope). */
export function calendarResponse(c: Context, body: string, filename: string | null) {
  return c.body(body, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    ...(filename ? { 'Content-Disposition': `attachment; filename="${filename}"` } : {}),
  });
}

/**
 * Meetings: the one-time ones with a free seat (the booking flow's search), a tutor's one-off
 * availability, and the changes staff make to a meeting: notes, moving, duration and its approval,
 * canceling, taking an hour back, re-assigning it to another tutor, and its calendar entry.
 */
export function meetingRoutes(deps: RouteDeps) {
  const { db, caches, siteUrl } = deps;
  const app = router();

  serve(app, calls.getMeetings, async (c, input) => {
    const { course, capacity, course_style } = input.query();
    const answer = await caches.availability.get(`meetings:${course}:${capacity ?? ''}:${course_style ?? ''}`, async () => {
      const meetings = await listBookableMeetings(db, { course, capacity, course_style });
      return { data: meetings, validUntilMs: firstStartMs(meetings.map((m) => m.occurrence_epoch)) };
    });
    return sendCachedAnswer(c, answer, AVAILABILITY_CACHE);
  });

  serve(app, calls.createMeeting, async (c, input) => {
    const form = await input.form();
    const tutorId = resolveTutorId(c, form.tutor);
    return input.answer(await createOneOffMeeting(db, tutorId, fromEpoch(form.occurrence_epoch)));
  });

  serve(app, calls.getRecentSessions, async (c, input) => {
    requireSupervisor(c);
    const { before, before_id, limit } = input.query();
    const after = before === undefined ? undefined : { start: fromEpoch(before), id: before_id };
    return input.answer(await listRecentMeetings(db, { now: new Date(nowMs()), after, limit }));
  });

  /** Takes back an unbooked hour that has not started: a one-off, or one week of a series (docs/contract-extensions.md, 'Delete and end'). */
  serve(app, calls.deleteHour, async (c, input) => {
    const staff = requireTutor(c);
    const meetingId = input.param('id');
    return input.answer(await deleteHour(db, staff, meetingId));
  });

  serve(app, calls.setMeetingNotes, async (c, input) => {
    const staff = requireTutor(c);
    const meetingId = input.param('id');
    // The spec's summary, and the lesson report's fields when given (docs/contract-extensions.md).
    const { notes, ...report } = await input.form();
    return input.answer(await setNotes(db, staff, meetingId, notes, report));
  });

  serve(app, calls.setMeetingOccurrence, async (c, input) => {
    const staff = requireTutor(c);
    const meetingId = input.param('id');
    const { occurrence_epoch } = await input.form();
    return input.answer(await reschedule(deps, staff, meetingId, fromEpoch(occurrence_epoch)));
  });

  serve(app, calls.setMeetingDuration, async (c, input) => {
    const staff = requireTutor(c);
    const meetingId = input.param('id');
    const { duration_mins } = await input.form();
    return input.answer(await setDuration(deps, staff, meetingId, duration_mins));
  });

  /**
   * A supervisor approves the session's paid time: the duration a change awaits, or `minutes`
   * (docs/contract-extensions.md, 'Paid time a supervisor approves'). Never their own session's.
   */
  serve(app, calls.approveDuration, async (c, input) => {
    const staff = requireSupervisor(c);
    const meetingId = input.param('id');
    const { minutes } = await input.form();
    return input.answer(await approveDuration(db, staff, meetingId, minutes));
  });

  /** What entering a duration would charge each attendee (docs/contract-extensions.md); nothing is written. */
  serve(app, calls.previewOvertime, async (c, input) => {
    const staff = requireTutor(c);
    const meetingId = input.param('id');
    const { duration_mins } = input.query();
    return input.answer(await previewDuration(deps, staff, meetingId, duration_mins));
  });

  serve(app, calls.cancelMeeting, async (c, input) => {
    const staff = requireTutor(c);
    const meetingId = input.param('id');
    // The contract's cancel has no body; a supervisor's cancel of a started meeting names a reason.
    const { reason } = await input.form();
    return input.answer(await cancelMeeting(deps, staff, meetingId, reason));
  });

  serve(app, calls.getMeetingCalendar, async (c, input) => {
    const auth = requireAuth(c);
    const meetingId = input.param('id');
    return calendarResponse(c, await meetingCalendar(db, auth, meetingId, siteUrl), `session-${meetingId}.ics`);
  });

  // Re-assigning a booked meeting to another tutor (docs/contract-extensions.md): supervisors only,
  // a tutor never hands their meeting to someone else.
  serve(app, calls.getReassignCandidates, async (c, input) => {
    requireSupervisor(c);
    const meetingId = input.param('id');
    const { from_date } = input.query();
    return input.answer(await reassignCandidates(db, meetingId, from_date));
  });

  serve(app, calls.reassignMeeting, async (c, input) => {
    const staff = requireSupervisor(c);
    const meetingId = input.param('id');
    const form = await input.form();
    const tutorId = resolveTutorId(c, form.tutor);
    const start = form.occurrence_epoch === undefined ? undefined : fromEpoch(form.occurrence_epoch);
    return input.answer(await reassignMeeting(deps, staff, meetingId, { tutorId, start, fromDay: form.from_date }));
  });

  return app;
}
