import type { Prices } from '../../src/contract/entities.ts';
import { idOrMyself } from '../../src/contract/schemas.ts';
import type { Db } from '../db/connection.ts';
import { getTutorForViewer, listTutorsForViewer } from '../domain/tutors.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/router.ts';
import { parseParam } from '../http/validate.ts';
import { isStaff, resolveTutorId } from '../http/session.ts';

/** Public reads: courses, prices, tutors. */
export function catalogRoutes(db: Db) {
  const app = router();

  app.get('/courses', async (c) => {
    const courses = await db
      .selectFrom('courses')
      .select(['id', 'course_number', 'course_name', 'school'])
      .orderBy('id')
      .execute();
    return ok(c, courses);
  });

  app.get('/prices', async (c) => {
    const rows = await db.selectFrom('prices').select(['frequency', 'capacity', 'cents']).execute();
    const prices: Prices = { subscription: { 1: 0, 2: 0 }, onetime: { 1: 0, 2: 0 } };
    for (const row of rows) {
      const table = row.frequency === 'weekly' ? prices.subscription : prices.onetime;
      table[String(row.capacity) as '1' | '2'] = row.cents;
    }
    return ok(c, prices);
  });

  app.get('/tutors', async (c) => ok(c, await listTutorsForViewer(db, isStaff(c.get('auth')))));

  app.get('/tutors/:id', async (c) => {
    const param = parseParam(c, 'id', idOrMyself);
    const auth = c.get('auth');
    const id = param === 'myself' ? resolveTutorId(c, 'myself') : param;
    return ok(c, await getTutorForViewer(db, id, isStaff(auth)));
  });

  return app;
}
