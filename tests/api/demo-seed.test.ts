import { expect, it } from 'vitest';
import { seedDemoData } from '../../server/demo/seed.ts';
import { describeApi } from './harness.ts';

/** The demo data, when several server instances start on one empty database (behind a load balancer). */
describeApi(
  'the demo seed',
  (ctx) => {
    it('seeds once when several instances start on an empty database at the same moment, and none of them fails', async () => {
      const { db } = ctx().database;
      const seeded = await Promise.all([seedDemoData(db), seedDemoData(db), seedDemoData(db)]);
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const courses = await db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const customers = await db.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(courses.n)).toBe(20);
      expect(Number(customers.n)).toBe(1);
      expect(await seedDemoData(db)).toBe(false);
    });

    it('gives the scheduled weeks of the demo subscription no provider intent, as a booking does (nothing was charged for them)', async () => {
      const { db } = ctx().database;
      const weeks = await db.selectFrom('payments').select(['payment_status', 'provider_intent_id']).where('subscription_id', 'is not', null).where('is_incremental', '=', false).execute();
      expect(weeks.some((w) => w.payment_status === 'subscription_pending')).toBe(true);
      for (const week of weeks) expect(week.provider_intent_id === null).toBe(week.payment_status === 'subscription_pending');
    });
  },
  { seed: false },
);
