import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { call, describeApi, type TestContext } from './harness.ts';
import { confirmOffline, newCustomer, post } from './booking-helpers.ts';
import { holdMeetingRow } from './race-helpers.ts';
import { freeWeeklyHour, offeringOf, staffClient } from './tutor-helpers.ts';

/**
 * Cancels that meet on the same rows, found by npm run test:chaos (one of the two answered 500:
 * PostgreSQL's deadlock detected). Two customers of one group-of-two weekly slot ending their
 * subscriptions took the weeks' meetings in the order their payments came back in; a tutor
 * canceling a week of a subscription while the customer paid or ended it waited on the customer's
 * rows while holding a lock on the meeting that the customer's foreign-key checks needed; and a
 * payment's fulfilment took its payment before its meetings, so that a week's payment it wrote
 * while the tutor's cancel of that week waited was left on the canceled meeting, to be charged.
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

describeApi('a tutor cancels a week of a subscription while it changes', (ctx) => {
  async function weeklyBooking(c: TestContext) {
    const sam = await staffClient(c, 'sam@beacontutoring.com');
    const made = await post(sam.client, '/api/slots', { duration_mins: 60, anchor_epoch: await freeWeeklyHour(c, sam), tutor: 'myself' });
    const slotId = made.body.data.id as number;
    const weeks = await c.database.db.selectFrom('meetings').select('id').where('slot_id', '=', slotId).orderBy('occurrence').execute();
    const buyer = await newCustomer(c);
    const intent = await post(buyer.client, '/api/subscriptions', { meeting: weeks[0]!.id, slot: slotId, offering: await offeringOf(c, sam.id, 'PHYS 121'), capacity: 1, course_style: 'online' });
    expect(intent.status).toBe(201);
    return { sam, weeks, buyer, secret: intent.body.data.client_secret as string };
  }

  it('while its checkout is paid: both done, neither answers 500', async () => {
    for (let round = 0; round < 3; round++) {
      const { sam, weeks, buyer, secret } = await weeklyBooking(ctx());
      const week = weeks[weeks.length - 1 - round]!.id;
      const [paid, canceled] = await Promise.all([
        confirmOffline(buyer.client, secret, '4242424242424242'),
        call(sam.client, `/api/meetings/${week}/cancel`, { method: 'POST' }),
      ]);
      expect([paid.status, canceled.status]).toEqual([200, 200]);
      // Nothing is left to charge for the canceled week, nor a seat in it.
      const left = await ctx()
        .database.db.selectFrom('payments')
        .select(['id', 'payment_status'])
        .where('meeting_id', '=', week)
        .where('payment_status', 'not in', ['canceled', 'abandoned'])
        .execute();
      expect(left).toEqual([]);
    }
  });

  it('while the customer ends the subscription: both done, neither answers 500', async () => {
    for (let round = 0; round < 3; round++) {
      const { sam, weeks, buyer, secret } = await weeklyBooking(ctx());
      await confirmOffline(buyer.client, secret, '4242424242424242');
      const subscription = await ctx().database.db.selectFrom('subscriptions').select('id').where('customer_id', '=', buyer.id).executeTakeFirstOrThrow();
      const [ended, canceled] = await Promise.all([
        call(buyer.client, `/api/subscriptions/${subscription.id}/cancel`, { method: 'POST' }),
        call(sam.client, `/api/meetings/${weeks[weeks.length - 1 - round]!.id}/cancel`, { method: 'POST' }),
      ]);
      expect([ended.status, canceled.status]).toEqual([200, 200]);
    }
  });

  it('while the customer skips the week: the skip takes the meeting before its payment, as the cancel does, so neither waits on the other', async () => {
    if (ctx().kind !== 'postgres') return;
    const { db } = ctx().database;
    const { weeks, buyer, secret } = await weeklyBooking(ctx());
    await confirmOffline(buyer.client, secret, '4242424242424242');
    const week = weeks[weeks.length - 1]!.id;
    const payment = await db.selectFrom('payments').select('id').where('customer_id', '=', buyer.id).where('meeting_id', '=', week).executeTakeFirstOrThrow();
    // A tutor's cancel of the week has taken its meeting (meeting-changes.ts) and comes for its payments next.
    const hold = await holdMeetingRow(db, week);
    const skipped = call(buyer.client, `/api/payments/${payment.id}/skip`, { method: 'POST' });
    await hold.waitersAtLeast(1);
    // The skip waiting on the meeting holds none of its payment: the cancel would get it (a skip that
    // took the payment first deadlocked with the cancel, and one of the two answered 500).
    const free = await db
      .transaction()
      .execute(async (trx) => (await sql<{ id: number }>`select id from payments where id = ${payment.id} for update nowait`.execute(trx)).rows.length)
      .finally(() => hold.letGo());
    expect(free).toBe(1);
    expect((await skipped).status).toBe(200);
  });

  it('while its checkout is paid and the week is held up a moment: no week left to charge on the canceled meeting', async () => {
    if (ctx().kind !== 'postgres') return;
    const { db } = ctx().database;
    const { sam, weeks, buyer, secret } = await weeklyBooking(ctx());
    const week = weeks[weeks.length - 1]!.id;
    // Someone holds the week's meeting a moment (a booking, another change): the payment's
    // fulfilment has confirmed the seats and waits to write the week's payment; the tutor's cancel waits too.
    const hold = await holdMeetingRow(db, week);
    const paid = confirmOffline(buyer.client, secret, '4242424242424242');
    await hold.waitersAtLeast(1);
    const canceled = call(sam.client, `/api/meetings/${week}/cancel`, { method: 'POST' });
    await hold.waitersAtLeast(2);
    await hold.letGo();
    expect([(await paid).status, (await canceled).status]).toEqual([200, 200]);
    const left = await db.selectFrom('payments').select(['id', 'payment_status']).where('meeting_id', '=', week).where('payment_status', 'not in', ['canceled', 'abandoned']).execute();
    expect(left).toEqual([]);
  });
});
