import { expect, it } from 'vitest';
import { call, describeApi, type TestContext } from './harness.ts';
import { confirmOffline, newCustomer, post } from './booking-helpers.ts';
import { freeWeeklyHour, offeringOf, staffClient } from './tutor-helpers.ts';

/**
 * Two customers of one group-of-two weekly slot end their subscriptions at the same moment (found
 * by npm run test:chaos: one of them answered 500, PostgreSQL's deadlock detected). Each cancel
 * frees its seat in every week, one meeting row after the other; in whatever order its payments
 * came back from the database, two cancels could take the same meetings in opposite orders.
 */
describeApi('subscriptions ended at once', (ctx) => {
  async function sharedWeeklySlot(c: TestContext) {
    const sam = await staffClient(c, 'sam@beacontutoring.com');
    const made = await post(sam.client, '/api/slots', { duration_mins: 60, anchor_epoch: await freeWeeklyHour(c, sam), tutor: 'myself' });
    expect(made.status).toBe(201);
    const slotId = made.body.data.id as number;
    const first = await c.database.db.selectFrom('meetings').select('id').where('slot_id', '=', slotId).orderBy('occurrence').executeTakeFirstOrThrow();
    const offering = await offeringOf(c, sam.id, 'PHYS 121');
    const buyers = [];
    for (let i = 0; i < 2; i++) {
      const buyer = await newCustomer(c);
      const intent = await post(buyer.client, '/api/subscriptions', { meeting: first.id, slot: slotId, offering, capacity: 2, course_style: 'online' });
      expect(intent.status).toBe(201);
      expect((await confirmOffline(buyer.client, intent.body.data.client_secret, '4242424242424242')).body.data.status).toBe('succeeded');
      const subscription = await c.database.db.selectFrom('subscriptions').select('id').where('customer_id', '=', buyer.id).executeTakeFirstOrThrow();
      buyers.push({ ...buyer, subscriptionId: subscription.id });
    }
    return { slotId, buyers };
  }

  it('ends both, whatever order their weeks come back in', async () => {
    const { db } = ctx().database;
    for (let round = 0; round < 3; round++) {
      const { slotId, buyers } = await sharedWeeklySlot(ctx());
      // Rewritten last week first, so that the first customer's weeks come back from an unordered
      // read in the opposite order to the second's (an update writes a row's new version anew).
      const weeks = await db.selectFrom('payments').select('id').where('customer_id', '=', buyers[0]!.id).orderBy('meeting_id', 'desc').execute();
      for (const week of weeks) await db.updateTable('payments').set((eb) => ({ notified_booking: eb.ref('notified_booking') })).where('id', '=', week.id).execute();

      const answers = await Promise.all(buyers.map((buyer) => call(buyer.client, `/api/subscriptions/${buyer.subscriptionId}/cancel`, { method: 'POST' })));
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const seats = await db
        .selectFrom('reservations as r')
        .innerJoin('meetings as m', 'm.id', 'r.meeting_id')
        .select('r.id')
        .where('m.slot_id', '=', slotId)
        .where('r.status', '!=', 'released')
        .execute();
      expect(seats).toEqual([]);
    }
  });
});
