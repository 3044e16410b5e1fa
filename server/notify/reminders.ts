/**
 * The messages that come from time rather than from a change, as a scheduled job (messenger.ts):
 * reminders 24 hours and 1 hour before a booked meeting, and the tutors' daily digest of finished
 * sessions still missing a summary. Each is once by its key (meeting, start and person; tutor and
 * date), so a run again, or on two instances, adds nothing, and a moved meeting is reminded anew.
 */
import { sql } from 'kysely';
import { TZDate } from '@date-fns/tz';
import { site } from '../../src/config/site.ts';
import type { Db } from '../db/db.ts';
import { fromNow, now, nowMs } from '../clock.ts';
import { BOOKED_STATUSES } from '../domain/booking/booked.ts';
import { textOptOutSignature } from '../domain/calendar/calendar-feeds.ts';
import { inOrder, meetingFacts } from '../domain/meetings/meeting-facts.ts';
import type { JobContext } from '../jobs/runner.ts';
import { type KeyedMessage, queueMessages, SEND_MESSAGE } from './delivery.ts';
import { customerReminder, customerReminderText, linksFor, type ReminderLead, summaryDigest, tutorReminder } from './templates.ts';

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

/** Gives each message of one reminder its key: the reminder's key and the message's place in it. */
const withKeys = (key: string, messages: Omit<KeyedMessage, 'key'>[]): KeyedMessage[] => messages.map((message, index) => ({ ...message, key: `${key}:${index}` }));

async function customersById(db: Db, ids: number[]) {
  const rows = await db.selectFrom('customers').select(['id', 'firstname', 'lastname', 'email', 'phone', 'text_reminders']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

const LEADS: { lead: ReminderLead; ms: number; until: number }[] = [
  // Sent from 24 hours before until 2 hours before (after that, the 1-hour one comes instead).
  { lead: '24h', ms: 24 * 3600_000, until: 2 * 3600_000 },
  { lead: '1h', ms: 3600_000, until: 0 },
];

/** The one-click link in each reminder text that turns them off (calendar-feeds.ts checks its signature). */
async function textOptOutUrl(db: Db, siteUrl: string, customerId: number): Promise<string> {
  return `${siteUrl}/texts/stop?c=${customerId}&s=${await textOptOutSignature(db, customerId)}`;
}

/**
 * Reminders due now: for each booked meeting starting within a lead (and not past its `until`),
 * to each customer booked before the reminder's time (email; text when they kept texts on) and
 * its tutor (email and text). The key holds the meeting's start, so a moved meeting is reminded
 * at its new time and a skipped or canceled one (no booked payment) is not.
 */
export async function planReminders(db: Db, jobs: JobContext, siteUrl: string): Promise<number> {
  const links = linksFor(siteUrl);
  let queued = 0;
  for (const { lead, ms, until } of LEADS) {
    const due = await db
      .selectFrom('payments as p')
      .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
      .select(['p.customer_id', 'm.id as meeting_id', 'm.occurrence'])
      .distinct()
      .where('m.canceled', '=', false)
      .where('m.occurrence', '>', fromNow(until))
      .where('m.occurrence', '<=', fromNow(ms))
      .where('p.is_incremental', '=', false)
      .where('p.payment_status', 'in', BOOKED_STATUSES)
      // Booked after the reminder's time: the confirmation just said it all.
      .where(sql<boolean>`p.inserted_at <= m.occurrence - ${sql.lit(`${ms / 1000} seconds`)}::interval`)
      .execute();
    if (due.length === 0) continue;
    const facts = await meetingFacts(db, due.map((d) => d.meeting_id));
    const customers = await customersById(db, due.map((d) => d.customer_id));
    const messages: KeyedMessage[] = [];
    const studentsOf = new Map<number, string[]>();
    for (const row of due) {
      const meeting = facts.get(row.meeting_id)!;
      const customer = customers.get(row.customer_id)!;
      const key = `reminder:${lead}:${row.meeting_id}:${epoch(meeting.start)}:c${row.customer_id}`;
      messages.push({ ...customerReminder(links, customer, meeting, lead), key: `${key}:email` });
      if (customer.text_reminders) messages.push({ ...customerReminderText(customer, meeting, lead, await textOptOutUrl(db, siteUrl, customer.id)), key: `${key}:text` });
      studentsOf.set(row.meeting_id, [...(studentsOf.get(row.meeting_id) ?? []), customer.firstname]);
    }
    for (const [meetingId, students] of studentsOf) {
      const meeting = facts.get(meetingId)!;
      messages.push(...withKeys(`reminder:${lead}:${meetingId}:${epoch(meeting.start)}:t${meeting.tutor.id}`, tutorReminder(links, meeting, students, lead)));
    }
    queued += await db.transaction().execute((trx) => queueMessages(trx, jobs, messages));
    jobs.wake(SEND_MESSAGE);
  }
  return queued;
}

/** The local hour from which the day's digest goes out (site's zone): after the day's meetings. */
export const DIGEST_HOUR = 18;
/** How far back a meeting without a summary is still listed. */
const DIGEST_DAYS = 14;

/**
 * Once a day (from DIGEST_HOUR in the site's zone), each tutor with booked meetings of the last two
 * weeks that ended without a summary gets one email listing them (key: tutor and local date).
 */
export async function planSummaryDigests(db: Db, jobs: JobContext, siteUrl: string): Promise<number> {
  const local = new TZDate(nowMs(), site.timeZone);
  if (local.getHours() < DIGEST_HOUR) return 0;
  const date = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
  const missing = await db
    .selectFrom('meetings as m')
    .select(['m.id', 'm.tutor_id'])
    .where('m.canceled', '=', false)
    .where('m.notes', '=', '')
    .where('m.occurrence', '>', fromNow(-DIGEST_DAYS * 24 * 3600_000))
    .where(sql<boolean>`m.occurrence + m.duration_mins * interval '1 minute' <= ${now()}`)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('payments as p').select('p.id').whereRef('p.meeting_id', '=', 'm.id').where('p.is_incremental', '=', false).where('p.payment_status', 'in', BOOKED_STATUSES)),
    )
    .orderBy('m.occurrence')
    .execute();
  if (missing.length === 0) return 0;
  const facts = await meetingFacts(db, missing.map((m) => m.id));
  const byTutor = new Map<number, number[]>();
  for (const row of missing) byTutor.set(row.tutor_id, [...(byTutor.get(row.tutor_id) ?? []), row.id]);
  const links = linksFor(siteUrl);
  const messages: KeyedMessage[] = [];
  for (const [tutorId, ids] of byTutor) {
    const meetings = inOrder(facts, ids);
    messages.push({ ...summaryDigest(links, meetings[0]!.tutor, meetings), key: `digest:${tutorId}:${date}` });
  }
  const queued = await db.transaction().execute((trx) => queueMessages(trx, jobs, messages));
  jobs.wake(SEND_MESSAGE);
  return queued;
}

