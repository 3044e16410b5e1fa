import type { Context } from 'hono';
import { z } from 'zod';
import { id } from '../../src/contract/schemas.ts';
import { fromNow, now } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import { BOOKED_STATUSES } from '../domain/booked.ts';
import { notAuthorized, Refusal } from '../domain/refusal.ts';
import type { Account } from '../domain/sessions.ts';
import { hashSecret, newSecret, sameHash } from '../domain/tokens.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/router.ts';
import { type AppEnv, requireAuth } from '../http/session.ts';
import { parseForm, parseParam } from '../http/validate.ts';
import { buildCalendar, type CalendarEntry } from '../notify/calendar.ts';
import { inOrder, meetingFacts } from '../notify/meeting-details.ts';
import { textOptOutSignature } from '../notify/planner.ts';

/** How far back the private feed still lists meetings (calendar apps keep what they had). */
const FEED_PAST_DAYS = 30;

const feedToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const textOptOutForm = z.object({ customer: id, signature: z.string().regex(/^[0-9a-f]{24}$/) });

/** The account of a session that may manage a private feed: a customer who proved their email or phone, or staff. */
function feedOwner(c: Context<AppEnv>): Account {
  const auth = requireAuth(c);
  if (auth.userType === 'customer') {
    // The contact form's session may not set up something its account's proven owner would then see.
    if (!auth.proven) throw notAuthorized();
    return { customerId: auth.customerId };
  }
  if (auth.role === 'Archived') throw notAuthorized();
  return { tutorId: auth.tutorId };
}

const ownerTable = (account: Account) => ('customerId' in account ? ('customers' as const) : ('tutors' as const));
const ownerId = (account: Account) => ('customerId' in account ? account.customerId : account.tutorId);

function calendarResponse(c: Context, body: string, filename: string | null) {
  return c.body(body, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    ...(filename ? { 'Content-Disposition': `attachment; filename="${filename}"` } : {}),
  });
}

/** Booked meetings of an account (a customer's own seats, or a tutor's sessions that have students). */
async function bookedMeetings(db: Db, account: Account, since: Date): Promise<CalendarEntry[]> {
  let query = db
    .selectFrom('payments as p')
    .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
    .innerJoin('customers as cu', 'cu.id', 'p.customer_id')
    .select(['m.id as meeting_id', 'cu.firstname', 'cu.lastname', 'cu.email'])
    .where('m.canceled', '=', false)
    .where('m.occurrence', '>=', since)
    .where('p.is_incremental', '=', false)
    .where('p.payment_status', 'in', BOOKED_STATUSES);
  query = 'customerId' in account ? query.where('p.customer_id', '=', account.customerId) : query.where('m.tutor_id', '=', account.tutorId);
  const rows = await query.execute();
  const facts = await meetingFacts(db, rows.map((r) => r.meeting_id));
  return inOrder(facts, rows.map((r) => r.meeting_id)).map((meeting) => ({
    meeting,
    attendees: rows.filter((r) => r.meeting_id === meeting.id).map((r) => ({ name: `${r.firstname} ${r.lastname}`.trim(), email: r.email })),
  }));
}

/**
 * Calendar calls (additive to the contract): a meeting's entry to download from its card, the
 * private feed (a secret URL calendar apps subscribe to, revocable by making a new one or turning
 * it off), and the one-click opt-out of reminder texts.
 */
export function calendarRoutes(db: Db, siteUrl: string) {
  const app = router();

  /** The same entry the invites carry (same UID and SEQUENCE), for the people on the meeting. */
  app.get('/meetings/:id/calendar', async (c) => {
    const auth = requireAuth(c);
    const meetingId = parseParam(c, 'id', id);
    const meeting = await db.selectFrom('meetings').select(['id', 'tutor_id', 'canceled']).where('id', '=', meetingId).executeTakeFirst();
    if (!meeting || meeting.canceled) throw new Refusal('MeetingNotFound');
    const account: Account = auth.userType === 'customer' ? { customerId: auth.customerId } : { tutorId: meeting.tutor_id };
    if (auth.userType === 'tutor' && auth.tutorId !== meeting.tutor_id && auth.role !== 'Supervisor') throw notAuthorized();
    const entry = (await bookedMeetings(db, account, new Date(0))).find((e) => e.meeting.id === meetingId);
    if (!entry) throw auth.userType === 'customer' ? notAuthorized() : new Refusal('MeetingNotFound');
    return calendarResponse(c, buildCalendar([entry], 'PUBLISH', siteUrl), `session-${meetingId}.ics`);
  });

  app.get('/calendar-feed', async (c) => {
    const account = feedOwner(c);
    const row = await db.selectFrom(ownerTable(account)).select(['calendar_token_hash', 'calendar_token_created_at']).where('id', '=', ownerId(account)).executeTakeFirstOrThrow();
    const created = row.calendar_token_hash && row.calendar_token_created_at ? Math.floor(new Date(row.calendar_token_created_at).getTime() / 1000) : null;
    return ok(c, { active: created !== null, created_epoch: created });
  });

  /** A new secret address (the old one stops working). Shown once: only its hash is kept. */
  app.post('/calendar-feed', async (c) => {
    const account = feedOwner(c);
    const token = newSecret();
    await db.updateTable(ownerTable(account)).set({ calendar_token_hash: hashSecret(token), calendar_token_created_at: now() }).where('id', '=', ownerId(account)).execute();
    return ok(c, { active: true, url: `${siteUrl}/api/calendar-feed/${token}.ics` }, 201);
  });

  app.delete('/calendar-feed', async (c) => {
    const account = feedOwner(c);
    await db.updateTable(ownerTable(account)).set({ calendar_token_hash: null, calendar_token_created_at: null }).where('id', '=', ownerId(account)).execute();
    return ok(c, { active: false, created_epoch: null });
  });

  /** The feed itself: no session (calendar apps have none), the secret in the address is the key. */
  app.get('/calendar-feed/:file', async (c) => {
    const parsed = feedToken.safeParse(c.req.param('file').replace(/\.ics$/, ''));
    if (!parsed.success) throw new Refusal('NotFound');
    const hash = hashSecret(parsed.data);
    const customer = await db.selectFrom('customers').select('id').where('calendar_token_hash', '=', hash).executeTakeFirst();
    const tutor = customer ? undefined : await db.selectFrom('tutors').select('id').where('calendar_token_hash', '=', hash).where('role', '!=', 'Archived').executeTakeFirst();
    const account: Account | undefined = customer ? { customerId: customer.id } : tutor ? { tutorId: tutor.id } : undefined;
    if (!account) throw new Refusal('NotFound');
    const entries = await bookedMeetings(db, account, fromNow(-FEED_PAST_DAYS * 24 * 3600_000));
    return calendarResponse(c, buildCalendar(entries, 'PUBLISH', siteUrl), null);
  });

  /** The one-click link of each reminder text; the signature ties it to the customer it was sent to. */
  app.post('/text-reminders/stop', async (c) => {
    const { customer, signature } = await parseForm(c, textOptOutForm);
    if (!sameHash(signature, await textOptOutSignature(db, customer))) throw new Refusal('BadToken');
    await db.updateTable('customers').set({ text_reminders: false }).where('id', '=', customer).execute();
    return ok(c, { text_reminders: false });
  });

  return app;
}
