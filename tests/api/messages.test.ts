import { randomInt, randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { demoAccounts } from '../../server/demo/seed.ts';
import { textOptOutSignature } from '../../server/domain/calendar/calendar-feeds.ts';
import { queueMessages, SEND_MESSAGE, sendJobId, sendMessage, tellEvents } from '../../server/notify/delivery.ts';
import { smsGuard } from '../../server/notify/sms-guard.ts';
import type { Message } from '../../server/domain/sign-in/outgoing.ts';
import { MISSING_SUMMARY_TEXT } from '../../server/notify/templates.ts';
import { confirmOffline, newCustomer, post } from './booking-helpers.ts';
import { call, describeApi, type TestContext } from './harness.ts';
import { bookedMeeting, freeHour, freeWeeklyHour, HOUR, jordan, priya, jumpClock, offeringOf, pinClock } from './tutor-helpers.ts';

interface OutboxRow {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html: string | null;
  ics: string | null;
}

/** Waits until `done()` holds (the job queue's retry has come), polling; fails after 20 s. */
async function until(done: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 20_000;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out waiting for the job queue');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function outboxTo(ctx: TestContext, to: string): Promise<OutboxRow[]> {
  await ctx.notifier.settle();
  return ctx.database.db.selectFrom('outbox').select(['id', 'channel', 'to', 'subject', 'text', 'html', 'ics']).where('to', '=', to).orderBy('id').execute();
}

async function contactOf(ctx: TestContext, customerId: number) {
  return ctx.database.db.selectFrom('customers').select(['email', 'phone', 'firstname']).where('id', '=', customerId).executeTakeFirstOrThrow();
}

/** The events of an invite, read back with another library (ical.js) than the one that wrote it. */
function parseInvite(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const zone = calendar.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return {
    method: calendar.getFirstPropertyValue('method'),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        sequence: event.sequence,
        start: Math.floor(event.startDate.toJSDate().getTime() / 1000),
        tzid: vevent.getFirstProperty('dtstart')!.getParameter('tzid'),
        end: Math.floor(event.endDate.toJSDate().getTime() / 1000),
        location: event.location,
        status: vevent.getFirstPropertyValue('status'),
        organizer: String(vevent.getFirstPropertyValue('organizer')),
      };
    }),
  };
}

describeApi('messages about sessions and money', (ctx) => {
  beforeEach(pinClock);
  afterAll(pinClock);

  it('a booking sends the confirmation with its invite, the tutor an email and a text, and a receipt, once each', async () => {
    const tutor = await jordan(ctx());
    const start = await freeHour(ctx(), tutor);
    const { meetingId, customer, paymentId } = await bookedMeeting(ctx(), tutor, start);
    const who = await contactOf(ctx(), customer.id);

    // The two events' messages are sent by separate jobs: either may reach the outbox first.
    const mail = await outboxTo(ctx(), who.email);
    expect(mail.map((m) => m.subject).sort()).toEqual([expect.stringMatching(/^Receipt: \$\d+(\.\d\d)? for CS 121/), expect.stringMatching(/^You're booked: CS 121 with Jordan/)]);
    const confirmation = mail.find((m) => m.subject.startsWith("You're booked"));
    const receipt = mail.find((m) => m.subject.startsWith('Receipt'));
    expect(confirmation!.text).toContain(`Hi ${who.firstname},`);
    expect(confirmation!.text).toMatch(/P[SD]T/);
    expect(confirmation!.html).toContain('<a href="http://localhost:4321/student/dashboard"');
    const invite = parseInvite(confirmation!.ics!);
    expect(invite.method).toBe('REQUEST');
    expect(invite.events).toEqual([
      expect.objectContaining({ uid: `meeting-${meetingId}@localhost`, sequence: 0, start, end: start + HOUR, tzid: 'America/Los_Angeles', location: 'Online', status: 'CONFIRMED' }),
    ]);
    expect(invite.events[0]!.organizer).toMatch(/mailto:jordan/i);
    expect(receipt!.text).toContain('Card: ending in 4242');
    expect(receipt!.text).toContain(`Receipt number: ${paymentId}`);

    const tutorMail = await outboxTo(ctx(), demoAccounts.tutor.email);
    const notice = tutorMail.filter((m) => m.subject.startsWith('New booking'));
    expect(notice).toHaveLength(1);
    expect(parseInvite(notice[0]!.ics!).events[0]).toMatchObject({ uid: `meeting-${meetingId}@localhost` });
    const tutorPhone = (await ctx().database.db.selectFrom('tutors').select('phone').where('id', '=', tutor.id).executeTakeFirstOrThrow()).phone;
    expect((await outboxTo(ctx(), tutorPhone)).filter((m) => m.text.includes('booked CS 121'))).toHaveLength(1);

    // Telling the events again, twice at once (as two instances would), and sending every message's
    // job again (as a retry would), adds nothing: each key is written once and sent once.
    const jobs = { send: ctx().jobs.send, wake: ctx().jobs.wake };
    await Promise.all([tellEvents(ctx().database.db, jobs, 'http://localhost:4321'), tellEvents(ctx().database.db, jobs, 'http://localhost:4321')]);
    const keys = await ctx().database.db.selectFrom('notifications').select(['id', 'dedupe_key']).where('to_address', '=', who.email).execute();
    for (const row of keys) expect(await ctx().jobs.send(SEND_MESSAGE, { message: row.id }, { id: sendJobId(row.dedupe_key!) })).toBeNull();
    await Promise.all(keys.map((row) => sendMessage(ctx().database.db, { send: async () => expect.fail('sent twice') }, row.id, () => {})));
    await ctx().notifier.runAll();
    expect(await outboxTo(ctx(), who.email)).toHaveLength(2);
    expect((await outboxTo(ctx(), demoAccounts.tutor.email)).filter((m) => m.subject.startsWith('New booking'))).toHaveLength(1);
  });

  it('a move sends the updated invite (same UID, higher SEQUENCE) to the student and the tutor', async () => {
    const tutor = await jordan(ctx());
    // Free up to the later hour it is moved to.
    const start = await freeHour(ctx(), tutor, { minutes: 4 * 60 });
    const { meetingId, customer } = await bookedMeeting(ctx(), tutor, start);
    const who = await contactOf(ctx(), customer.id);
    expect((await post(tutor.client, `/api/meetings/${meetingId}/occurrence_epoch`, { occurrence_epoch: start + 2 * HOUR })).status).toBe(200);
    expect((await post(tutor.client, `/api/meetings/${meetingId}/occurrence_epoch`, { occurrence_epoch: start + 3 * HOUR })).status).toBe(200);
    await ctx().notifier.runAll();

    const moves = (await outboxTo(ctx(), who.email)).filter((m) => m.subject.startsWith('New time'));
    // Each move is told; the last invite carries the latest time and the highest SEQUENCE.
    const last = parseInvite(moves.at(-1)!.ics!);
    expect(last.events[0]).toMatchObject({ uid: `meeting-${meetingId}@localhost`, sequence: 2, start: start + 3 * HOUR });
    expect(moves.length).toBeGreaterThanOrEqual(1);
    expect(moves.length).toBeLessThanOrEqual(2);
    const tutorMoves = (await outboxTo(ctx(), demoAccounts.tutor.email)).filter((m) => m.subject.startsWith('New time') && m.ics?.includes(`meeting-${meetingId}@`));
    expect(parseInvite(tutorMoves.at(-1)!.ics!).events[0]).toMatchObject({ sequence: 2 });
  });

  it('a skip cancels the student\'s entry, tells the tutor by email and text, and sends the refund receipt', async () => {
    const tutor = await jordan(ctx());
    const start = await freeHour(ctx(), tutor);
    const { meetingId, customer, paymentId } = await bookedMeeting(ctx(), tutor, start);
    const who = await contactOf(ctx(), customer.id);
    expect((await call(customer.client, `/api/payments/${paymentId}/skip`, { method: 'POST' })).status).toBe(200);

    const mail = await outboxTo(ctx(), who.email);
    const canceled = mail.filter((m) => m.subject.startsWith('Canceled'));
    expect(canceled).toHaveLength(1);
    expect(canceled[0]!.subject).toMatch(/^Canceled: CS 121 on /);
    expect(canceled[0]!.text).toContain('Your tutor has been told');
    const invite = parseInvite(canceled[0]!.ics!);
    expect(invite.method).toBe('CANCEL');
    expect(invite.events[0]).toMatchObject({ uid: `meeting-${meetingId}@localhost`, status: 'CANCELLED' });
    expect(mail.filter((m) => m.subject.startsWith('Refund: '))).toHaveLength(1);

    const tutorMail = (await outboxTo(ctx(), demoAccounts.tutor.email)).filter((m) => m.subject.includes('skipped'));
    expect(tutorMail).toHaveLength(1);
    expect(parseInvite(tutorMail[0]!.ics!).method).toBe('CANCEL');
    const tutorPhone = (await ctx().database.db.selectFrom('tutors').select('phone').where('id', '=', tutor.id).executeTakeFirstOrThrow()).phone;
    expect((await outboxTo(ctx(), tutorPhone)).filter((m) => m.text.includes('skipped CS 121'))).toHaveLength(1);
  });

  it('a weekly booking is confirmed once with every week in its invite; canceling it sends one cancellation for the weeks left', async () => {
    const tutor = await jordan(ctx());
    const anchor = await freeWeeklyHour(ctx(), tutor);
    const slot = await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: anchor, tutor: 'myself' });
    expect(slot.status).toBe(201);
    const slotId = slot.body.data.id as number;
    const meetings = (await call(tutor.client, '/api/tutors/myself/meetings')).body.data as { meeting: { id: number; occurrence_epoch: number; slot_id?: number } }[];
    const firstMeeting = meetings.map((m) => m.meeting).filter((m) => m.occurrence_epoch >= anchor).sort((a, b) => a.occurrence_epoch - b.occurrence_epoch)[0]!;
    const customer = await newCustomer(ctx());
    const intent = await post(customer.client, '/api/subscriptions', { meeting: firstMeeting.id, slot: slotId, offering: await offeringOf(ctx(), tutor.id, 'CS 121'), capacity: 1, course_style: 'online', text_reminders: 'false' });
    expect(intent.status).toBe(201);
    expect((await confirmOffline(customer.client, intent.body.data.client_secret, '4242424242424242')).body.data.status).toBe('succeeded');
    const who = await contactOf(ctx(), customer.id);
    const weeks = await ctx().database.db.selectFrom('payments').select(['id', 'meeting_id']).where('customer_id', '=', customer.id).where('payment_status', 'in', ['succeeded', 'subscription_pending']).execute();
    expect(weeks.length).toBeGreaterThan(3);

    const confirmations = (await outboxTo(ctx(), who.email)).filter((m) => m.subject.startsWith("You're booked: weekly"));
    expect(confirmations).toHaveLength(1);
    const invite = parseInvite(confirmations[0]!.ics!);
    expect(invite.events.map((e) => e.uid).sort()).toEqual(weeks.map((w) => `meeting-${w.meeting_id}@localhost`).sort());
    // Every week keeps its wall-clock time in the site's zone, across daylight-saving changes.
    const wallClock = new Set(invite.events.map((e) => new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', minute: '2-digit' }).format(new Date(e.start * 1000))));
    expect(wallClock.size).toBe(1);
    expect((await ctx().database.db.selectFrom('customers').select('text_reminders').where('id', '=', customer.id).executeTakeFirstOrThrow()).text_reminders).toBe(false);

    const subscription = (await call(customer.client, '/api/customers/myself/payments')).body.data.find((p: { subscription: { id: number } | null }) => p.subscription)?.subscription.id;
    expect((await call(customer.client, `/api/subscriptions/${subscription}/cancel`, { method: 'POST' })).status).toBe(200);
    const canceled = (await outboxTo(ctx(), who.email)).filter((m) => m.subject.startsWith('Canceled: weekly'));
    expect(canceled).toHaveLength(1);
    const cancelInvite = parseInvite(canceled[0]!.ics!);
    expect(cancelInvite.method).toBe('CANCEL');
    expect(cancelInvite.events.length).toBeGreaterThan(3);
    expect(cancelInvite.events.every((e) => e.location === 'Online')).toBe(true);
    expect(canceled[0]!.subject).toMatch(/^Canceled: weekly CS 121 with Jordan/);
    expect((await outboxTo(ctx(), demoAccounts.tutor.email)).filter((m) => m.subject.endsWith('canceled their weekly sessions'))).toHaveLength(1);
  });

  it('reminds 24 hours and 1 hour ahead, once each, by email and text, never for a skipped meeting, again after a move; the text link turns texts off', async () => {
    const tutor = await priya(ctx());
    // The two hours before it are free for the move below; 36 hours ahead, so the day before it can still be skipped.
    const start = await freeHour(ctx(), tutor, { before: 2 * HOUR, from: Math.floor(nowMs() / 1000) + 36 * HOUR });
    const { meetingId, customer } = await bookedMeeting(ctx(), tutor, start, 'MATH 124');
    // Skipped, and due for reminders when the first one's are sent, clear of the hours it is moved to.
    const skippedStart = await freeHour(ctx(), tutor, { from: start - 22 * HOUR, until: start - 3 * HOUR });
    const skipped = await bookedMeeting(ctx(), tutor, skippedStart, 'MATH 124');
    expect((await call(skipped.customer.client, `/api/payments/${skipped.paymentId}/skip`, { method: 'POST' })).status).toBe(200);
    const who = await contactOf(ctx(), customer.id);
    const reminders = async (to: string) => (await outboxTo(ctx(), to)).filter((m) => /Reminder|No more reminder texts/.test(`${m.subject} ${m.text}`));

    await jumpClock(ctx(), new Date((start - 23 * HOUR) * 1000));
    await ctx().notifier.runAll();
    await ctx().notifier.runAll();
    expect((await reminders(who.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Reminder: MATH 124 tomorrow/)]);
    const texts = await reminders(who.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toMatch(/No more reminder texts: http:\/\/localhost:4321\/texts\/stop\?c=\d+&s=[0-9a-f]{24}/);
    expect((await reminders((await contactOf(ctx(), skipped.customer.id)).email))).toEqual([]);
    expect((await outboxTo(ctx(), 'priya@beacontutoring.com')).filter((m) => m.subject.startsWith('Reminder') && m.text.includes(who.firstname))).toHaveLength(1);

    // The link in the text turns texts off (a wrong signature does not).
    const link = new URL(texts[0]!.text.match(/http\S+/)![0]);
    expect((await post(customer.client, '/api/text-reminders/stop', { customer: link.searchParams.get('c')!, signature: '0'.repeat(24) })).body.error.type).toBe('BadToken');
    expect((await post(ctx().client(), '/api/text-reminders/stop', { customer: link.searchParams.get('c')!, signature: link.searchParams.get('s')! })).body.data).toEqual({ text_reminders: false });

    // Moved two hours earlier: reminded again for the new time (email only now).
    expect((await post(tutor.client, `/api/meetings/${meetingId}/occurrence_epoch`, { occurrence_epoch: start - 2 * HOUR })).status).toBe(200);
    await ctx().notifier.runAll();
    expect((await reminders(who.email)).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(2);
    expect(await reminders(who.phone)).toHaveLength(1);

    await jumpClock(ctx(), new Date((start - 2 * HOUR - 50 * 60) * 1000));
    await Promise.all([ctx().notifier.runAll(), ctx().notifier.runAll()]);
    expect((await reminders(who.email)).map((m) => m.subject).at(-1)).toMatch(/^Reminder: MATH 124 in an hour/);
    expect((await reminders(who.email)).filter((m) => m.subject.includes('in an hour'))).toHaveLength(1);
  });

  it('sends the tutor one digest a day of finished sessions still missing a summary', async () => {
    const tutor = await jordan(ctx());
    const start = await freeHour(ctx(), tutor);
    const { meetingId } = await bookedMeeting(ctx(), tutor, start);
    // 18:30 in the site's zone, the evening after the session.
    const evening = new Date((start + 2 * HOUR) * 1000);
    const local = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', hourCycle: 'h23' }).format(evening);
    await jumpClock(ctx(), new Date(evening.getTime() + ((18 - Number(local) + 24) % 24) * 3600_000 + 30 * 60_000));
    const before = (await outboxTo(ctx(), demoAccounts.tutor.email)).at(-1)?.id ?? 0;
    await ctx().notifier.runAll();
    await ctx().notifier.runAll();
    const digests = (await outboxTo(ctx(), demoAccounts.tutor.email)).filter((m) => m.id > before && m.text.includes(MISSING_SUMMARY_TEXT));
    expect(digests).toHaveLength(1);
    const facts = await ctx().database.db.selectFrom('meetings').select('occurrence').where('id', '=', meetingId).executeTakeFirstOrThrow();
    expect(digests[0]!.text).toContain(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', month: 'long', day: 'numeric' }).format(new Date(facts.occurrence)));
  });

  it('retries a message whose send failed (the job queue\'s retry) and sends it once it goes through; nothing is lost or doubled', async () => {
    const db = ctx().database.db;
    const key = `test:retry:${randomUUID()}`;
    const message = { channel: 'email' as const, to: `retry-${randomUUID()}@example.com`, subject: 'Receipt: test', text: 'hello', key };
    const row = () => db.selectFrom('notifications').select(['status', 'attempts', 'last_error']).where('dedupe_key', '=', key).executeTakeFirstOrThrow();
    const jobs = { send: ctx().jobs.send, wake: ctx().jobs.wake };
    ctx().senderFault.fails = (m) => (m.to === message.to ? new Error('SMTP 421 try again later') : undefined);
    try {
      expect(await db.transaction().execute((trx) => queueMessages(trx, jobs, [message]))).toBe(1);
      expect(await db.transaction().execute((trx) => queueMessages(trx, jobs, [message]))).toBe(0);
      ctx().jobs.wake(SEND_MESSAGE);
      // The first try fails: the message waits for the queue's retry, its error kept.
      await until(async () => (await row()).attempts >= 1 && (await row()).status === 'queued');
      expect(await row()).toMatchObject({ status: 'queued', last_error: 'SMTP 421 try again later' });
    } finally {
      ctx().senderFault.fails = undefined;
    }
    // The retry (a second later in the suites) goes through, once.
    await until(async () => (await row()).status === 'sent');
    await ctx().notifier.settle();
    expect(await outboxTo(ctx(), message.to)).toHaveLength(1);
    expect((await row()).attempts).toBe(2);
  });

  it('texts every booking notice to a busy tutor, while login codes to one number stay capped', async () => {
    const db = ctx().database.db;
    const texted: Message[] = [];
    const guard = smsGuard({ send: async (m) => void texted.push(m) }, db, 500);
    const number = `206777${String(randomInt(10_000)).padStart(4, '0')}`;
    // Written without send jobs (this test sends them itself, through the guard).
    const noJobs = { send: async () => null, wake: () => {} };
    const notices = Array.from({ length: 8 }, (_, i) => ({ key: `test:notice:${number}:${i}`, channel: 'sms' as const, to: number, subject: '', text: `notice ${i}` }));
    await db.transaction().execute((trx) => queueMessages(trx, noJobs, notices));
    const rows = await db.selectFrom('notifications').select('id').where('to_address', '=', number).execute();
    for (const row of rows) expect(await sendMessage(db, guard, row.id, () => {})).toBe('sent');
    expect(texted.filter((m) => m.to === number)).toHaveLength(8);
    // Codes the account's owner asked for (from an address it signed in from): the number's whole caps.
    const codes = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => guard.send({ channel: 'sms', to: number, subject: '', text: `code ${i}`, fromSignInAddress: true })));
    expect(codes.filter((c) => c.status === 'fulfilled')).toHaveLength(3);
  });

  it('serves a meeting\'s entry to the people on it, and a private feed that can be revoked', async () => {
    const tutor = await jordan(ctx());
    const start = await freeHour(ctx(), tutor);
    const { meetingId, customer } = await bookedMeeting(ctx(), tutor, start);

    const download = await customer.client.fetch(`/api/meetings/${meetingId}/calendar`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="session-${meetingId}.ics"`);
    const entry = parseInvite(await download.text());
    expect(entry.method).toBe('PUBLISH');
    expect(entry.events[0]).toMatchObject({ uid: `meeting-${meetingId}@localhost`, start });
    expect((await tutor.client.fetch(`/api/meetings/${meetingId}/calendar`)).status).toBe(200);
    const stranger = await newCustomer(ctx());
    expect((await call(stranger.client, `/api/meetings/${meetingId}/calendar`)).body.error.type).toBe('NotAuthorized');
    expect((await call(ctx().client(), `/api/meetings/${meetingId}/calendar`)).body.error.type).toBe('NoAuth');

    expect((await call(customer.client, '/api/calendar-feed')).body.data).toEqual({ active: false, created_epoch: null });
    const made = await call(customer.client, '/api/calendar-feed', { method: 'POST' });
    expect(made.status).toBe(201);
    const url = new URL(made.body.data.url as string);
    expect(url.pathname).toMatch(/^\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await ctx().client().fetch(url.pathname);
    expect(feed.status).toBe(200);
    expect(parseInvite(await feed.text()).events.map((e) => e.uid)).toContain(`meeting-${meetingId}@localhost`);
    expect((await call(customer.client, '/api/calendar-feed')).body.data.active).toBe(true);

    // A new link revokes the old one; turning it off revokes every link.
    const renewed = new URL((await call(customer.client, '/api/calendar-feed', { method: 'POST' })).body.data.url as string);
    expect((await ctx().client().fetch(url.pathname)).status).toBe(404);
    expect((await ctx().client().fetch(renewed.pathname)).status).toBe(200);
    expect((await call(customer.client, '/api/calendar-feed', { method: 'DELETE' })).status).toBe(200);
    expect((await ctx().client().fetch(renewed.pathname)).status).toBe(404);
    expect((await ctx().client().fetch('/api/calendar-feed/not-a-token.ics')).status).toBe(404);
  });

  it('lets only a proven session set up a feed, and signs each opt-out link for its customer', async () => {
    const customer = await newCustomer(ctx());
    await ctx().database.db.updateTable('sessions').set({ proven: false }).where('customer_id', '=', customer.id).execute();
    expect((await call(customer.client, '/api/calendar-feed', { method: 'POST' })).body.error.type).toBe('NotAuthorized');
    const other = await newCustomer(ctx());
    const signature = await textOptOutSignature(ctx().database.db, other.id);
    expect((await post(ctx().client(), '/api/text-reminders/stop', { customer: customer.id, signature })).body.error.type).toBe('BadToken');
  });
});
