import { site } from '../../src/config/site.ts';
import { tutorCalls as calls } from '../../src/contract/calls/tutors.ts';
import { dayInZone } from '../../src/lib/site-days.ts';
import { sendCachedAnswer } from '../cache/answer-cache.ts';
import { nowMs } from '../clock.ts';
import { fromEpoch } from '../epoch.ts';
import { listDaysOff, takeBackDayOff } from '../domain/calendar/days-off.ts';
import { listTutorMeetings } from '../domain/meetings/meetings-view.ts';
import { onboardingOf, setOnboardingItem } from '../domain/team/onboarding.ts';
import { payPeriodOf } from '../domain/pay/pay-periods.ts';
import { payRateHistory, setPayRate } from '../domain/pay/pay-rates.ts';
import { saveTutorPhoto } from '../domain/team/photos.ts';
import { takeDaysOff } from '../domain/meetings/take-back.ts';
import { createTutor, listTutorOfferings, setTutorArchived, setTutorBackground } from '../domain/team/team.ts';
import { listTutorGradebooks } from '../domain/gradebooks/tutor-gradebooks.ts';
import { tutorHoursReport } from '../domain/pay/tutor-hours.ts';
import { getTutorForViewer, listTutorsForViewer } from '../domain/team/tutors.ts';
import { serve } from '../http/declared.ts';
import { router } from '../http/router.ts';
import { isStaff, isSupervisor, requireSupervisor, requireTutor, resolveTutorId } from '../http/sign-in.ts';
import { PUBLIC_CATALOG, type RouteDeps } from './deps.ts';

/**
 * A signed-in viewer's answer (staff see contact details and archived tutors): only their browser
 * keeps it, and revalidates it every time.
 */
const SIGNED_IN = 'private, no-cache';

/**
 * Tutors (`{id}` may be `myself`): the public list and profile, hiring, archiving, bios and photos,
 * and per tutor their calendar, days off, gradebooks, onboarding, offerings, hours and pay rates.
 * A tutor reaches their own; a supervisor every tutor's.
 */
export function tutorRoutes({ db, caches, photos, seedPhotoDir, payPeriodFirstDay }: RouteDeps) {
  const app = router();
  const photoPlaces = { store: photos, seedDir: seedPhotoDir };
  const today = () => dayInZone(nowMs(), site.timeZone);

  serve(app, calls.getTutors, async (c) => {
    const auth = c.get('auth');
    const staff = isStaff(auth);
    const answer = await caches.catalog.get(staff ? 'tutors:staff' : 'tutors', async () => ({ data: await listTutorsForViewer(db, staff) }));
    // The answer depends on the sign-in: a shared cache must key it by the cookie too.
    return sendCachedAnswer(c, answer, auth ? SIGNED_IN : PUBLIC_CATALOG, { varyOnCookie: true });
  });

  serve(app, calls.createTutor, async (c, input) => {
    requireSupervisor(c);
    return input.answer(await createTutor(db, await input.form()));
  });

  serve(app, calls.getTutor, async (c, input) => {
    const param = input.param('id');
    const auth = c.get('auth');
    const id = param === 'myself' ? resolveTutorId(c, 'myself') : param;
    return input.answer(await getTutorForViewer(db, id, isStaff(auth)));
  });

  serve(app, calls.getTutorMeetings, async (c, input) => {
    const tutorId = resolveTutorId(c, input.param('id'));
    // Without from/to the whole calendar, as the spec's client expects; with them one span (the week view's).
    const { from, to } = input.query();
    const span = from !== undefined && to !== undefined ? { from: fromEpoch(from), to: fromEpoch(to) } : undefined;
    return input.answer(await listTutorMeetings(db, tutorId, span));
  });

  serve(app, calls.getTutorGradebooks, async (c, input) => {
    const tutorId = resolveTutorId(c, input.param('id'));
    const { show_all } = input.query();
    // The spec's client asks with show_all=true for every tutor's gradebook view: a supervisor gets
    // every gradebook, a tutor the ones they may see (their students'), never a refusal.
    const everyGradebook = show_all === true && isSupervisor(c.get('auth'));
    return input.answer(await listTutorGradebooks(db, everyGradebook ? 'all' : { tutorId }));
  });

  // Days off (docs/contract-extensions.md, 'Delete and end'; server/domain/take-back.ts).
  serve(app, calls.getDaysOff, async (c, input) => {
    const tutorId = resolveTutorId(c, input.param('id'));
    return input.answer(await listDaysOff(db, tutorId));
  });

  serve(app, calls.takeDaysOff, async (c, input) => {
    const tutorId = resolveTutorId(c, input.param('id'));
    const { first_day, last_day } = await input.form();
    return input.answer(await takeDaysOff(db, requireTutor(c), tutorId, first_day, last_day));
  });

  /** Days off taken back; the hours they removed stay removed. */
  serve(app, calls.takeBackDaysOff, async (c, input) => {
    const tutorId = resolveTutorId(c, input.param('id'));
    const dayOffId = input.param('dayOffId');
    return input.answer(await takeBackDayOff(db, tutorId, dayOffId));
  });

  serve(app, calls.getOnboarding, async (c, input) => {
    requireSupervisor(c);
    const tutorId = resolveTutorId(c, input.param('id'));
    return input.answer(await onboardingOf(db, photoPlaces, tutorId));
  });

  serve(app, calls.setOnboardingItem, async (c, input) => {
    const supervisor = requireSupervisor(c);
    const tutorId = resolveTutorId(c, input.param('id'));
    const { item, done } = await input.form();
    await setOnboardingItem(db, { tutorId, item, done, by: supervisor.tutorId, at: new Date(nowMs()) });
    return input.answer(await onboardingOf(db, photoPlaces, tutorId));
  });

  serve(app, calls.archiveTutor, async (c, input) => {
    const supervisor = requireSupervisor(c);
    const tutorId = resolveTutorId(c, input.param('id'));
    const { unarchive } = input.query();
    return input.answer(await setTutorArchived(db, supervisor.tutorId, tutorId, !unarchive));
  });

  serve(app, calls.setTutorBackground, async (c, input) => {
    requireSupervisor(c);
    const tutorId = resolveTutorId(c, input.param('id'));
    const { background } = await input.form();
    return input.answer(await setTutorBackground(db, tutorId, background));
  });

  /** The body is the JPEG itself. A tutor changes their own photo; a supervisor anyone's. */
  serve(app, calls.uploadTutorPhoto, async (c, input) => {
    const tutorId = resolveTutorId(c, input.param('id'));
    return input.answer(await saveTutorPhoto(db, photos, tutorId, new Uint8Array(await c.req.arrayBuffer())));
  });

  /** A tutor reads their own offerings; a supervisor anyone's. */
  serve(app, calls.getTutorOfferings, async (c, input) => {
    const tutorId = resolveTutorId(c, input.param('id'));
    return input.answer(await listTutorOfferings(db, tutorId));
  });

  // Hours and pay (docs/contract-extensions.md): a tutor reads their own; a supervisor anyone's and sets others' rates.
  serve(app, calls.getTutorHours, async (c, input) => {
    const tutorId = resolveTutorId(c, input.param('id'));
    const { day } = input.query();
    return input.answer(await tutorHoursReport(db, tutorId, payPeriodOf(day ?? today(), payPeriodFirstDay), site.timeZone, nowMs()));
  });

  serve(app, calls.getPayRates, async (c, input) => {
    const tutorId = resolveTutorId(c, input.param('id'));
    return input.answer(await payRateHistory(db, tutorId));
  });

  serve(app, calls.setPayRate, async (c, input) => {
    const supervisor = requireSupervisor(c);
    const param = input.param('id');
    const { hourly_rate_cents, effective_day } = await input.form();
    const rate = await setPayRate(db, {
      tutorId: param === 'myself' ? supervisor.tutorId : param,
      hourlyRateCents: hourly_rate_cents,
      effectiveDay: effective_day,
      enteredBy: supervisor.tutorId,
      today: today(),
      periodFirstDay: payPeriodOf(today(), payPeriodFirstDay).first_day,
    });
    return input.answer(rate);
  });

  return app;
}
