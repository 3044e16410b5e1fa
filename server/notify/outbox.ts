import type { Db } from '../db/db.ts';
import { now } from '../clock.ts';
import { toEpoch } from '../epoch.ts';
import type { Message, Sender } from '../domain/sign-in/outgoing.ts';

/** Stores every message in the outbox table (listed at /dev/outbox in demo mode). */
export function outboxSender(db: Db, log: (line: string) => void = () => {}): Sender {
  return {
    async send(message: Message) {
      const row = await db
        .insertInto('outbox')
        // The server's clock, as every time rule reads (the purge deletes rows after 30 days).
        .values({
          channel: message.channel,
          to: message.to,
          subject: message.subject,
          text: message.text,
          link: message.link ?? null,
          html: message.html ?? null,
          ics: message.calendar?.content ?? null,
          message_key: message.key ?? null,
          created_at: now(),
        })
        // A message sent again after a crash between its send and its mark is here already.
        .onConflict((oc) => oc.column('message_key').where('message_key', 'is not', null).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return;
      // Never the text or link: they carry login codes and tokens.
      log(`outbox: ${message.channel} #${row.id}`);
    },
  };
}

/** The newest messages first, as /dev/outbox lists them (times in epoch seconds). */
export async function listOutbox(db: Db, limit = 200) {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'channel', 'to', 'subject', 'text', 'link', 'html', 'ics', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, created_at: toEpoch(row.created_at) }));
}

/** Message `id`'s calendar invite (the text the email carried), or undefined when it has none. */
export async function outboxInvite(db: Db, id: number): Promise<{ id: number; ics: string } | undefined> {
  const row = await db.selectFrom('outbox').select(['id', 'ics']).where('id', '=', id).executeTakeFirst();
  return row?.ics ? { id: row.id, ics: row.ics } : undefined;
}
