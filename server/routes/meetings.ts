import {
  dayOffCreateForm,
  durationApprovalForm,
  gradebooksQuery,
  id,
  idOrMyself,
  meetingCancelForm,
  meetingCreateForm,
  meetingDurationForm,
  meetingNotesForm,
  meetingOccurrenceForm,
  overtimePreviewQuery,
  paymentRefundForm,
  slotCreateForm,
  slotEndForm,
  slotEndQuery,
  tutorMeetingsQuery,
} from '../../src/contract/schemas.ts';
import { fromEpoch } from '../epoch.ts';
import { createOneOffMeeting, createWeeklySlot } from '../domain/availability.ts';
import { cancelMeeting, type MeetingServices, reschedule, setNotes } from '../domain/meeting-changes.ts';
import { previewDuration, refundOvertime, setDuration } from '../domain/overtime-charges.ts';
import { listTutorMeetings } from '../domain/meetings-view.ts';
import { approveDuration } from '../domain/paid-time.ts';
import { listTutorGradebooks } from '../domain/tutor-gradebooks.ts';
import { listDaysOff, takeBackDayOff } from '../domain/days-off.ts';
import { deleteHour, endSeries, takeDaysOff } from '../domain/take-back.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/router.ts';
import { isSupervisor, requireSupervisor, requireTutor, resolveTutorId } from '../http/sign-in.ts';
import { parseForm, parseParam, parseQuery } from '../http/validate.ts';

/**
 * The tutor's calls: their calendar, availability (one-off meetings and weekly slots), the changes
 * staff make to a meeting, and the gradebooks of their students. A tutor reaches only their own;
 * a supervisor reaches every tutor's.
 */
export function meetingRoutes(services: MeetingServices) {
  const { db } = services;
  const app = router();

  app.get('/tutors/:id/meetings', async (c) => {
    const tutorId = resolveTutorId(c, parseParam(c, 'id', idOrMyself));
    // Without from/to the whole calendar, as the spec's client expects; with them one span (the week view's).
    const { from, to } = parseQuery(c, tutorMeetingsQuery);
    const span = from !== undefined && to !== undefined ? { from: fromEpoch(from), to: fromEpoch(to) } : undefined;
    return ok(c, await listTutorMeetings(db, tutorId, span));
  });

  app.get('/tutors/:id/gradebooks', async (c) => {
    const tutorId = resolveTutorId(c, parseParam(c, 'id', idOrMyself));
    const { show_all } = parseQuery(c, gradebooksQuery);
    // The spec's client asks with show_all=true for every tutor's gradebook view: a supervisor gets
    // every gradebook, a tutor the ones they may see (their students'), never a refusal.
    const everyGradebook = show_all === true && isSupervisor(c.get('auth'));
    return ok(c, await listTutorGradebooks(db, everyGradebook ? 'all' : { tutorId }));
  });

  app.post('/meetings', async (c) => {
    const input = await parseForm(c, meetingCreateForm);
    const tutorId = resolveTutorId(c, input.tutor);
    return ok(c, await createOneOffMeeting(db, tutorId, fromEpoch(input.occurrence_epoch)), 201);
  });

  app.post('/slots', async (c) => {
    const input = await parseForm(c, slotCreateForm);
    const tutorId = resolveTutorId(c, input.tutor);
    return ok(c, await createWeeklySlot(db, tutorId, fromEpoch(input.anchor_epoch)), 201);
  });

  app.post('/meetings/:id/notes', async (c) => {
    const staff = requireTutor(c);
    const meetingId = parseParam(c, 'id', id);
    // The spec's summary, and the lesson report's fields when given (docs/contract-extensions.md).
    const { notes, ...report } = await parseForm(c, meetingNotesForm);
    return ok(c, await setNotes(db, staff, meetingId, notes, report));
  });

  app.post('/meetings/:id/occurrence_epoch', async (c) => {
    const staff = requireTutor(c);
    const meetingId = parseParam(c, 'id', id);
    const { occurrence_epoch } = await parseForm(c, meetingOccurrenceForm);
    return ok(c, await reschedule(services, staff, meetingId, fromEpoch(occurrence_epoch)));
  });

  app.post('/meetings/:id/duration_mins', async (c) => {
    const staff = requireTutor(c);
    const meetingId = parseParam(c, 'id', id);
    const { duration_mins } = await parseForm(c, meetingDurationForm);
    return ok(c, await setDuration(services, staff, meetingId, duration_mins));
  });

  /**
   * A supervisor approves the session's paid time: the duration a change awaits, or `minutes`
   * (docs/contract-extensions.md, 'Paid time a supervisor approves'). Never their own session's.
   */
  app.post('/meetings/:id/duration-approval', async (c) => {
    const staff = requireSupervisor(c);
    const meetingId = parseParam(c, 'id', id);
    const { minutes } = await parseForm(c, durationApprovalForm);
    return ok(c, await approveDuration(db, staff, meetingId, minutes));
  });

  /** What entering a duration would charge each attendee (docs/contract-extensions.md); nothing is written. */
  app.get('/meetings/:id/overtime', async (c) => {
    const staff = requireTutor(c);
    const meetingId = parseParam(c, 'id', id);
    const { duration_mins } = parseQuery(c, overtimePreviewQuery);
    return ok(c, await previewDuration(services, staff, meetingId, duration_mins));
  });

  app.post('/meetings/:id/cancel', async (c) => {
    const staff = requireTutor(c);
    const meetingId = parseParam(c, 'id', id);
    // The contract's cancel has no body; a supervisor's cancel of a started meeting names a reason.
    const { reason } = await parseForm(c, meetingCancelForm);
    return ok(c, await cancelMeeting(services, staff, meetingId, reason));
  });

  // Taking hours back (docs/contract-extensions.md, 'Delete and end'; server/domain/take-back.ts).

  /** An unbooked hour that has not started: a one-off, or one week of a series. */
  app.delete('/meetings/:id', async (c) => {
    const staff = requireTutor(c);
    const meetingId = parseParam(c, 'id', id);
    return ok(c, await deleteHour(db, staff, meetingId));
  });

  /** A weekly series ends from a date: its unbooked weeks from then on go (`dry_run=true`: what would). */
  app.post('/slots/:id/end', async (c) => {
    const staff = requireTutor(c);
    const slotId = parseParam(c, 'id', id);
    const { dry_run } = parseQuery(c, slotEndQuery);
    const { from_epoch } = await parseForm(c, slotEndForm);
    return ok(c, await endSeries(db, staff, slotId, from_epoch * 1000, dry_run));
  });

  app.get('/tutors/:id/days-off', async (c) => {
    const tutorId = resolveTutorId(c, parseParam(c, 'id', idOrMyself));
    return ok(c, await listDaysOff(db, tutorId));
  });

  app.post('/tutors/:id/days-off', async (c) => {
    const tutorId = resolveTutorId(c, parseParam(c, 'id', idOrMyself));
    const { first_day, last_day } = await parseForm(c, dayOffCreateForm);
    return ok(c, await takeDaysOff(db, requireTutor(c), tutorId, first_day, last_day), 201);
  });

  /** Days off taken back; the hours they removed stay removed. */
  app.delete('/tutors/:id/days-off/:dayOffId', async (c) => {
    const tutorId = resolveTutorId(c, parseParam(c, 'id', idOrMyself));
    const dayOffId = parseParam(c, 'dayOffId', id);
    return ok(c, await takeBackDayOff(db, tutorId, dayOffId));
  });

  /** A supervisor refunds an overtime charge (docs/contract-extensions.md). */
  app.post('/payments/:id/refund', async (c) => {
    const staff = requireSupervisor(c);
    const paymentId = parseParam(c, 'id', id);
    const { reason } = await parseForm(c, paymentRefundForm);
    await refundOvertime(services, staff, paymentId, reason);
    return ok(c, { id: paymentId });
  });

  return app;
}
