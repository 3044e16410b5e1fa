import { meetingCalls as calls } from '../../src/contract/calls/meetings.ts';
import { sendCachedAnswer } from '../cache/answer-cache.ts';
import { fromEpoch } from '../epoch.ts';
import { createWeeklySlot } from '../domain/booking/availability.ts';
import { listBookableSlots } from '../domain/booking/availability-search.ts';
import { endSeries } from '../domain/meetings/take-back.ts';
import { serve } from '../http/declared.ts';
import { router } from '../http/router.ts';
import { requireTutor, resolveTutorId } from '../http/sign-in.ts';
import { AVAILABILITY_CACHE, firstStartMs, type RouteDeps } from './deps.ts';

/** Slots, a tutor's weekly availability: the booking flow's search, adding a series, and ending one. */
export function slotRoutes({ db, caches }: RouteDeps) {
  const app = router();

  serve(app, calls.getSlots, async (c, input) => {
    const { course, capacity, course_style } = input.query();
    const answer = await caches.availability.get(`slots:${course}:${capacity ?? ''}:${course_style ?? ''}`, async () => {
      const slots = await listBookableSlots(db, { course, capacity, course_style });
      return { data: slots, validUntilMs: firstStartMs(slots.map((s) => s.meetings[0]?.occurrence_epoch ?? Infinity)) };
    });
    return sendCachedAnswer(c, answer, AVAILABILITY_CACHE);
  });

  serve(app, calls.createSlot, async (c, input) => {
    const form = await input.form();
    const tutorId = resolveTutorId(c, form.tutor);
    return input.answer(await createWeeklySlot(db, tutorId, fromEpoch(form.anchor_epoch)));
  });

  /** A weekly series ends from a date: its unbooked weeks from then on go (`dry_run=true`: what would). */
  serve(app, calls.endSeries, async (c, input) => {
    const staff = requireTutor(c);
    const slotId = input.param('id');
    const { dry_run } = input.query();
    const { from_epoch } = await input.form();
    return input.answer(await endSeries(db, staff, slotId, from_epoch * 1000, dry_run));
  });

  return app;
}
