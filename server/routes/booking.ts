import { availabilityQuery, customerCreateForm, paymentCreateForm, subscriptionCreateForm } from '../../src/contract/schemas.ts';
import type { Db } from '../domain/handle.ts';
import { AnswerCache, sendCachedAnswer } from '../cache/answer-cache.ts';
import type { DataChanges } from '../cache/data-changes.ts';
import { listBookableMeetings, listBookableSlots } from '../domain/availability-search.ts';
import { bookOneTime, bookWeekly } from '../domain/booking.ts';
import { createCustomer } from '../domain/customers.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/router.ts';
import { requireCustomer, signIn, signOut } from '../http/sign-in.ts';
import { parseForm, parseQuery } from '../http/validate.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { RATE_LIMITS } from '../domain/rate-limits.ts';
import { keyedHash } from '../domain/keyed-hash.ts';
import { enforceRateLimit } from '../http/rate-limit.ts';

/**
 * Availability changes with every booking, so browsers and proxies revalidate it every time (a
 * 304 when it has not changed since they last read it).
 */
const AVAILABILITY_CACHE = 'no-cache';

/**
 * Searched availability is kept in memory until a booking, a hold's release or an availability
 * change (on any instance: cache/data-changes.ts), or until a meeting in it starts. A hold that
 * runs out changes no row, so answers are kept 5 s at most: a seat it frees shows within that.
 */
const AVAILABILITY_MAX_AGE_MS = 5000;

/** When the earliest meeting of an answer starts, and so leaves it. */
function firstStartMs(epochs: number[]): number | undefined {
  // A loop, not Math.min(...epochs): a busy course's answer could pass the arguments' limit.
  let first = Infinity;
  for (const epoch of epochs) if (epoch < first) first = epoch;
  return first === Infinity ? undefined : first * 1000;
}

/** The booking flow's calls: availability, the contact form's customer, and the two intents. */
export function bookingRoutes(db: Db, provider: PaymentProvider, changes: DataChanges) {
  const app = router();
  const availability = new AnswerCache(changes, { topics: ['availability'], maxAgeMs: AVAILABILITY_MAX_AGE_MS, maxEntries: 500, maxBytes: 64 * 1024 * 1024 });

  app.get('/slots', async (c) => {
    const { course, capacity, course_style } = parseQuery(c, availabilityQuery);
    const answer = await availability.get(`slots:${course}:${capacity ?? ''}:${course_style ?? ''}`, async () => {
      const slots = await listBookableSlots(db, { course, capacity, course_style });
      return { data: slots, validUntilMs: firstStartMs(slots.map((s) => s.meetings[0]?.occurrence_epoch ?? Infinity)) };
    });
    return sendCachedAnswer(c, answer, AVAILABILITY_CACHE);
  });

  app.get('/meetings', async (c) => {
    const { course, capacity, course_style } = parseQuery(c, availabilityQuery);
    const answer = await availability.get(`meetings:${course}:${capacity ?? ''}:${course_style ?? ''}`, async () => {
      const meetings = await listBookableMeetings(db, { course, capacity, course_style });
      return { data: meetings, validUntilMs: firstStartMs(meetings.map((m) => m.occurrence_epoch)) };
    });
    return sendCachedAnswer(c, answer, AVAILABILITY_CACHE);
  });

  app.post('/customers', async (c) => {
    const input = await parseForm(c, customerCreateForm);
    await enforceRateLimit(c, db, RATE_LIMITS.newCustomer, [`email:${input.email}`, `phone:${input.phone}`]);
    const customer = await createCustomer(db, input);
    // The browser's previous sign-in (if any) ends rather than lingering behind the new cookie.
    await signOut(c, db);
    await signIn(c, db, { customerId: customer.id }, 'unproven');
    return ok(c, customer, 201);
  });

  app.post('/payments', async (c) => {
    const { customerId, proven } = requireCustomer(c);
    const input = await parseForm(c, paymentCreateForm);
    await enforceRateLimit(c, db, RATE_LIMITS.booking, [`customer:${customerId}`]);
    return ok(c, await bookOneTime(db, provider, customerId, input, await keyedHash(db, c.get('clientAddress')), proven), 201);
  });

  app.post('/subscriptions', async (c) => {
    const { customerId, proven } = requireCustomer(c);
    const input = await parseForm(c, subscriptionCreateForm);
    await enforceRateLimit(c, db, RATE_LIMITS.booking, [`customer:${customerId}`]);
    return ok(c, await bookWeekly(db, provider, customerId, input, await keyedHash(db, c.get('clientAddress')), proven), 201);
  });

  return app;
}
