import { expect, it } from 'vitest';
import { releaseExpiredHolds } from '../../server/domain/booking/holds.ts';
import { describeApi } from './harness.ts';
import { confirmOffline, newCustomer, post } from './booking-helpers.ts';
import { holdMeetingRow } from './race-helpers.ts';
import { freeHour, jordan, offeringOf } from './tutor-helpers.ts';

/**
 * A hold running out while its checkout is being paid (found by npm run test:chaos right after a
 * move of the demo clock, when every hold runs out at once: a card confirmation answered 500,
 * deadlock detected). The fulfilment locks its payment, then its meeting and seat; a release of
 * expired holds, started meanwhile by another request, takes the seat and the meeting, then the
 * payment. Concurrent transactions only: PostgreSQL.
 */
describeApi('a hold running out while its checkout is paid', (ctx) => {
  it('is paid or refused, and the release of the holds goes through', async () => {
    if (ctx().kind !== 'postgres') return;
    const { db } = ctx().database;
    const tutor = await jordan(ctx());
    const meeting = (await post(tutor.client, '/api/meetings', { occurrence_epoch: await freeHour(ctx(), tutor), tutor: 'myself' })).body.data.id as number;
    const buyer = await newCustomer(ctx());
    const intent = await post(buyer.client, '/api/payments', { meeting, offering: await offeringOf(ctx(), tutor.id, 'CS 121'), capacity: 1, course_style: 'online' });
    expect(intent.status).toBe(201);

    // Someone holds the meeting for a moment (a tutor's change, a booking), so that the two below
    // each get part of the way and then wait.
    const hold = await holdMeetingRow(db, meeting);
    // The confirmation, while the hold still runs: it gets its payment and waits for the meeting.
    const confirmation = confirmOffline(buyer.client, intent.body.data.client_secret, '4242424242424242');
    await hold.waitersAtLeast(1);
    // The hold runs out now, and another request releases the holds that ran out.
    await db.updateTable('reservations').set({ expires_at: new Date(Date.now() - 3600_000 * 24 * 365) }).where('customer_id', '=', buyer.id).execute();
    const release = releaseExpiredHolds(db, 'all').then(
      () => 'released',
      (error: Error) => error.message,
    );
    await hold.waitersAtLeast(2);
    await hold.letGo();
    const answer = await confirmation;
    expect([200, 409]).toContain(answer.status);
    expect(await release).toBe('released');
  });
});
