import { expect, it } from 'vitest';
import { bookOneTime } from '../../server/domain/booking/booking.ts';
import { offlineProvider } from '../../server/payments/offline.ts';
import { call, describeApi } from './harness.ts';
import { courseId, newCustomer } from './booking-helpers.ts';
import { counting } from './statement-counter.ts';

/**
 * A booking's cost is mostly its round trips to the database (the bench's write path), so their
 * number is guarded: a change that adds one fails here and says so.
 */
describeApi('round trips of a booking', (ctx) => {
  it('books a one-off meeting for a new provider customer in 7 statements, plus one transaction', async () => {
    const cs121 = await courseId(ctx(), 'CS 121');
    const meetings = (await call(ctx().client(), `/api/meetings?course=${cs121}&capacity=1&course_style=online`)).body.data as { id: number; offering: { id: number } }[];
    const meeting = meetings.at(-1)!;
    const { id: customerId } = await newCustomer(ctx());
    const { db, counter } = counting(ctx().database.db);

    const answer = await bookOneTime(db, offlineProvider(), customerId, { meeting: meeting.id, offering: meeting.offering.id, capacity: 1, course_style: 'online' }, 'address-hash', false);

    expect(answer.status).toBe('requires_payment_method');
    // The expired-hold probe; the address's lock; the held seats with the address's crowd; the
    // meeting with the offering and the terms; an earlier payment of it; the seat, hold and payment;
    // the intent with the provider's new customer.
    expect(counter.statements).toBe(7);
    const written = await ctx()
      .database.db.selectFrom('payments')
      .innerJoin('customers', 'customers.id', 'payments.customer_id')
      .innerJoin('reservations', (join) => join.onRef('reservations.meeting_id', '=', 'payments.meeting_id').onRef('reservations.customer_id', '=', 'payments.customer_id'))
      .select(['payments.provider_intent_id', 'customers.provider_customer_id', 'reservations.status'])
      .where('payments.id', '=', Number(answer.payment_id))
      .executeTakeFirstOrThrow();
    expect(written).toEqual({ provider_intent_id: expect.stringMatching(/^pi_/), provider_customer_id: expect.any(String), status: 'held' });
  });
});
