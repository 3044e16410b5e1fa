import { expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import { nowMs } from '../../server/clock.ts';
import { demoAccounts } from '../../server/demo/seed.ts';
import { retryPendingRefunds } from '../../server/domain/billing/refunds.ts';
import { call, describeApi, signInAs, TestClient, type TestContext } from './harness.ts';
import { confirmOffline, courseId, newCustomer, post } from './booking-helpers.ts';
import { recordingProvider } from './recording-provider.ts';

async function alex(ctx: TestContext) {
  const client = ctx.client();
  const id = await signInAs(ctx, client, demoAccounts.customer.email);
  return { client, id };
}

/** A customer who paid for one one-time meeting `days` from now; returns the payment. */
async function paidOneTime(ctx: TestContext, course: string) {
  const buyer = await newCustomer(ctx);
  const meeting = (await call(buyer.client, `/api/meetings?course=${await courseId(ctx, course)}&capacity=1&course_style=online`)).body.data[0];
  const intent = await post(buyer.client, '/api/payments', { meeting: meeting.id, offering: meeting.offering.id, capacity: 1, course_style: 'online' });
  await confirmOffline(buyer.client, intent.body.data.client_secret, '4242424242424242');
  return { ...buyer, meetingId: meeting.id as number, paymentId: intent.body.data.payment_id as number };
}

describeApi('the student sessions', (ctx) => {
  it('lists the customer\'s payments with full meetings, newest meeting first', async () => {
    const { client } = await alex(ctx());
    const { status, body } = await call(client, '/api/customers/myself/payments');
    expect(status).toBe(200);
    const payments = body.data as any[];
    expect(payments.length).toBeGreaterThan(5);
    expect(payments[0]).toEqual({
      id: expect.any(Number),
      customer: { id: expect.any(Number), firstname: 'Alex', lastname: 'Rivera', phone: '2065550199', email: 'alex@example.com' },
      meeting: {
        id: expect.any(Number),
        occurrence_epoch: expect.any(Number),
        duration_mins: 60,
        notes: expect.any(String),
        // The lesson report's homework (docs/contract-extensions.md); a customer never reads the attendance or the private note.
        homework: expect.any(String),
        course_style: 'in-person',
        capacity: 1,
        reservations_taken: 1,
        tutor: { id: expect.any(Number), name: 'Jordan Alvarez', phone: '2065550102', email: 'jordan@beacontutoring.com' },
        offering: { course: { course_number: 'CS 121', course_name: 'Intro to Programming I' } },
        slot: { id: expect.any(Number) },
      },
      is_incremental: false,
      minutes_paid: 60,
      payment_status: 'subscription_pending',
      subscription: { id: expect.any(Number) },
      inserted_at_epoch: expect.any(Number),
    });
    const times = payments.map((p) => p.meeting.occurrence_epoch);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(payments.some((p) => p.is_incremental && p.minutes_paid === 30)).toBe(true);
  });

  it('answers NotAuthorized to a tutor and NoAuth without a session', async () => {
    const tutor = ctx().client();
    await signInAs(ctx(), tutor, demoAccounts.tutor.email);
    expect((await call(tutor, '/api/customers/myself/payments')).body.error.type).toBe('NotAuthorized');
    expect((await call(ctx().client(), '/api/customers/myself/payments')).body.error.type).toBe('NoAuth');
  });

  it('skips a paid meeting: the seat is freed and the charge refunded', async () => {
    const buyer = await paidOneTime(ctx(), 'CS 121');
    const { status, body } = await call(buyer.client, `/api/payments/${buyer.paymentId}/skip`, { method: 'POST' });
    expect(status).toBe(200);
    expect(body.status).toBe('success');
    const payment = await ctx().database.db.selectFrom('payments').select('payment_status').where('id', '=', buyer.paymentId).executeTakeFirstOrThrow();
    expect(payment.payment_status).toBe('canceled');
    const meeting = await ctx().database.db.selectFrom('meetings').select(['reservations_taken', 'capacity']).where('id', '=', buyer.meetingId).executeTakeFirstOrThrow();
    expect(meeting).toEqual({ reservations_taken: 0, capacity: 0 });
    expect((await call(buyer.client, `/api/payments/${buyer.paymentId}/skip`, { method: 'POST' })).body.error.type).toBe('PaymentNotFound');
  });

  it('refuses a skip less than 12 hours before the start', async () => {
    const buyer = await paidOneTime(ctx(), 'MATH 124');
    await ctx().database.db.updateTable('meetings').set({ occurrence: new Date(nowMs() + 6 * 3600_000) }).where('id', '=', buyer.meetingId).execute();
    const { status, body } = await call(buyer.client, `/api/payments/${buyer.paymentId}/skip`, { method: 'POST' });
    expect(status).toBe(409);
    expect(body.error.type).toBe('TooLate');
  });

  it('cancels a subscription: later meetings are released and their charges canceled', async () => {
    const { client, id } = await alex(ctx());
    const subscription = await ctx().database.db.selectFrom('subscriptions').select('id').where('customer_id', '=', id).executeTakeFirstOrThrow();
    const { body } = await call(client, `/api/subscriptions/${subscription.id}/cancel`, { method: 'POST' });
    expect(body.status).toBe('success');
    const payments = await ctx()
      .database.db.selectFrom('payments as p')
      .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
      .select(['p.payment_status', 'm.occurrence', 'm.reservations_taken'])
      .where('p.subscription_id', '=', subscription.id)
      .where('p.is_incremental', '=', false)
      .execute();
    const later = payments.filter((p) => new Date(p.occurrence).getTime() > nowMs() + 12 * 3600_000);
    expect(later.length).toBeGreaterThan(3);
    expect(new Set(later.map((p) => p.payment_status))).toEqual(new Set(['canceled']));
    expect(new Set(later.map((p) => p.reservations_taken))).toEqual(new Set([0]));
    expect(payments.filter((p) => new Date(p.occurrence).getTime() < nowMs()).every((p) => p.payment_status === 'succeeded')).toBe(true);
    expect((await ctx().database.db.selectFrom('subscriptions').select('status').where('id', '=', subscription.id).executeTakeFirstOrThrow()).status).toBe('canceled');
  });
});

/**
 * A refund the provider does not confirm is never lost: skip and cancel record it as pending in the
 * transaction that frees the seat, the customer's request succeeds, and the retry pass sends it.
 */
describeApi('refunds the provider did not confirm', (ctx) => {
  function world() {
    const recorder = recordingProvider();
    const logged: string[] = [];
    const log = (line: string) => logged.push(line);
    const app = createApiApp({ database: ctx().database, config: { mode: 'demo', siteUrl: 'http://localhost:4321', logRequests: false }, payments: recorder.provider, log });
    /** The retry pass, as the periodic task runs it. */
    const retry = () => retryPendingRefunds(ctx().database.db, recorder.provider, log);
    return { ...recorder, logged, retry, as: (client: TestClient) => Object.assign(new TestClient(app), { cookies: client.cookies }) };
  }

  const paymentRow = (paymentId: number) =>
    ctx().database.db.selectFrom('payments').select(['payment_status', 'refund_pending', 'provider_intent_id']).where('id', '=', paymentId).executeTakeFirstOrThrow();

  it('skips at once when the refund call fails, and the retry pass refunds it exactly once', async () => {
    const w = world();
    const buyer = await paidOneTime(ctx(), 'CS 121');
    const { provider_intent_id: intent } = await paymentRow(buyer.paymentId);
    w.faults.refund = 1;
    const skipped = await call(w.as(buyer.client), `/api/payments/${buyer.paymentId}/skip`, { method: 'POST' });
    expect(skipped).toEqual({ status: 200, body: { status: 'success', data: { id: buyer.paymentId } } });
    expect(await paymentRow(buyer.paymentId)).toMatchObject({ payment_status: 'canceled', refund_pending: true });
    expect((await ctx().database.db.selectFrom('meetings').select('reservations_taken').where('id', '=', buyer.meetingId).executeTakeFirstOrThrow()).reservations_taken).toBe(0);
    expect(w.calls.refunds).toEqual([]);
    expect(w.logged.some((line) => line.includes(`refund of payment ${buyer.paymentId}`) && line.includes('provider unavailable'))).toBe(true);

    await w.retry();
    expect(w.calls.refunds).toEqual([intent]);
    expect((await paymentRow(buyer.paymentId)).refund_pending).toBe(false);
    await w.retry();
    expect(w.calls.refunds).toEqual([intent]);
  });

  it('refunds a skip at once when the provider answers', async () => {
    const w = world();
    const buyer = await paidOneTime(ctx(), 'MATH 124');
    const { provider_intent_id: intent } = await paymentRow(buyer.paymentId);
    expect((await call(w.as(buyer.client), `/api/payments/${buyer.paymentId}/skip`, { method: 'POST' })).status).toBe(200);
    expect(w.calls.refunds).toEqual([intent]);
    expect(await paymentRow(buyer.paymentId)).toMatchObject({ payment_status: 'canceled', refund_pending: false });
    await w.retry();
    expect(w.calls.refunds).toEqual([intent]);
  });

  it('cancels a subscription when the refund calls fail, and the retry pass refunds each charge once', async () => {
    const w = world();
    const { client, id } = await newCustomer(ctx());
    const slot = (await call(client, `/api/slots?course=${await courseId(ctx(), 'MATH 124')}&capacity=1&course_style=online&subscription=true`)).body.data[0];
    const intent = await post(client, '/api/subscriptions', { meeting: slot.meetings[0].id, slot: slot.slot.id, offering: slot.offering.id, capacity: 1, course_style: 'online' });
    await confirmOffline(client, intent.body.data.client_secret, '4242424242424242');
    // The second and third weeks were charged already (as the weekly billing does).
    const later = await ctx().database.db.selectFrom('payments').select('id').where('customer_id', '=', id).where('payment_status', '=', 'subscription_pending').orderBy('id').limit(2).execute();
    for (const payment of later) {
      await ctx().database.db.updateTable('payments').set({ payment_status: 'succeeded', provider_intent_id: `pi_weekly_${payment.id}` }).where('id', '=', payment.id).execute();
    }
    const subscription = await ctx().database.db.selectFrom('subscriptions').select('id').where('customer_id', '=', id).executeTakeFirstOrThrow();
    const charged = await ctx()
      .database.db.selectFrom('payments as p')
      .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
      .select(['p.id', 'p.provider_intent_id'])
      .where('p.customer_id', '=', id)
      .where('p.payment_status', '=', 'succeeded')
      .where('m.occurrence', '>', new Date(nowMs() + 12 * 3600_000))
      .execute();
    expect(charged.length).toBeGreaterThanOrEqual(2);

    w.faults.refund = 10;
    const canceled = await call(w.as(client), `/api/subscriptions/${subscription.id}/cancel`, { method: 'POST' });
    expect(canceled).toEqual({ status: 200, body: { status: 'success', data: { id: subscription.id } } });
    for (const payment of charged) expect(await paymentRow(payment.id)).toMatchObject({ payment_status: 'canceled', refund_pending: true });
    expect(w.calls.refunds).toEqual([]);

    w.faults.refund = 0;
    await w.retry();
    expect(w.calls.refunds.sort()).toEqual(charged.map((p) => p.provider_intent_id!).sort());
    for (const payment of charged) expect((await paymentRow(payment.id)).refund_pending).toBe(false);
    await w.retry();
    expect(w.calls.refunds).toHaveLength(charged.length);
  });
});

describeApi('gradebooks', (ctx) => {
  async function alexGradebooks() {
    const me = await alex(ctx());
    const list = (await call(me.client, '/api/customers/myself/gradebooks')).body.data as { id: number; course: { course_number: string } }[];
    return { ...me, cs: list.find((g) => g.course.course_number === 'CS 121')!, math: list.find((g) => g.course.course_number === 'MATH 124')! };
  }

  it('lists categories and their grades, newest first', async () => {
    const { client, cs } = await alexGradebooks();
    const categories = (await call(client, `/api/gradebooks/${cs.id}/categories`)).body.data;
    expect(categories.map((c: { category_name: string }) => c.category_name)).toEqual(['Homework', 'Midterm', 'Final']);
    expect(categories[0]).toEqual({ id: expect.any(Number), category_name: 'Homework', weight_percent: 40, drops: 1 });
    const grades = (await call(client, `/api/gradebooks/${cs.id}/categories/${categories[0].id}/grades`)).body.data;
    expect(grades.map((g: { name: string }) => g.name)).toEqual(['Homework 3', 'Homework 2', 'Homework 1']);
    expect(grades[0]).toEqual({
      id: expect.any(Number),
      name: 'Homework 3',
      gradebook: cs.id,
      grade_category: categories[0].id,
      points_recieved_hundreths: 1900,
      points_total_hundreths: 2000,
      due_date: expect.any(Number),
      grade_entered_date: expect.any(Number),
    });
  });

  it('creates and deletes categories and grades, refusing a duplicate grade name', async () => {
    const { client, math } = await alexGradebooks();
    const created = await post(client, `/api/gradebooks/${math.id}/categories`, { name: 'Quizzes', weight_percent: 30, drops: 2 });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(Number), category_name: 'Quizzes', weight_percent: 30, drops: 2 });
    const category = created.body.data.id;
    const grade = { name: 'Quiz 1', due_date: 1_790_000_000, points_recieved_hundreths: 850, points_total_hundreths: 1000 };
    const first = await post(client, `/api/gradebooks/${math.id}/categories/${category}/grades`, grade);
    expect(first.body.data).toMatchObject({ name: 'Quiz 1', due_date: 1_790_000_000, points_recieved_hundreths: 850 });
    const again = await post(client, `/api/gradebooks/${math.id}/categories/${category}/grades`, grade);
    expect(again.status).toBe(409);
    // Grade creation answers its refusals with the bare type name, the way the spec's own client reads them (CONTRACT.md).
    expect(again.body.error).toBe('GradeAlreadyExists');
    const removed = await call(client, `/api/gradebooks/${math.id}/categories/${category}/grades/${first.body.data.id}`, { method: 'DELETE' });
    expect(removed.body).toEqual({ status: 'success', data: { id: first.body.data.id } });
    await post(client, `/api/gradebooks/${math.id}/categories/${category}/grades`, grade);
    expect((await call(client, `/api/gradebooks/${math.id}/categories/${category}`, { method: 'DELETE' })).body.data).toEqual({ id: category });
    expect((await call(client, `/api/gradebooks/${math.id}/categories/${category}/grades`)).body.error.type).toBe('CategoryNotFound');
  });

  it('answers CategoryNotFound, GradebookNotFound and BadInput', async () => {
    const { client, math, cs } = await alexGradebooks();
    const csCategory = (await call(client, `/api/gradebooks/${cs.id}/categories`)).body.data[0].id;
    const grade = { name: 'X', due_date: 1_790_000_000, points_recieved_hundreths: 1, points_total_hundreths: 2 };
    expect((await post(client, `/api/gradebooks/${math.id}/categories/${csCategory}/grades`, grade)).body.error).toBe('CategoryNotFound');
    expect((await post(client, `/api/gradebooks/999999/categories/${csCategory}/grades`, grade)).body.error).toBe('GradebookNotFound');
    for (const bad of [
      { ...grade, points_total_hundreths: 0 },
      { ...grade, points_recieved_hundreths: -1 },
      { ...grade, name: '' },
      { ...grade, due_date: 'soon' },
    ]) {
      expect((await post(client, `/api/gradebooks/${cs.id}/categories/${csCategory}/grades`, bad)).body.error).toBe('BadInput');
    }
    for (const bad of [{ name: 'A', weight_percent: 101, drops: 0 }, { name: 'A', weight_percent: 10, drops: -1 }, { name: '', weight_percent: 10, drops: 0 }]) {
      expect((await post(client, `/api/gradebooks/${cs.id}/categories`, bad)).body.error.type).toBe('BadInput');
    }
  });

  it('archives a gradebook when the guarantee is waived', async () => {
    const { client, math } = await alexGradebooks();
    const { body } = await call(client, `/api/gradebooks/${math.id}/archive`, { method: 'POST' });
    expect(body.data).toMatchObject({ id: math.id, archived: true, course: { course_number: 'MATH 124' }, customer: { firstname: 'Alex', lastname: 'Rivera' } });
    expect((await call(client, `/api/gradebooks/999999/archive`, { method: 'POST' })).body.error.type).toBe('GradebookNotFound');
  });
});

describeApi('permissions between customers and staff', (ctx) => {
  it('refuses customer B everything of customer A', async () => {
    const a = await alex(ctx());
    const b = await newCustomer(ctx());
    const subscription = await ctx().database.db.selectFrom('subscriptions').select('id').where('customer_id', '=', a.id).executeTakeFirstOrThrow();
    const payment = await ctx().database.db.selectFrom('payments').select('id').where('customer_id', '=', a.id).where('payment_status', '=', 'subscription_pending').executeTakeFirstOrThrow();
    const gradebook = await ctx().database.db.selectFrom('gradebooks').select('id').where('customer_id', '=', a.id).executeTakeFirstOrThrow();
    const category = await ctx().database.db.selectFrom('grade_categories').select('id').where('gradebook_id', '=', gradebook.id).executeTakeFirst();

    expect((await call(b.client, `/api/payments/${payment.id}/skip`, { method: 'POST' })).body.error.type).toBe('NotAuthorized');
    expect((await call(b.client, `/api/subscriptions/${subscription.id}/cancel`, { method: 'POST' })).body.error.type).toBe('NotAuthorized');
    expect((await call(b.client, `/api/gradebooks/${gradebook.id}/categories`)).body.error.type).toBe('NotAuthorized');
    expect((await post(b.client, `/api/gradebooks/${gradebook.id}/categories`, { name: 'x', weight_percent: 1, drops: 0 })).body.error.type).toBe('NotAuthorized');
    if (category) {
      expect((await call(b.client, `/api/gradebooks/${gradebook.id}/categories/${category.id}/grades`)).body.error.type).toBe('NotAuthorized');
      const grade = { name: 'Sneaky', due_date: 1_790_000_000, points_recieved_hundreths: 1, points_total_hundreths: 1 };
      expect((await post(b.client, `/api/gradebooks/${gradebook.id}/categories/${category.id}/grades`, grade)).body.error).toBe('Unauthorized');
    }
    expect((await call(b.client, `/api/gradebooks/${gradebook.id}/archive`, { method: 'POST' })).body.error.type).toBe('Unauthorized');
    expect((await call(b.client, `/api/customers/${a.id}/gradebooks`)).body.error.type).toBe('NotAuthorized');
    expect((await call(b.client, '/api/customers/myself/payments')).body.data).toEqual([]);

    const untouched = await ctx().database.db.selectFrom('payments').select('payment_status').where('id', '=', payment.id).executeTakeFirstOrThrow();
    expect(untouched.payment_status).toBe('subscription_pending');
  });

  it('lets the tutor who teaches the course and supervisors read and write the gradebook, and no other tutor', async () => {
    const a = await alex(ctx());
    const gradebook = await ctx().database.db
      .selectFrom('gradebooks')
      .innerJoin('courses', 'courses.id', 'gradebooks.course_id')
      .select('gradebooks.id')
      .where('customer_id', '=', a.id)
      .where('course_number', '=', 'CS 121')
      .executeTakeFirstOrThrow();
    const jordan = ctx().client();
    await signInAs(ctx(), jordan, demoAccounts.tutor.email);
    const maya = ctx().client();
    await signInAs(ctx(), maya, demoAccounts.supervisor.email);
    const sam = ctx().client();
    await signInAs(ctx(), sam, 'sam@beacontutoring.com');

    expect((await call(jordan, `/api/gradebooks/${gradebook.id}/categories`)).body.status).toBe('success');
    expect((await call(maya, `/api/gradebooks/${gradebook.id}/categories`)).body.status).toBe('success');
    expect((await call(sam, `/api/gradebooks/${gradebook.id}/categories`)).body.error.type).toBe('NotAuthorized');
    expect((await post(jordan, `/api/gradebooks/${gradebook.id}/categories`, { name: 'Labs', weight_percent: 0, drops: 0 })).status).toBe(201);

    // Waiving the guarantee is the student's choice: a tutor may not archive, a supervisor may.
    expect((await call(jordan, `/api/gradebooks/${gradebook.id}/archive`, { method: 'POST' })).body.error.type).toBe('Unauthorized');
    expect((await call(maya, `/api/gradebooks/${gradebook.id}/archive`, { method: 'POST' })).body.data.archived).toBe(true);

    expect((await call(jordan, `/api/customers/${a.id}/gradebooks`)).body.data.map((g: { course: { course_number: string } }) => g.course.course_number)).toEqual(['CS 121']);
    expect((await call(maya, `/api/customers/${a.id}/gradebooks`)).body.data).toHaveLength(2);
    expect((await call(sam, `/api/customers/${a.id}/gradebooks`)).body.data).toEqual([]);
  });
});
