/**
 * The message queue: the notifications table. A change writes the messages it owes into the table
 * inside its own transaction (or the planner does, notify/planner.ts), each under a dedupe key, so a
 * message exists exactly when its change committed and never twice. Delivery runs after the commit,
 * outside any transaction: rows are claimed (FOR UPDATE SKIP LOCKED, so several instances never
 * take the same one), sent, and marked. A crash between the send and the mark sends that one message
 * again after the lease (email and SMS have no idempotency key): at least once, never lost.
 *
 * Login links and codes never come here: they are secrets and must not be stored (domain/auth.ts).
 */
import type { Kysely } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { fromNow, now } from '../clock.ts';
import type { Message, Sender } from './sender.ts';
import { TextRefused } from './sms-guard.ts';

/** A claimed message not marked within this is claimed again (its instance died mid-send). */
const LEASE_MS = 5 * 60_000;
/** Tries before a message is given up (logged); waits between them, in minutes. */
const MAX_ATTEMPTS = 5;
const RETRY_MINUTES = [1, 5, 15, 60];
const BATCH = 50;

export interface QueuedMessage extends Message {
  /** Once per key, ever: the event it tells of (`booked:42:customer`, `reminder:24h:7:…`). */
  key: string;
  /** Not sent before this time (default: at once). */
  notBefore?: Date;
}

/** Writes messages into the queue with the caller's transaction; a key already queued is skipped. */
export async function enqueue(db: Kysely<Database>, messages: QueuedMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const rows = messages.map((m) => ({
    dedupe_key: m.key,
    channel: m.channel,
    to_address: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html ?? null,
    link: m.link ?? null,
    ics: m.calendar?.content ?? null,
    ics_method: m.calendar?.method ?? null,
    not_before: m.notBefore ?? now(),
    created_at: now(),
  }));
  const inserted = await db
    .insertInto('notifications')
    .values(rows)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

export interface Delivered {
  sent: number;
  retried: number;
  refused: number;
  failed: number;
}

/** Claims due messages, in order, skipping any another instance holds. */
async function claim(db: Db, limit: number) {
  return db
    .updateTable('notifications')
    .set((eb) => ({ status: 'sending', claimed_at: now(), attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('notifications')
        .select('id')
        .where((w) =>
          w.or([
            w.and([w('status', '=', 'queued'), w('not_before', '<=', now())]),
            w.and([w('status', '=', 'sending'), w('claimed_at', '<', fromNow(-LEASE_MS))]),
          ]),
        )
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

/**
 * Sends what is due. A text the SMS guard refuses (not a North American number, over a cap) is
 * marked refused and not retried; any other failure is retried with growing waits and given up,
 * logged, after MAX_ATTEMPTS. One failing message never holds up the others.
 */
export async function deliverDue(db: Db, sender: Sender, log: (line: string) => void): Promise<Delivered> {
  const tally: Delivered = { sent: 0, retried: 0, refused: 0, failed: 0 };
  for (;;) {
    const batch = await claim(db, BATCH);
    for (const row of batch) {
      const message: Message = {
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
        await db.updateTable('notifications').set({ status: 'sent', sent_at: now(), last_error: null }).where('id', '=', row.id).execute();
        tally.sent += 1;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (error instanceof TextRefused) {
          await db.updateTable('notifications').set({ status: 'refused', last_error: reason }).where('id', '=', row.id).execute();
          log(`message ${row.id} (${row.channel}) not sent: ${reason}`);
          tally.refused += 1;
        } else if (row.attempts >= MAX_ATTEMPTS) {
          await db.updateTable('notifications').set({ status: 'failed', last_error: reason }).where('id', '=', row.id).execute();
          log(`message ${row.id} (${row.channel}) given up after ${row.attempts} tries: ${reason}`);
          tally.failed += 1;
        } else {
          const waitMinutes = RETRY_MINUTES[Math.min(row.attempts - 1, RETRY_MINUTES.length - 1)]!;
          await db
            .updateTable('notifications')
            .set({ status: 'queued', not_before: fromNow(waitMinutes * 60_000), last_error: reason })
            .where('id', '=', row.id)
            .execute();
          log(`message ${row.id} (${row.channel}) failed, tried again in ${waitMinutes} min: ${reason}`);
          tally.retried += 1;
        }
      }
    }
    if (batch.length < BATCH) return tally;
  }
}
