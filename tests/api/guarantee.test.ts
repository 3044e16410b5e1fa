import { afterEach, expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { site } from '../../src/config/site.ts';
import { dayInZone } from '../../src/lib/site-days.ts';
import { newCustomer, post } from './booking-helpers.ts';
import { bookingOf, buyHours, creditsOf } from './credit-helpers.ts';
import { call, describeApi, type TestClient, type TestContext } from './harness.ts';
import { freeHour, jordan, jumpClock, maya, offeringOf, pinClock } from './tutor-helpers.ts';

afterEach(() => pinClock());

const DAY_S = 24 * 3600;

/** Books `n` new one-on-one CS 121 hours of Jordan's with the customer's hours; returns the last start (epoch seconds). */
async function bookSessions(ctx: TestContext, client: TestClient, n: number): Promise<number> {
  const tutor = await jordan(ctx);
  const offering = { id: await offeringOf(ctx, tutor.id, 'CS 121') };
  let last = 0;
  for (let i = 0; i < n; i++) {
    const start = await freeHour(ctx, tutor.id);
    const created = await post(tutor.client, '/api/meetings', { occurrence_epoch: start, tutor: 'myself' });
    const booked = await post(client, '/api/payments', { ...bookingOf({ id: created.body.data.id, offering }), pay_with: 'credits' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    last = Math.max(last, start);
  }
  return last;
}

const guarantee = async (client: TestClient, gradebookId: number) => {
  const answer = await call(client, `/api/gradebooks/${gradebookId}/guarantee`);
  return { status: answer.status, body: answer.body };
};

describeApi('the pass guarantee, counted', (ctx) => {
  it('counts the sessions held in the course, is eligible at 12 hours with every grade on time, and is lost by a late grade', async () => {
    const student = await newCustomer(ctx());
    await buyHours(ctx(), student.client);
    await buyHours(ctx(), student.client);
    const firstLast = await bookSessions(ctx(), student.client, 3);
    const [gradebook] = (await call(student.client, '/api/customers/myself/gradebooks')).body.data as { id: number }[];
    // Booked, not held yet: nothing counts.
    expect((await guarantee(student.client, gradebook!.id)).body.data).toEqual({
      status: 'tracking',
      hours_counted: 0,
      hours_required: 12,
      classes_counted: 0,
      classes_required: null,
      late_grades: 0,
      claim_open_until: null,
      reasons: ['12 hours more of tutoring (one-on-one sessions count 60 minutes, group-of-two 40).'],
    });
    await jumpClock(ctx(), new Date((firstLast + 2 * 3600) * 1000));
    expect((await guarantee(student.client, gradebook!.id)).body.data).toMatchObject({ status: 'tracking', hours_counted: 3, classes_counted: 3 });

    const last = await bookSessions(ctx(), student.client, 9);
    await jumpClock(ctx(), new Date((last + 2 * 3600) * 1000));
    const category = await post(student.client, `/api/gradebooks/${gradebook!.id}/categories`, { name: 'Exams', weight_percent: 100, drops: 0 });
    expect(category.status, JSON.stringify(category.body)).toBe(201);
    const grade = (name: string, daysAgo: number) =>
      post(student.client, `/api/gradebooks/${gradebook!.id}/categories/${category.body.data.id}/grades`, { name, due_date: Math.floor(nowMs() / 1000) - daysAgo * DAY_S, points_recieved_hundreths: 8000, points_total_hundreths: 10000 });
    expect((await grade('Midterm', 2)).status).toBe(201);
    const eligible = (await guarantee(student.client, gradebook!.id)).body.data;
    expect(eligible).toMatchObject({ status: 'eligible', hours_counted: 12, classes_counted: 12, late_grades: 0, reasons: [] });
    expect(eligible.claim_open_until).toBe(Math.floor(nowMs() / 1000) + 7 * DAY_S);

    // The tutor of the course and a supervisor read it too; another customer may not.
    const tutor = await jordan(ctx());
    expect((await guarantee(tutor.client, gradebook!.id)).body.data.status).toBe('eligible');
    expect((await guarantee((await maya(ctx())).client, gradebook!.id)).body.data.status).toBe('eligible');
    const stranger = await newCustomer(ctx());
    expect((await guarantee(stranger.client, gradebook!.id)).body.error.type).toBe('NotAuthorized');
    expect((await guarantee(student.client, 999_999)).body.error.type).toBe('GradebookNotFound');

    // A grade entered 8 days after its date loses it, and says which.
    expect((await grade('Quiz 4', 8)).status).toBe(201);
    expect((await guarantee(student.client, gradebook!.id)).body.data).toMatchObject({ status: 'lost', late_grades: 1, claim_open_until: null, reasons: ['A grade was entered more than 7 days after its date: Quiz 4.'] });
  });

  it('is waived once the student waives it (the gradebook archived)', async () => {
    const student = await newCustomer(ctx());
    await buyHours(ctx(), student.client);
    await bookSessions(ctx(), student.client, 1);
    const [gradebook] = (await call(student.client, '/api/customers/myself/gradebooks')).body.data as { id: number }[];
    expect((await call(student.client, `/api/gradebooks/${gradebook!.id}/archive`, { method: 'POST' })).status).toBe(200);
    expect((await guarantee(student.client, gradebook!.id)).body.data).toMatchObject({ status: 'waived', reasons: ['The guarantee was waived for this course.'] });
  });

  it('takes a claim once eligible; a supervisor approves it, and every payment of the course is refunded: the card’s charge, and the hours at their price', async () => {
    const student = await newCustomer(ctx(), true);
    await buyHours(ctx(), student.client);
    await buyHours(ctx(), student.client);
    await bookSessions(ctx(), student.client, 11);
    // One session paid by the card on file (charged at once).
    const tutor = await jordan(ctx());
    const start = await freeHour(ctx(), tutor.id);
    const created = await post(tutor.client, '/api/meetings', { occurrence_epoch: start, tutor: 'myself' });
    const byCard = await post(student.client, '/api/payments', bookingOf({ id: created.body.data.id, offering: { id: await offeringOf(ctx(), tutor.id, 'CS 121') } }));
    expect(byCard.body.data.status).toBe('succeeded');
    const [gradebook] = (await call(student.client, '/api/customers/myself/gradebooks')).body.data as { id: number }[];
    const lead = await maya(ctx());

    // Not eligible yet: refused.
    expect((await post(student.client, `/api/gradebooks/${gradebook!.id}/guarantee/claim`, { final_grade: 'D' })).body.error.type).toBe('NotEligible');
    const lastStart = Math.max(start, ...(await ctx().database.db.selectFrom('meetings as m').innerJoin('payments as p', 'p.meeting_id', 'm.id').select('m.occurrence').where('p.customer_id', '=', student.id).execute()).map((m) => new Date(m.occurrence).getTime() / 1000));
    await jumpClock(ctx(), new Date((lastStart + 2 * 3600) * 1000));
    const claimed = await post(student.client, `/api/gradebooks/${gradebook!.id}/guarantee/claim`, { final_grade: ' D ' });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
    expect(claimed.body.data).toMatchObject({ status: 'open', final_grade: 'D', hours_counted: 12, classes_counted: 12, refund_cents: null });
    expect((await guarantee(student.client, gradebook!.id)).body.data.status).toBe('claimed');
    expect((await post(student.client, `/api/gradebooks/${gradebook!.id}/guarantee/claim`, { final_grade: 'F' })).body.error.type).toBe('AlreadyClaimed');
    // Only the student claims; only supervisors list and decide.
    expect((await post((await newCustomer(ctx())).client, `/api/gradebooks/${gradebook!.id}/guarantee/claim`, { final_grade: 'D' })).body.error.type).toBe('NotAuthorized');
    expect((await call(tutor.client, '/api/guarantee-claims')).status).toBe(403);
    expect((await post(tutor.client, `/api/guarantee-claims/${claimed.body.data.id}/approve`, {})).status).toBe(403);
    const listed = (await call(lead.client, '/api/guarantee-claims')).body.data;
    expect(listed.find((c: { id: number }) => c.id === claimed.body.data.id)).toMatchObject({ customer: { id: student.id }, course: { course_number: 'CS 121' }, status: 'open' });

    const today = dayInZone(nowMs(), site.timeZone);
    const figures = async () => (await call(lead.client, `/api/reports?from=${today}&to=${today}`)).body.data.guarantee;
    const before = await figures();
    const approved = await post(lead.client, `/api/guarantee-claims/${claimed.body.data.id}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    // $55 by card, and 11 hours of $500-for-10 packages ($50 an hour).
    expect(approved.body.data).toMatchObject({ status: 'approved', refund_cents: 5500 + 11 * 5000, decided_by: 'Maya Chen' });
    const card = await ctx().database.db.selectFrom('payments').select(['payment_status', 'refunded_at']).where('id', '=', byCard.body.data.payment_id).executeTakeFirstOrThrow();
    expect(card).toEqual({ payment_status: 'canceled', refunded_at: expect.any(Date) });
    const hours = await ctx().database.db.selectFrom('credit_refunds as r').innerJoin('credit_lots as l', 'l.id', 'r.lot_id').select(['r.hours', 'r.amount_cents', 'r.refunded_at']).where('l.customer_id', '=', student.id).orderBy('r.id').execute();
    expect(hours).toEqual([
      { hours: 10, amount_cents: 50000, refunded_at: expect.any(Date) },
      { hours: 1, amount_cents: 5000, refunded_at: expect.any(Date) },
    ]);
    expect((await post(lead.client, `/api/guarantee-claims/${claimed.body.data.id}/approve`, {})).body.error.type).toBe('AlreadyClaimed');
    // Reports: the claim approved today, what it refunded, and a refund rate over the courses kept guaranteed.
    const after = await figures();
    expect({ approved: after.approved - before.approved, refunded_cents: after.refunded_cents - before.refunded_cents }).toEqual({ approved: 1, refunded_cents: 60500 });
    expect(after.refund_rate).toBeGreaterThan(0);
    expect(after.refund_rate).toBeLessThanOrEqual(1);
    expect((await guarantee(student.client, gradebook!.id)).body.data.status).toBe('refunded');
    await ctx().notifier.settle();
    const email = (await call(student.client, '/api/customers/myself')).body.data.email;
    const subjects = (await ctx().database.db.selectFrom('outbox').select('subject').where('to', '=', email).execute()).map((m) => m.subject);
    expect(subjects).toContain('Your pass guarantee claim for CS 121 is approved');
  });

  it('a supervisor declines a claim, saying why, and the student is told', async () => {
    const student = await newCustomer(ctx());
    await buyHours(ctx(), student.client);
    await buyHours(ctx(), student.client);
    const last = await bookSessions(ctx(), student.client, 12);
    await jumpClock(ctx(), new Date((last + 2 * 3600) * 1000));
    const [gradebook] = (await call(student.client, '/api/customers/myself/gradebooks')).body.data as { id: number }[];
    const claim = (await post(student.client, `/api/gradebooks/${gradebook!.id}/guarantee/claim`, { final_grade: 'C' })).body.data;
    const lead = await maya(ctx());
    expect((await post(lead.client, `/api/guarantee-claims/${claim.id}/decline`, { reason: ' ' })).body.error.type).toBe('BadInput');
    const declined = await post(lead.client, `/api/guarantee-claims/${claim.id}/decline`, { reason: 'A C is a pass for this course.' });
    expect(declined.body.data).toMatchObject({ status: 'declined', decline_reason: 'A C is a pass for this course.', refund_cents: null });
    expect((await guarantee(student.client, gradebook!.id)).body.data).toMatchObject({ status: 'declined', reasons: ['The claim was declined: A C is a pass for this course.'] });
    expect(await creditsOf(student.client)).toBe(8);
    await ctx().notifier.settle();
    const email = (await call(student.client, '/api/customers/myself')).body.data.email;
    const told = await ctx().database.db.selectFrom('outbox').select('text').where('to', '=', email).where('subject', '=', 'Your pass guarantee claim for CS 121').executeTakeFirstOrThrow();
    expect(told.text).toContain('A C is a pass for this course.');
    expect((await post(lead.client, '/api/guarantee-claims/999999/approve', {})).body.error.type).toBe('ClaimNotFound');
  });
});
