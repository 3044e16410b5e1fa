import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { recordEvent } from '../../server/events/record.ts';
import type { ChargeDeclined } from '../../server/events/kinds.ts';
import { describeApi, type TestContext } from './harness.ts';

/** A decline notice to a new address (the event a weekly charge records). */
const declined = (email: string): ChargeDeclined => ({
  kind: 'ChargeDeclined',
  paymentId: 1,
  attempt: 1,
  reason: 'declined',
  customer: { firstname: 'Ada', email },
  tutorName: 'Jordan Alvarez',
  start: new Date('2030-01-07T18:30:00Z'),
  retryAt: null,
});

const outboxTo = (ctx: TestContext, to: string) => ctx.database.db.selectFrom('outbox').select(['subject', 'message_key']).where('to', '=', to).execute();

/** Changes record events; the commit, not a request or a scan, starts their messages. */
describeApi('messages follow from recorded events', (ctx) => {
  it('an event committed by any code (no request, no settle) is told and its message sent, once, under its event\'s key', async () => {
    const email = `ada-${randomUUID()}@example.com`;
    await ctx().database.db.transaction().execute((trx) => recordEvent(trx, declined(email)));
    const event = await ctx().database.db.selectFrom('events').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    // Woken by the commit's NOTIFY through the change feed: nothing here asks for it.
    const end = Date.now() + 20_000;
    while ((await outboxTo(ctx(), email)).length === 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
    await ctx().notifier.settle();
    expect(await outboxTo(ctx(), email)).toEqual([{ subject: 'Your Beacon Tutoring payment failed', message_key: `event:${event.id}:0` }]);
  });

  it('a change rolled back records no event and sends nothing', async () => {
    const email = `ben-${randomUUID()}@example.com`;
    await expect(
      ctx().database.db.transaction().execute(async (trx) => {
        await recordEvent(trx, declined(email));
        throw new Error('the change failed after recording its event');
      }),
    ).rejects.toThrow('the change failed');
    await ctx().notifier.settle();
    expect(await outboxTo(ctx(), email)).toEqual([]);
    expect(await ctx().database.db.selectFrom('notifications').select('id').where('to_address', '=', email).execute()).toEqual([]);
  });
});
