import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/start/database.ts';
import { recordEvents } from '../../server/events/record.ts';
import type { ChargeDeclined } from '../../server/events/kinds.ts';

/**
 * docs/architecture.md, 'A message': a server killed (SIGKILL) while it delivers loses no message
 * and sends none twice. Events are committed first; a server delivers them slowly and is killed
 * mid-delivery; a new one starts, and the outbox then holds every message once. On PostgreSQL,
 * where instances share the database (PGlite has one process).
 */
const MESSAGES = 24;

const declined = (n: number): ChargeDeclined => ({
  kind: 'ChargeDeclined',
  paymentId: n,
  attempt: 1,
  reason: 'declined',
  customer: { firstname: `Crash${n}`, email: `crash${n}@example.com` },
  tutorName: 'Jordan Alvarez',
  start: new Date('2030-01-07T18:30:00Z'),
  retryAt: null,
});

async function until(done: () => Promise<boolean>, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('a server killed while it delivers messages [postgres]', () => {
  const schema = `${inject('schemaPrefix')}${randomBytes(6).toString('hex')}`;
  let database: DatabaseHandle;
  const children: ChildProcess[] = [];
  const lines: string[] = [];
  const start = (slow: boolean) => {
    const child = spawn(process.execPath, ['tests/api/message-crash-server.ts'], {
      env: { ...process.env, CRASH_DATABASE_URL: process.env.TEST_DATABASE_URL, CRASH_SCHEMA: schema, SLOW_SENDS: slow ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    // Read, so that a full pipe never stalls the server; shown if the test fails.
    child.stdout?.on('data', (chunk: Buffer) => lines.push(String(chunk)));
    child.stderr?.on('data', (chunk: Buffer) => lines.push(String(chunk)));
    return child;
  };
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await database?.close();
  });

  it('loses nothing and sends nothing twice', { timeout: 60_000 }, async () => {
    database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, schema, poolSize: 3 });
    const { db } = database;
    await db.transaction().execute((trx) => recordEvents(trx, Array.from({ length: MESSAGES }, (_, n) => declined(n))));
    const delivered = async () => Number((await db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    // Killed once a few messages are out, while it is sending the next ones.
    const first = start(true);
    await until(async () => (await delivered()) >= 4, 'the first deliveries');
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const atKill = await delivered();
    expect(atKill).toBeLessThan(MESSAGES);
    const left = await db.selectFrom('notifications').select(['status']).where('status', '!=', 'sent').execute();
    expect(left.length).toBeGreaterThan(0);

    // A new server finishes the work: the sends the dead one held, once their lease ran out, too.
    start(false);
    await until(async () => (await db.selectFrom('notifications').select('id').where('status', '!=', 'sent').execute()).length === 0, 'every message sent').catch(async (error: Error) => {
      const left = await db.selectFrom('notifications').select(['id', 'status', 'attempts']).where('status', '!=', 'sent').execute();
      throw new Error(`${error.message}; left: ${JSON.stringify(left)}; servers said: ${lines.join('').slice(-2000)}`);
    });
    const outbox = await db.selectFrom('outbox').select(['to', 'message_key']).execute();
    expect(outbox).toHaveLength(MESSAGES);
    expect(new Set(outbox.map((row) => row.message_key)).size).toBe(MESSAGES);
    expect(outbox.map((row) => row.to).sort()).toEqual(Array.from({ length: MESSAGES }, (_, n) => `crash${n}@example.com`).sort());
    expect(await db.selectFrom('events').select('id').where('told_at', 'is', null).execute()).toEqual([]);
  });
});
