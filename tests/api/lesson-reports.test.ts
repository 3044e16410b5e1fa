import { afterEach, beforeEach, expect, it } from 'vitest';
import { newCustomer, post } from './booking-helpers.ts';
import { call, describeApi, type TestClient, type TestContext } from './harness.ts';
import { bookedMeeting, freeHour, HOUR, jordan, jumpClock, maya, pinClock, priya, tutorMeeting } from './tutor-helpers.ts';

beforeEach(() => pinClock());
afterEach(() => pinClock());

/** A booked meeting of Jordan's that started half an hour ago (the clock is moved to it). */
async function startedMeeting(ctx: TestContext) {
  const tutor = await jordan(ctx);
  const start = await freeHour(ctx, tutor);
  const booked = await bookedMeeting(ctx, tutor, start);
  await jumpClock(ctx, new Date((start + HOUR / 2) * 1000));
  return { tutor, start, ...booked };
}

const notesOf = (client: TestClient, meetingId: number, fields: Record<string, string>) => post(client, `/api/meetings/${meetingId}/notes`, fields);

/** The meeting's report columns as stored. */
const stored = (ctx: TestContext, meetingId: number) =>
  ctx.database.db.selectFrom('meetings').select(['notes', 'attendance', 'homework', 'private_note']).where('id', '=', meetingId).executeTakeFirstOrThrow();

describeApi('lesson reports', (ctx) => {
  it('files attendance, homework and a private note with the summary, and staff read them back', async () => {
    const { tutor, meetingId } = await startedMeeting(ctx());
    const saved = await notesOf(tutor.client, meetingId, { notes: 'Recursion', attendance: 'late', homework: '  Exercises 3.1 to 3.4 ', private_note: 'Seemed tired' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ id: meetingId, notes: 'Recursion', attendance: 'late', homework: 'Exercises 3.1 to 3.4', private_note: 'Seemed tired' });
    expect((await tutorMeeting(tutor.client, meetingId))!.meeting).toMatchObject({ attendance: 'late', homework: 'Exercises 3.1 to 3.4', private_note: 'Seemed tired' });
    const lead = await maya(ctx());
    const recent = (await call(lead.client, '/api/meetings/recent?limit=50')).body.data as { meeting: { id: number } }[];
    expect(recent.find((m) => m.meeting.id === meetingId)!.meeting).toMatchObject({ notes: 'Recursion', attendance: 'late', private_note: 'Seemed tired' });
    expect((await tutorMeeting(lead.client, meetingId, tutor.id))!.meeting).toMatchObject({ private_note: 'Seemed tired' });

    // The spec's client sends the summary alone: the report stays as it was.
    expect((await notesOf(tutor.client, meetingId, { notes: 'Recursion and base cases' })).body.data).toMatchObject({ attendance: 'late', homework: 'Exercises 3.1 to 3.4', private_note: 'Seemed tired' });
    // Each field changes on its own; homework and the note can be emptied, attendance changed.
    await notesOf(tutor.client, meetingId, { notes: 'Recursion and base cases', attendance: 'attended', homework: '' });
    expect(await stored(ctx(), meetingId)).toEqual({ notes: 'Recursion and base cases', attendance: 'attended', homework: '', private_note: 'Seemed tired' });
  });

  it('shows a meeting without a report as not recorded', async () => {
    const { tutor, meetingId } = await startedMeeting(ctx());
    expect((await tutorMeeting(tutor.client, meetingId))!.meeting).toMatchObject({ attendance: null, homework: '', private_note: '' });
  });

  it('takes only the three attendance words and bounded texts, naming the field', async () => {
    const { tutor, meetingId } = await startedMeeting(ctx());
    const refusals = [
      [await notesOf(tutor.client, meetingId, { notes: 'x', attendance: 'absent' }), 'attendance'],
      [await notesOf(tutor.client, meetingId, { notes: 'x', attendance: '' }), 'attendance'],
      [await notesOf(tutor.client, meetingId, { notes: 'x', attendance: 'Attended' }), 'attendance'],
      [await notesOf(tutor.client, meetingId, { notes: 'x', homework: 'h'.repeat(1001) }), 'homework'],
      [await notesOf(tutor.client, meetingId, { notes: 'x', private_note: 'p'.repeat(1001) }), 'private_note'],
    ] as const;
    for (const [answer, field] of refusals) {
      expect(answer.status).toBe(400);
      expect(answer.body.error.type).toBe('BadInput');
      expect(Object.keys(answer.body.error.fields)).toEqual([field]);
    }
    expect(await stored(ctx(), meetingId)).toEqual({ notes: '', attendance: null, homework: '', private_note: '' });
    for (const word of ['attended', 'late', 'no-show']) expect((await notesOf(tutor.client, meetingId, { notes: 'x', attendance: word })).body.data.attendance).toBe(word);
    expect((await notesOf(tutor.client, meetingId, { notes: 'x', homework: 'h'.repeat(1000), private_note: 'p'.repeat(1000) })).status).toBe(200);
  });

  it('refuses to clear a submitted summary, and keeps it', async () => {
    const { tutor, meetingId } = await startedMeeting(ctx());
    // Before any summary, a report with an empty summary is fine (attendance first, summary later).
    expect((await notesOf(tutor.client, meetingId, { notes: '', attendance: 'no-show' })).status).toBe(200);
    await notesOf(tutor.client, meetingId, { notes: 'Did not come' });
    for (const empty of ['', '   ']) {
      const cleared = await notesOf(tutor.client, meetingId, { notes: empty, homework: 'Read chapter 4' });
      expect(cleared.status).toBe(409);
      expect(cleared.body.error).toEqual({ type: 'SummaryCannotBeCleared' });
    }
    // A supervisor cannot clear it either; a new summary replaces it.
    const lead = await maya(ctx());
    expect((await notesOf(lead.client, meetingId, { notes: '' })).body.error.type).toBe('SummaryCannotBeCleared');
    expect(await stored(ctx(), meetingId)).toEqual({ notes: 'Did not come', attendance: 'no-show', homework: '', private_note: '' });
    expect((await notesOf(tutor.client, meetingId, { notes: 'Came after 20 minutes' })).body.data.notes).toBe('Came after 20 minutes');
  });

  it('files the report once the meeting has started; the summary alone keeps the spec\'s rule', async () => {
    const tutor = await jordan(ctx());
    const start = await freeHour(ctx(), tutor);
    const { meetingId } = await bookedMeeting(ctx(), tutor, start);
    for (const field of [{ attendance: 'attended' }, { homework: 'Read chapter 4' }, { private_note: 'Prepare loops' }] as Record<string, string>[]) {
      const early = await notesOf(tutor.client, meetingId, { notes: 'Plan: loops', ...field });
      expect(early.status).toBe(409);
      expect(early.body.error.type).toBe('LessonNotStarted');
    }
    expect(await stored(ctx(), meetingId)).toEqual({ notes: '', attendance: null, homework: '', private_note: '' });
    expect((await notesOf(tutor.client, meetingId, { notes: 'Plan: loops' })).status).toBe(200);
    // At the start it is open.
    await jumpClock(ctx(), new Date(start * 1000));
    expect((await notesOf(tutor.client, meetingId, { notes: 'Loops', attendance: 'attended' })).body.data.attendance).toBe('attended');
  });

  it('lets only the meeting\'s tutor or a supervisor write the report', async () => {
    const { tutor, meetingId, customer } = await startedMeeting(ctx());
    const other = await priya(ctx());
    const stranger = ctx().client();
    const report = { notes: 'Not theirs', attendance: 'no-show', homework: 'Nothing', private_note: 'Not theirs' };
    const anotherTutor = await notesOf(other.client, meetingId, report);
    expect([anotherTutor.status, anotherTutor.body.error.type]).toEqual([403, 'NotAuthorized']);
    // The meeting's own customer included.
    const ownCustomer = await notesOf(customer.client, meetingId, report);
    expect([ownCustomer.status, ownCustomer.body.error.type]).toEqual([403, 'NotAuthorized']);
    const otherCustomer = await notesOf((await newCustomer(ctx())).client, meetingId, report);
    expect([otherCustomer.status, otherCustomer.body.error.type]).toEqual([403, 'NotAuthorized']);
    const anonymous = await notesOf(stranger, meetingId, report);
    expect([anonymous.status, anonymous.body.error.type]).toEqual([401, 'NoAuth']);
    expect(await stored(ctx(), meetingId)).toEqual({ notes: '', attendance: null, homework: '', private_note: '' });
    const lead = await maya(ctx());
    expect((await notesOf(lead.client, meetingId, { notes: 'Checked', attendance: 'attended', private_note: 'Supervisor looked' })).status).toBe(200);
    expect((await tutorMeeting(tutor.client, meetingId))!.meeting).toMatchObject({ notes: 'Checked', private_note: 'Supervisor looked' });
    expect((await notesOf(tutor.client, 987654, report)).body.error.type).toBe('MeetingNotFound');
  });

  it('shows the customer the homework and never the private note or the attendance, in any read', async () => {
    const { tutor, meetingId, customer } = await startedMeeting(ctx());
    const secret = 'PRIVATE-NOTE-7f3a parents asked about progress';
    await notesOf(tutor.client, meetingId, { notes: 'Loops and lists', attendance: 'no-show', homework: 'Exercises 5.1 to 5.3', private_note: secret });
    await ctx().notifier.settle();

    const payments = await call(customer.client, '/api/customers/myself/payments');
    expect(payments.status).toBe(200);
    const own = (payments.body.data as { meeting: Record<string, unknown> }[]).find((p) => p.meeting.id === meetingId)!;
    expect(own.meeting).toMatchObject({ homework: 'Exercises 5.1 to 5.3', notes: 'Loops and lists' });
    expect(own.meeting).not.toHaveProperty('private_note');
    expect(own.meeting).not.toHaveProperty('attendance');

    // Every read a customer has, as text: the note appears in none of them.
    const me = (await call(customer.client, '/api/customers/myself')).body.data as { id: number };
    const reads: string[] = [JSON.stringify(payments.body)];
    for (const path of ['/api/checkauth', '/api/customers/myself', '/api/customers/myself/gradebooks', `/api/customers/${me.id}/gradebooks`, '/api/calendar-feed', `/api/meetings/${meetingId}/calendar`]) {
      const response = await customer.client.fetch(path);
      expect(response.status, path).toBe(200);
      reads.push(await response.text());
    }
    const gradebooks = (await call(customer.client, '/api/customers/myself/gradebooks')).body.data as { id: number }[];
    expect(gradebooks.length).toBeGreaterThan(0);
    for (const gradebook of gradebooks) {
      const categories = await call(customer.client, `/api/gradebooks/${gradebook.id}/categories`);
      reads.push(JSON.stringify(categories.body));
      for (const category of (categories.body.data ?? []) as { id: number }[]) {
        reads.push(await (await customer.client.fetch(`/api/gradebooks/${gradebook.id}/categories/${category.id}/grades`)).text());
      }
    }
    const feed = new URL((await call(customer.client, '/api/calendar-feed', { method: 'POST' })).body.data.url as string);
    const feedText = await (await ctx().client().fetch(feed.pathname)).text();
    expect(feedText).toContain(`meeting-${meetingId}@`);
    reads.push(feedText);
    // The messages the customer was sent (emails, texts, invites).
    const { email, phone } = (await call(customer.client, '/api/customers/myself')).body.data as { email: string; phone: string };
    const mail = await ctx().database.db.selectFrom('outbox').select(['subject', 'text', 'html', 'ics']).where('to', 'in', [email, phone, `+1${phone}`]).execute();
    expect(mail.length).toBeGreaterThan(0);
    reads.push(JSON.stringify(mail));
    for (const read of reads) {
      expect(read).not.toContain('PRIVATE-NOTE-7f3a');
      expect(read).not.toContain('no-show');
    }
  });
});
