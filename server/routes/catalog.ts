import type { Prices } from '../../src/contract/entities.ts';
import { idOrMyself } from '../../src/contract/schemas.ts';
import { AnswerCache, sendCachedAnswer } from '../cache/answer-cache.ts';
import type { DataChanges } from '../cache/data-changes.ts';
import type { Db } from '../db/connection.ts';
import { getTutorForViewer, listTutorsForViewer } from '../domain/tutors.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/router.ts';
import { parseParam } from '../http/validate.ts';
import { isStaff, resolveTutorId } from '../http/session.ts';

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

  app.get('/courses', async (c) => {
    const answer = await cache.get('courses', async () => ({
      data: await db.selectFrom('courses').select(['id', 'course_number', 'course_name', 'school']).orderBy('id').execute(),
    }));
    return sendCachedAnswer(c, answer, PUBLIC_CATALOG);
  });

  app.get('/prices', async (c) => {
    const answer = await cache.get('prices', async () => {
      const rows = await db.selectFrom('prices').select(['frequency', 'capacity', 'cents']).execute();
      const prices: Prices = { subscription: { 1: 0, 2: 0 }, onetime: { 1: 0, 2: 0 } };
      for (const row of rows) {
        const table = row.frequency === 'weekly' ? prices.subscription : prices.onetime;
        table[String(row.capacity) as '1' | '2'] = row.cents;
      }
      return { data: prices };
    });
    return sendCachedAnswer(c, answer, PUBLIC_CATALOG);
  });

  app.get('/tutors', async (c) => {
    const auth = c.get('auth');
    const staff = isStaff(auth);
    const answer = await cache.get(staff ? 'tutors:staff' : 'tutors', async () => ({ data: await listTutorsForViewer(db, staff) }));
    // The answer depends on the session: a shared cache must key it by the cookie too.
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
