import { expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { releaseExpiredHolds } from '../../server/domain/booking/holds.ts';
import { call, describeApi } from './harness.ts';
import { confirmOffline, courseId, newCustomer, post } from './booking-helpers.ts';

describeApi('availability', (ctx) => {
  it('lists future one-off meetings of tutors who teach the course, earliest first, with the offering', async () => {
    const cs121 = await courseId(ctx(), 'CS 121');
    const { status, body } = await call(ctx().client(), `/api/meetings?course=${cs121}&capacity=1&course_style=online`);
    expect(status).toBe(200);
    const meetings = body.data as { id: number; occurrence_epoch: number; duration_mins: number; offering: any }[];
    expect(meetings.length).toBeGreaterThan(0);
    const times = meetings.map((m) => m.occurrence_epoch);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]!).toBeGreaterThan(nowMs() / 1000);
    expect(meetings[0]!.offering).toMatchObject({ qualification: expect.any(String), archived: false, course: { id: cs121, course_number: 'CS 121' }, tutor: { name: 'Jordan Alvarez', role: 'Tutor' } });
    expect(Object.keys(meetings[0]!.offering.tutor).sort()).toEqual(['background', 'id', 'name', 'role']);
  });

  it('lists weekly slots with their upcoming meetings', async () => {
    const math = await courseId(ctx(), 'MATH 124');
    const { body } = await call(ctx().client(), `/api/slots?course=${math}&capacity=2&course_style=in-person&subscription=true`);
    expect(body.data.length).toBeGreaterThan(0);
    const slot = body.data[0];
    expect(slot.slot).toEqual({ id: expect.any(Number), anchor_epoch: expect.any(Number), duration_mins: 60 });
    expect(slot.meetings.length).toBeGreaterThan(3);
    expect(slot.offering.tutor.name).toBe('Priya Natarajan');
    const times = slot.meetings.map((m: { occurrence_epoch: number }) => m.occurrence_epoch);
    expect(times[1] - times[0]).toBe(7 * 24 * 3600);
  });

  it('hides courses nobody teaches, archived offerings and archived tutors', async () => {
    const bio = await courseId(ctx(), 'BIO 1');
    expect((await call(ctx().client(), `/api/meetings?course=${bio}&capacity=1&course_style=online`)).body.data).toEqual([]);
    const chem = await courseId(ctx(), 'CHEM 142'); // taught only by the archived tutor
    expect((await call(ctx().client(), `/api/slots?course=${chem}&capacity=1&course_style=online&subscription=true`)).body.data).toEqual([]);
  });

  it('refuses malformed filters', async () => {
    for (const q of ['', 'course=1&capacity=3&course_style=online', 'course=1&capacity=1&course_style=moon', 'course=x&capacity=1&course_style=online']) {
      const { status, body } = await call(ctx().client(), `/api/meetings?${q}`);
      expect(status, q).toBe(400);
      expect(body.error.type).toBe('BadInput');
    }
  });

  it('offers the second seat of a group-of-two meeting only to the same course and style', async () => {
    const cs121 = await courseId(ctx(), 'CS 121');
    const cs122 = await courseId(ctx(), 'CS 122');
    const first = await newCustomer(ctx());
    const meeting = (await call(first.client, `/api/meetings?course=${cs121}&capacity=2&course_style=online`)).body.data[0];
    const booked = await post(first.client, '/api/payments', { meeting: meeting.id, offering: meeting.offering.id, capacity: 2, course_style: 'online' });
    expect(booked.status).toBe(201);

    const ids = async (course: number, capacity: number, style: string) =>
      ((await call(ctx().client(), `/api/meetings?course=${course}&capacity=${capacity}&course_style=${style}`)).body.data as { id: number }[]).map((m) => m.id);
    expect(await ids(cs121, 2, 'online')).toContain(meeting.id);
    expect(await ids(cs121, 2, 'in-person')).not.toContain(meeting.id);
    expect(await ids(cs121, 1, 'online')).not.toContain(meeting.id);
    expect(await ids(cs122, 2, 'online')).not.toContain(meeting.id);

    const second = await newCustomer(ctx());
    expect((await post(second.client, '/api/payments', { meeting: meeting.id, offering: meeting.offering.id, capacity: 2, course_style: 'in-person' })).body.error.type).toBe('SeatTaken');
    expect((await post(second.client, '/api/payments', { meeting: meeting.id, offering: meeting.offering.id, capacity: 2, course_style: 'online' })).status).toBe(201);
    expect(await ids(cs121, 2, 'online')).not.toContain(meeting.id);
  });
});

describeApi('customers from the booking form', (ctx) => {
  it('creates the customer and signs them in', async () => {
    const client = ctx().client();
    const { status, body } = await post(client, '/api/customers', { email: 'New.Student@Example.com', phone: '(206) 555-0111', firstname: 'Nia', lastname: 'Park' });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ firstname: 'Nia', lastname: 'Park', email: 'new.student@example.com', phone: '2065550111', payment_method: null, credits: 0 });
    expect((await call(client, '/api/customers/myself')).body.data.email).toBe('new.student@example.com');
  });

  it('answers AlreadyExists for a known email or phone', async () => {
    for (const fields of [
      { email: 'alex@example.com', phone: '2065550000', firstname: 'A', lastname: 'B' },
      { email: 'someone-new@example.com', phone: '206-555-0199', firstname: 'A', lastname: 'B' },
    ]) {
      const { status, body } = await post(ctx().client(), '/api/customers', fields);
      expect(status).toBe(409);
      expect(body.error.type).toBe('AlreadyExists');
    }
  });

  it('validates every field', async () => {
    for (const fields of [
      { email: 'bad', phone: '2065550112', firstname: 'A', lastname: 'B' },
      { email: 'ok@example.com', phone: '12345', firstname: 'A', lastname: 'B' },
      { email: 'ok@example.com', phone: '2065550112', firstname: '', lastname: 'B' },
      { email: 'ok@example.com', phone: '2065550112', firstname: 'A' },
    ]) {
      const { status, body } = await post(ctx().client(), '/api/customers', fields as Record<string, string>);
      expect(status).toBe(400);
      expect(body.error.type).toBe('BadInput');
    }
  });
});

describeApi('one-time payments', (ctx) => {
  async function firstMeeting(course = 'CS 121', capacity = 1, style = 'online') {
    const id = await courseId(ctx(), course);
    return (await call(ctx().client(), `/api/meetings?course=${id}&capacity=${capacity}&course_style=${style}`)).body.data[0] as { id: number; offering: { id: number } };
  }

  it('holds the seat, charges the one-time price, and returns the same secret on a retry', async () => {
    const { client, id } = await newCustomer(ctx());
    const meeting = await firstMeeting();
    const fields = { meeting: meeting.id, offering: meeting.offering.id, capacity: 1, course_style: 'online' };
    const first = await post(client, '/api/payments', fields);
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({ client_secret: expect.stringMatching(/_secret_/), payment_id: expect.any(Number), amount_cents: 5500, status: 'requires_payment_method' });
    const retry = await post(client, '/api/payments', fields);
    expect(retry.body.data.client_secret).toBe(first.body.data.client_secret);
    const payments = await ctx().database.db.selectFrom('payments').selectAll().where('customer_id', '=', id).execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ payment_status: 'requires_payment_method', amount_cents: 5500, provider: 'offline' });
    const m = await ctx().database.db.selectFrom('meetings').selectAll().where('id', '=', meeting.id).executeTakeFirstOrThrow();
    expect(m).toMatchObject({ capacity: 1, reservations_taken: 1, offering_id: meeting.offering.id, course_style: 'online' });
  });

  it('confirms with the test card: the payment succeeds, the card is kept, a gradebook is made', async () => {
    const { client, id } = await newCustomer(ctx());
    const meeting = await firstMeeting('MATH 124', 2, 'in-person');
    const intent = await post(client, '/api/payments', { meeting: meeting.id, offering: meeting.offering.id, capacity: 2, course_style: 'in-person' });
    expect(intent.body.data.amount_cents).toBe(3500);

    const declined = await confirmOffline(client, intent.body.data.client_secret, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.body.error).toEqual({ type: 'CardDeclined', code: 'card_declined', message: 'Your card was declined.' });

    const paid = await confirmOffline(client, intent.body.data.client_secret, '4242 4242 4242 4242');
    expect(paid.body.data.status).toBe('succeeded');
    const payment = await ctx().database.db.selectFrom('payments').selectAll().where('customer_id', '=', id).executeTakeFirstOrThrow();
    expect(payment.payment_status).toBe('succeeded');
    expect((await ctx().database.db.selectFrom('reservations').select('status').where('customer_id', '=', id).executeTakeFirstOrThrow()).status).toBe('confirmed');
    expect((await call(client, '/api/customers/myself')).body.data.payment_method).toBe('Visa ending in 4242');
    const gradebooks = (await call(client, '/api/customers/myself/gradebooks')).body.data;
    expect(gradebooks).toEqual([{ id: expect.any(Number), course: { id: await courseId(ctx(), 'MATH 124'), course_number: 'MATH 124', course_name: 'Calculus I' }, customer: { firstname: expect.any(String), lastname: 'Student' }, archived: false }]);

    // Paid: a new attempt for the same meeting is refused, and confirming twice changes nothing.
    expect((await post(client, '/api/payments', { meeting: meeting.id, offering: meeting.offering.id, capacity: 2, course_style: 'in-person' })).body.error.type).toBe('AlreadyBooked');
    expect((await confirmOffline(client, intent.body.data.client_secret, '4242424242424242')).body.data.status).toBe('succeeded');
    expect(await ctx().database.db.selectFrom('payments').select('id').where('customer_id', '=', id).execute()).toHaveLength(1);
  });

  it('charges the card on file at once; a confirmation without a card number after it changes nothing', async () => {
    const { client } = await newCustomer(ctx(), true);
    const meeting = await firstMeeting('CS 122');
    const intent = await post(client, '/api/payments', { meeting: meeting.id, offering: meeting.offering.id, capacity: 1, course_style: 'online' });
    expect(intent.body.data).toMatchObject({ status: 'succeeded', client_secret: expect.stringMatching(/_secret_/) });
    expect((await confirmOffline(client, intent.body.data.client_secret)).body.data.status).toBe('succeeded');
    const without = await newCustomer(ctx());
    const other = await firstMeeting('CS 122');
    const intent2 = await post(without.client, '/api/payments', { meeting: other.id, offering: other.offering.id, capacity: 1, course_style: 'online' });
    expect((await confirmOffline(without.client, intent2.body.data.client_secret)).body.error.code).toBe('incomplete_number');
  });

  it('releases an unpaid hold after 15 minutes: the seat is offered again and the next booking gets it', async () => {
    const { client, id } = await newCustomer(ctx());
    const meeting = await firstMeeting('PHYS 121');
    await post(client, '/api/payments', { meeting: meeting.id, offering: meeting.offering.id, capacity: 1, course_style: 'online' });
    expect((await firstMeeting('PHYS 121'))?.id).not.toBe(meeting.id);
    await ctx().database.db.updateTable('reservations').set({ expires_at: new Date(nowMs() - 1000) }).where('customer_id', '=', id).execute();
    expect((await firstMeeting('PHYS 121')).id).toBe(meeting.id);

    const next = await newCustomer(ctx());
    const taken = await post(next.client, '/api/payments', { meeting: meeting.id, offering: meeting.offering.id, capacity: 1, course_style: 'online' });
    expect(taken.status).toBe(201);
    const m = await ctx().database.db.selectFrom('meetings').selectAll().where('id', '=', meeting.id).executeTakeFirstOrThrow();
    expect(m).toMatchObject({ capacity: 1, reservations_taken: 1 });
    expect((await ctx().database.db.selectFrom('payments').select('payment_status').where('customer_id', '=', id).executeTakeFirstOrThrow()).payment_status).toBe('abandoned');
    // The first buyer's old secret no longer pays.
    const oldSecret = (await ctx().database.db.selectFrom('payments').select('client_secret').where('customer_id', '=', id).executeTakeFirstOrThrow()).client_secret!;
    expect((await confirmOffline(client, oldSecret, '4242424242424242')).body.error.type).toBe('PaymentFailed');
  });

  it('unbooks a meeting whose only hold expired', async () => {
    const { client, id } = await newCustomer(ctx());
    const meeting = await firstMeeting('PHYS 1');
    await post(client, '/api/payments', { meeting: meeting.id, offering: meeting.offering.id, capacity: 1, course_style: 'online' });
    await ctx().database.db.updateTable('reservations').set({ expires_at: new Date(nowMs() - 1000) }).where('customer_id', '=', id).execute();
    await releaseExpiredHolds(ctx().database.db);
    const m = await ctx().database.db.selectFrom('meetings').selectAll().where('id', '=', meeting.id).executeTakeFirstOrThrow();
    expect(m).toMatchObject({ capacity: 0, reservations_taken: 0, offering_id: null, course_style: null });
  });

  it('refuses a customer another customer\'s payment, and sessions that are not customers', async () => {
    const owner = await newCustomer(ctx());
    const meeting = await firstMeeting('MATH 125');
    const intent = await post(owner.client, '/api/payments', { meeting: meeting.id, offering: meeting.offering.id, capacity: 1, course_style: 'online' });
    const stranger = await newCustomer(ctx());
    expect((await confirmOffline(stranger.client, intent.body.data.client_secret, '4242424242424242')).body.error.type).toBe('PaymentNotFound');
    // The stranger cannot take the held seat either, nor read the owner's secret by retrying.
    const grab = await post(stranger.client, '/api/payments', { meeting: meeting.id, offering: meeting.offering.id, capacity: 1, course_style: 'online' });
    expect(grab.body.error.type).toBe('SeatTaken');
    expect(JSON.stringify(grab.body)).not.toContain(intent.body.data.client_secret);

    expect((await post(ctx().client(), '/api/payments', { meeting: meeting.id, offering: meeting.offering.id, capacity: 1, course_style: 'online' })).body.error.type).toBe('NoAuth');
  });

  it('refuses a meeting, offering or tutor that does not match', async () => {
    const { client } = await newCustomer(ctx());
    const meeting = await firstMeeting('ECON 200');
    const otherOffering = (await firstMeeting('APSTAT')).offering.id;
    expect((await post(client, '/api/payments', { meeting: meeting.id, offering: otherOffering, capacity: 1, course_style: 'online' })).body.error.type).toBe('OfferingNotFound');
    expect((await post(client, '/api/payments', { meeting: 999999, offering: meeting.offering.id, capacity: 1, course_style: 'online' })).body.error.type).toBe('MeetingNotFound');
    expect((await post(client, '/api/payments', { meeting: meeting.id, offering: meeting.offering.id, capacity: 3, course_style: 'online' })).body.error.type).toBe('BadInput');
  });
});

describeApi('one checkout at a time', (ctx) => {
  it('gives up the seat of an unpaid checkout when the customer starts another', async () => {
    const { client, id } = await newCustomer(ctx());
    const course = await courseId(ctx(), 'CS 121');
    const [first, second] = (await call(client, `/api/meetings?course=${course}&capacity=1&course_style=online`)).body.data;
    await post(client, '/api/payments', { meeting: first.id, offering: first.offering.id, capacity: 1, course_style: 'online' });
    await post(client, '/api/payments', { meeting: second.id, offering: second.offering.id, capacity: 1, course_style: 'online' });
    const held = await ctx().database.db.selectFrom('reservations').select(['meeting_id', 'status']).where('customer_id', '=', id).orderBy('id').execute();
    expect(held).toEqual([
      { meeting_id: first.id, status: 'released' },
      { meeting_id: second.id, status: 'held' },
    ]);
    expect((await ctx().database.db.selectFrom('meetings').select('reservations_taken').where('id', '=', first.id).executeTakeFirstOrThrow()).reservations_taken).toBe(0);
    const statuses = await ctx().database.db.selectFrom('payments').select('payment_status').where('customer_id', '=', id).orderBy('id').execute();
    expect(statuses.map((p) => p.payment_status)).toEqual(['abandoned', 'requires_payment_method']);
  });
});

describeApi('weekly subscriptions', (ctx) => {
  it('holds every upcoming meeting, charges the first, and schedules the rest once paid', async () => {
    const { client, id } = await newCustomer(ctx());
    const math = await courseId(ctx(), 'MATH 124');
    const slot = (await call(client, `/api/slots?course=${math}&capacity=1&course_style=online&subscription=true`)).body.data[0];
    const fields = { meeting: slot.meetings[0].id, slot: slot.slot.id, offering: slot.offering.id, capacity: 1, course_style: 'online' };
    const intent = await post(client, '/api/subscriptions', fields);
    expect(intent.status).toBe(201);
    expect(intent.body.data.amount_cents).toBe(4500);
    expect((await post(client, '/api/subscriptions', fields)).body.data.client_secret).toBe(intent.body.data.client_secret);

    const wrongFirst = await post(client, '/api/subscriptions', { ...fields, meeting: slot.meetings[1].id });
    expect(wrongFirst.body.error.type).toBe('MeetingNotFound');

    await confirmOffline(client, intent.body.data.client_secret, '4242424242424242');
    const payments = await ctx().database.db.selectFrom('payments').select(['meeting_id', 'payment_status', 'subscription_id']).where('customer_id', '=', id).orderBy('id').execute();
    expect(payments).toHaveLength(slot.meetings.length);
    expect(payments[0]!.payment_status).toBe('succeeded');
    expect(new Set(payments.slice(1).map((p) => p.payment_status))).toEqual(new Set(['subscription_pending']));
    expect(new Set(payments.map((p) => p.subscription_id)).size).toBe(1);

    const after = (await call(ctx().client(), `/api/slots?course=${math}&capacity=1&course_style=online&subscription=true`)).body.data;
    expect(after.map((s: { slot: { id: number } }) => s.slot.id)).not.toContain(slot.slot.id);

    // Skipping the second week and booking the slot again is refused, not a crash.
    const second = await ctx().database.db.selectFrom('payments').select('id').where('customer_id', '=', id).where('meeting_id', '=', slot.meetings[1].id).executeTakeFirstOrThrow();
    expect((await call(client, `/api/payments/${second.id}/skip`, { method: 'POST' })).body.status).toBe('success');
    const again = await post(client, '/api/subscriptions', { ...fields, capacity: 1 });
    expect(again.status).toBe(409);
    expect(again.body.error.type).toBe('AlreadyBooked');
  });
});
