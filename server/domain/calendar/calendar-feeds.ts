import { fromNow, now } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { buildCalendar, type CalendarEntry } from './ics.ts';
import { inOrder, meetingFacts } from '../meetings/meeting-facts.ts';
import { keyedHash } from '../sign-in/keyed-hash.ts';
import { BOOKED_STATUSES } from '../booking/booked.ts';
import { notAuthorized, Refusal } from '../refusal.ts';
import type { Account, Auth } from '../sign-in/sign-ins.ts';
import { hashSecret, newSecret, sameHash } from '../sign-in/tokens.ts';

/**
 * Calendars (additive to the contract): a meeting's entry to download from its card, the private
 * feed (a secret address calendar apps subscribe to, revocable by making a new one or turning it
 * off), and the one-click opt-out of reminder texts. Entries are the invites' own (same UID and
 * SEQUENCE, notify/calendar.ts).
 */

/** How far back the private feed still lists meetings (calendar apps keep what they had). */
const FEED_PAST_DAYS = 30;

/** The account of a sign-in that may manage a private feed: a customer who proved their email or phone, or staff. */
export function feedOwnerOf(auth: Auth): Account {
  if (auth.userType === 'customer') {
    // The contact form's sign-in may not set up something its account's proven owner would then see.
    if (!auth.proven) throw notAuthorized();
    return { customerId: auth.customerId };
  }
  if (auth.role === 'Archived') throw notAuthorized();
  return { tutorId: auth.tutorId };
}

const ownerTable = (account: Account) => ('customerId' in account ? ('customers' as const) : ('tutors' as const));
const ownerId = (account: Account) => ('customerId' in account ? account.customerId : account.tutorId);

/** Booked meetings of an account (a customer's own seats, or a tutor's meetings that have students). */
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

/** One meeting's entry (iCalendar text), for the people on it: its customers, its tutor, a supervisor. */
export async function meetingCalendar(db: Db, auth: Auth, meetingId: number, siteUrl: string): Promise<string> {
  const meeting = await db.selectFrom('meetings').select(['id', 'tutor_id', 'canceled']).where('id', '=', meetingId).executeTakeFirst();
  if (!meeting || meeting.canceled) throw new Refusal('MeetingNotFound');
  const account: Account = auth.userType === 'customer' ? { customerId: auth.customerId } : { tutorId: meeting.tutor_id };
  if (auth.userType === 'tutor' && auth.tutorId !== meeting.tutor_id && auth.role !== 'Supervisor') throw notAuthorized();
  const entry = (await bookedMeetings(db, account, new Date(0))).find((e) => e.meeting.id === meetingId);
  if (!entry) throw auth.userType === 'customer' ? notAuthorized() : new Refusal('MeetingNotFound');
  return buildCalendar([entry], 'PUBLISH', siteUrl);
}

export interface FeedState {
  active: boolean;
  created_epoch: number | null;
}

export async function feedState(db: Db, account: Account): Promise<FeedState> {
  const row = await db.selectFrom(ownerTable(account)).select(['calendar_token_hash', 'calendar_token_created_at']).where('id', '=', ownerId(account)).executeTakeFirstOrThrow();
  const created = row.calendar_token_hash && row.calendar_token_created_at ? Math.floor(new Date(row.calendar_token_created_at).getTime() / 1000) : null;
  return { active: created !== null, created_epoch: created };
}

/** A new secret feed address (the old one stops working). Shown once: only its hash is kept. */
export async function newFeedAddress(db: Db, account: Account, siteUrl: string): Promise<string> {
  const token = newSecret();
  await db.updateTable(ownerTable(account)).set({ calendar_token_hash: hashSecret(token), calendar_token_created_at: now() }).where('id', '=', ownerId(account)).execute();
  return `${siteUrl}/api/calendar-feed/${token}.ics`;
}

export async function turnFeedOff(db: Db, account: Account): Promise<FeedState> {
  await db.updateTable(ownerTable(account)).set({ calendar_token_hash: null, calendar_token_created_at: null }).where('id', '=', ownerId(account)).execute();
  return { active: false, created_epoch: null };
}

/** The feed of a secret (iCalendar text): no sign-in (calendar apps have none), the secret is the key. NotFound for any other. */
export async function feedCalendar(db: Db, token: string, siteUrl: string): Promise<string> {
  const hash = hashSecret(token);
  const customer = await db.selectFrom('customers').select('id').where('calendar_token_hash', '=', hash).executeTakeFirst();
  const tutor = customer ? undefined : await db.selectFrom('tutors').select('id').where('calendar_token_hash', '=', hash).where('role', '!=', 'Archived').executeTakeFirst();
  const account: Account | undefined = customer ? { customerId: customer.id } : tutor ? { tutorId: tutor.id } : undefined;
  if (!account) throw new Refusal('NotFound');
  return buildCalendar(await bookedMeetings(db, account, fromNow(-FEED_PAST_DAYS * 24 * 3600_000)), 'PUBLISH', siteUrl);
}

/** The one-click link of each reminder text: its signature ties it to the customer it was sent to. */
export async function stopTextReminders(db: Db, customerId: number, signature: string): Promise<void> {
  if (!sameHash(signature, await textOptOutSignature(db, customerId))) throw new Refusal('BadToken');
  await db.updateTable('customers').set({ text_reminders: false }).where('id', '=', customerId).execute();
}

/** The signature of a customer's one-click link that turns reminder texts off (the reminders carry it). */
export async function textOptOutSignature(db: Db, customerId: number): Promise<string> {
  return (await keyedHash(db, `text-reminders:${customerId}`)).slice(0, 24);
}
