import { sql } from 'kysely';
import type { DatabaseHandle } from '../../server/db/connection.ts';

/** Waits a moment: long enough for a request started before it to get as far as a lock and wait there. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Holds a meeting's row (`for update`, in a transaction of its own) until the returned function is
 * called, which lets it go and waits for that transaction's end. Requests started meanwhile each get
 * part of the way and then wait on the row, so a test can make two of them meet in a chosen order.
 * Concurrent transactions: PostgreSQL only.
 */
export async function holdMeetingRow(db: DatabaseHandle['db'], meetingId: number): Promise<() => Promise<void>> {
  let letGo = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  let locked = () => {};
  const lockTaken = new Promise<void>((resolve) => (locked = resolve));
  const holder = db.transaction().execute(async (trx) => {
    await sql`select id from meetings where id = ${meetingId} for update`.execute(trx);
    locked();
    await held;
  });
  await lockTaken;
  return async () => {
    letGo();
    await holder;
  };
}
