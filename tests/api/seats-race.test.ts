import { expect, it } from 'vitest';
import { call, describeApi } from './harness.ts';
import { courseId, newCustomer, post } from './booking-helpers.ts';

/**
 * No double booking: many buyers at once for the same seats. On PostgreSQL the requests run in
 * parallel transactions through a connection pool, so a missing lock would show here.
 */
describeApi('seats under concurrent booking', (ctx) => {
  async function race(course: string, capacity: 1 | 2) {
    const id = await courseId(ctx(), course);
    const meeting = (await call(ctx().client(), `/api/meetings?course=${id}&capacity=${capacity}&course_style=online`)).body.data[0];
    const buyers = await Promise.all(Array.from({ length: 20 }, () => newCustomer(ctx())));
    const results = await Promise.all(
      buyers.map(({ client }) => post(client, '/api/payments', { meeting: meeting.id, offering: meeting.offering.id, capacity, course_style: 'online' })),
    );
    const row = await ctx().database.db.selectFrom('meetings').select(['capacity', 'reservations_taken']).where('id', '=', meeting.id).executeTakeFirstOrThrow();
    const held = await ctx().database.db.selectFrom('reservations').select('id').where('meeting_id', '=', meeting.id).where('status', '!=', 'released').execute();
    return { results, row, held };
  }

  it('gives the one seat of a one-on-one meeting to exactly one of 20 buyers', async () => {
    const { results, row, held } = await race('CS 121', 1);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.body.error?.type === 'SeatTaken')).toHaveLength(19);
    expect(row).toEqual({ capacity: 1, reservations_taken: 1 });
    expect(held).toHaveLength(1);
  });

  it('gives the two seats of a group-of-two meeting to exactly two of 20 buyers', async () => {
    const { results, row, held } = await race('MATH 124', 2);
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.body.error?.type === 'SeatTaken')).toHaveLength(18);
    expect(row).toEqual({ capacity: 2, reservations_taken: 2 });
    expect(held).toHaveLength(2);
  });

  it('gives one buyer clicking twice at once one hold and one secret', async () => {
    const id = await courseId(ctx(), 'PHYS 121');
    const meeting = (await call(ctx().client(), `/api/meetings?course=${id}&capacity=1&course_style=online`)).body.data[0];
    const { client, id: customerId } = await newCustomer(ctx());
    const fields = { meeting: meeting.id, offering: meeting.offering.id, capacity: 1, course_style: 'online' };
    const results = await Promise.all([1, 2, 3, 4].map(() => post(client, '/api/payments', fields)));
    expect(new Set(results.map((r) => r.body.data?.client_secret)).size).toBe(1);
    expect(await ctx().database.db.selectFrom('payments').select('id').where('customer_id', '=', customerId).execute()).toHaveLength(1);
  });
});
