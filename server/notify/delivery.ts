/**
 * From events to sent messages, as jobs of the job queue (server/jobs/runner.ts, pg-boss):
 *
 * - the relay (`tellEvents`) takes events not told yet, and in one transaction writes each one's
 *   messages (event-messages.ts) as rows of `notifications` keyed `event:{event}:{n}`, marks the
 *   event told, and enqueues one send job per message, with an id made from its key: the messages,
 *   the mark and the jobs commit together or not at all;
 * - each send job (`sendMessage`) sends its one message and marks it sent. pg-boss retries a send
 *   that failed (with growing waits) and one whose instance died mid-send (once its lease runs out).
 *
 * Exactly once: a key is written once (unique dedupe_key), its job once (its id), and a send job
 * finds its message already sent and does nothing. The one window left is a crash after the
 * provider took a message and before its mark: the retry sends it again, which the outbox (demo,
 * tests) refuses by the message's key, and SMTP and Twilio cannot (decision 024).
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';
import { now } from '../clock.ts';
import { readEvent } from '../events/record.ts';
import { type Message, type Sender, TextRefused } from '../domain/sign-in/outgoing.ts';
import type { JobContext, JobKind } from '../jobs/runner.ts';
import { messagesOf } from './event-messages.ts';

/** The job queue's names of the two kinds. */
export const TELL_EVENTS = 'tell events';
export const SEND_MESSAGE = 'send message';

/** Tries of a send after its first failure; waits from 1 minute, doubling (pg-boss's backoff). */
export const SEND_RETRIES = 4;
export const SEND_RETRY_SECONDS = 60;
/** A send claimed longer than this belongs to an instance that died: it is tried again. */
export const SEND_LEASE_SECONDS = 120;
const BATCH = 50;

/** A message with the key that makes it once. */
export interface KeyedMessage extends Message {
  key: string;
}

/** The send job's id for a message key: a UUID made from the key, so a second enqueue adds nothing. */
export function sendJobId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Writes messages (a key already written is skipped) and enqueues a send job for each new one, in
 * the caller's transaction. Returns how many were new.
 */
export async function queueMessages(trx: Kysely<Database>, jobs: JobContext, messages: KeyedMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const inserted = await trx
    .insertInto('notifications')
    .values(
      messages.map((m) => ({
        dedupe_key: m.key,
        channel: m.channel,
        to_address: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? null,
        link: m.link ?? null,
        ics: m.calendar?.content ?? null,
        ics_method: m.calendar?.method ?? null,
        not_before: now(),
        created_at: now(),
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning(['id', 'dedupe_key'])
    .execute();
  for (const row of inserted) await jobs.send(SEND_MESSAGE, { message: row.id }, { id: sendJobId(row.dedupe_key!), inTransaction: trx });
  return inserted.length;
}

/**
 * The relay: events not told yet, oldest first, each turned into its messages once. Rows another
 * instance's relay holds are skipped (it tells them). Returns how many events it told.
 */
export async function tellEvents(db: Db, jobs: JobContext, siteUrl: string): Promise<number> {
  let told = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('events').select(['id', 'kind', 'facts', 'occurred_at']).where('told_at', 'is', null).orderBy('id').limit(BATCH).forUpdate().skipLocked().execute();
      for (const row of rows) {
        const event = readEvent(row);
        await queueMessages(trx, jobs, messagesOf(event, siteUrl).map((message, n) => ({ ...message, key: `event:${event.id}:${n}` })));
      }
      if (rows.length > 0) await trx.updateTable('events').set({ told_at: now() }).where('id', 'in', rows.map((r) => r.id)).execute();
      return rows.length;
    });
    told += batch;
    // Their send jobs exist now that the transaction committed.
    if (batch > 0) jobs.wake(SEND_MESSAGE);
    if (batch < BATCH) return told;
  }
}

export interface SendOutcome {
  outcome: 'sent' | 'refused' | 'already' | 'failed';
}

/**
 * Sends one message and marks it. Already sent (or refused) is done; a text the SMS guard refuses is
 * marked refused and not tried again; any other failure is written on the row and thrown, so the
 * job queue tries it again, and after its last try the message is marked failed.
 */
export async function sendMessage(db: Db, sender: Sender, id: string, log: (line: string) => void): Promise<SendOutcome['outcome']> {
  const row = await db
    .updateTable('notifications')
    .set((eb) => ({ status: 'sending', claimed_at: now(), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'sending'])
    .returningAll()
    .executeTakeFirst();
  if (!row) return 'already';
  const message: Message & { key: string } = {
    key: row.dedupe_key ?? `notification:${row.id}`,
    channel: row.channel,
    to: row.to_address,
    subject: row.subject,
    text: row.text,
    ...(row.html ? { html: row.html } : {}),
    ...(row.link ? { link: row.link } : {}),
    ...(row.ics && row.ics_method ? { calendar: { method: row.ics_method as 'REQUEST' | 'CANCEL', content: row.ics } } : {}),
    // Everything queued tells of a booking (login codes are never queued).
    notice: true,
  };
  try {
    await sender.send(message);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof TextRefused) {
      await db.updateTable('notifications').set({ status: 'refused', last_error: reason }).where('id', '=', row.id).execute();
      log(`message ${row.id} (${row.channel}) not sent: ${reason}`);
      return 'refused';
    }
    const last = row.attempts > SEND_RETRIES;
    await db.updateTable('notifications').set({ status: last ? 'failed' : 'queued', last_error: reason }).where('id', '=', row.id).execute();
    log(last ? `message ${row.id} (${row.channel}) given up after ${row.attempts} tries: ${reason}` : `message ${row.id} (${row.channel}) failed, tried again later: ${reason}`);
    if (last) return 'failed';
    throw error;
  }
  await db.updateTable('notifications').set({ status: 'sent', sent_at: now(), last_error: null }).where('id', '=', row.id).execute();
  return 'sent';
}

/** The two job kinds of delivery. */
export interface DeliveryServices {
  db: Db;
  sender: Sender;
  siteUrl: string;
  log: (line: string) => void;
  /** The first wait before a failed send is tried again (tests: 1 s); then it doubles. */
  retrySeconds?: number;
  /** How long a send may hold its message before it counts as lost with its instance (the crash test: 2 s). */
  leaseSeconds?: number;
}

export function deliveryJobs({ db, sender, siteUrl, log, retrySeconds = SEND_RETRY_SECONDS, leaseSeconds = SEND_LEASE_SECONDS }: DeliveryServices): JobKind[] {
  return [
    // A wake-up (messenger.ts sends one when an event commits): at most one waits, and its run tells
    // every event committed by then. At start too, for events a crash left untold.
    { name: TELL_EVENTS, policy: 'short', runAtStart: true, run: async (_data, jobs) => void (await tellEvents(db, jobs, siteUrl)) },
    {
      name: SEND_MESSAGE,
      retryLimit: SEND_RETRIES,
      retryDelaySeconds: retrySeconds,
      expireInSeconds: leaseSeconds,
      concurrency: 4,
      run: async (data) => void (await sendMessage(db, sender, String((data as { message: string | number }).message), log)),
    },
  ];
}
