import { sql } from 'kysely';
import type { DatabaseHandle } from '../../server/start/database.ts';

/** Waits a moment (a test that lets time pass on purpose; a race waits on `RowHold.waitersAtLeast`). */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A meeting's row held by a transaction of the test's own. */
export interface RowHold {
  /**
   * Resolves once `count` backends wait, directly or behind one another, on the hold: the requests
   * started meanwhile have got as far as the lock. PostgreSQL tells (pg_blocking_pids), so the test
   * waits for the fact instead of a guess at how long it takes.
   */
  waitersAtLeast(count: number): Promise<void>;
  /** Lets the row go and waits for the holding transaction's end. */
  letGo(): Promise<void>;
}

/**
 * Holds a meeting's row (`for update`, in a transaction of its own) until `letGo` is called.
 * Requests started meanwhile each get part of the way and then wait on the row (or behind another
 * waiter), so a test can make two of them meet in a chosen order. Concurrent transactions:
 * PostgreSQL only.
 */
export async function holdMeetingRow(db: DatabaseHandle['db'], meetingId: number): Promise<RowHold> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked = (_pid: number) => {};
  const lockTaken = new Promise<number>((resolve) => (locked = resolve));
  const holder = db.transaction().execute(async (trx) => {
    await sql`select id from meetings where id = ${meetingId} for update`.execute(trx);
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
    locked(rows[0]!.pid);
    await held;
  });
  const holderPid = await lockTaken;
  return {
    async waitersAtLeast(count) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const { rows } = await sql<{ waiting: number }>`
          with recursive waiting(pid) as (
            select pid from pg_stat_activity where ${holderPid}::int = any(pg_blocking_pids(pid))
            union
            select a.pid from pg_stat_activity a join waiting w on w.pid = any(pg_blocking_pids(a.pid))
          )
          select count(*)::int as waiting from waiting`.execute(db);
        if (rows[0]!.waiting >= count) return;
        if (Date.now() > deadline) throw new Error(`${rows[0]!.waiting} of ${count} requests came to wait on meeting ${meetingId}'s row within 10 s`);
        await sleep(10);
      }
    },
    async letGo() {
      release();
      await holder;
    },
  };
}
