import { coursesQuery, idOrMyself } from '../../src/contract/schemas.ts';
import { now } from '../clock.ts';
import { listCatalogCourses, listPublicCourses } from '../domain/catalog.ts';
import { publicPricesAt } from '../domain/prices.ts';
import { AnswerCache, sendCachedAnswer } from '../cache/answer-cache.ts';
import type { DataChanges } from '../cache/data-changes.ts';
import type { Db } from '../domain/handle.ts';
import { getTutorForViewer, listTutorsForViewer } from '../domain/tutors.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/router.ts';
import { parseParam, parseQuery } from '../http/validate.ts';
import { isStaff, requireSupervisor, resolveTutorId } from '../http/sign-in.ts';

/**
 * The same for every visitor: a browser revalidates after 10 s (a 304 when nothing changed), and a
 * shared cache may keep it as long. A new tutor or offering is on this instance at once, on the
 * others when their change feed hears of it, and everywhere after those 10 s.
 */
const PUBLIC_CATALOG = 'public, max-age=10';
/**
 * A signed-in viewer's answer (staff see contact details and archived tutors): only their browser
 * keeps it, and revalidates it every time.
 */
const SIGNED_IN = 'private, no-cache';

/** Public reads: courses, prices, tutors, answered from memory until a write changes them. */
export function catalogRoutes(db: Db, changes: DataChanges) {
  const app = router();
  const cache = new AnswerCache(changes, { topics: ['catalog'], maxAgeMs: 5 * 60_000, maxEntries: 8, maxBytes: 16 * 1024 * 1024 });

  /** Courses that are not archived; with show_archived=true, every course with its state (supervisors only, not cached). */
  app.get('/courses', async (c) => {
    if (parseQuery(c, coursesQuery).show_archived) {
      requireSupervisor(c);
      return ok(c, await listCatalogCourses(db));
    }
    const answer = await cache.get('courses', async () => ({ data: await listPublicCourses(db) }));
    return sendCachedAnswer(c, answer, PUBLIC_CATALOG);
  });

  /** The prices in effect now; kept until a change is written, or one recorded ahead of the clock takes effect. */
  app.get('/prices', async (c) => {
    const answer = await cache.get('prices', async () => {
      const { prices, validUntil } = await publicPricesAt(db, now());
      return { data: prices, validUntilMs: validUntil?.getTime() };
    });
    return sendCachedAnswer(c, answer, PUBLIC_CATALOG);
  });

  app.get('/tutors', async (c) => {
    const auth = c.get('auth');
    const staff = isStaff(auth);
    const answer = await cache.get(staff ? 'tutors:staff' : 'tutors', async () => ({ data: await listTutorsForViewer(db, staff) }));
    // The answer depends on the sign-in: a shared cache must key it by the cookie too.
    return sendCachedAnswer(c, answer, auth ? SIGNED_IN : PUBLIC_CATALOG, { varyOnCookie: true });
  });

  app.get('/tutors/:id', async (c) => {
    const param = parseParam(c, 'id', idOrMyself);
    const auth = c.get('auth');
    const id = param === 'myself' ? resolveTutorId(c, 'myself') : param;
    return ok(c, await getTutorForViewer(db, id, isStaff(auth)));
  });

  return app;
}
