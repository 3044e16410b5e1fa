import { sql } from 'kysely';
import type { Db } from '../../db/db.ts';
import { fromNow, now } from '../../clock.ts';
import { recordEvent } from '../../events/record.ts';
import { customerFacts } from '../meetings/change-events.ts';

/**
 * Hours that run out (the job runner's 'expire credits' task, hourly): a purchase's hours left are
 * taken by an expiry entry once its validity ends, and the customer is told 14 days before. Both
 * happen once per lot (a unique expiry entry; `expiry_warned_at` set by the statement that decides
 * to tell), so the task can run again, late, or on two instances at once.
 */
export const EXPIRY_WARNING_MS = 14 * 24 * 3600_000;

/** At most this many lots per pass; the next pass takes the rest. */
const BATCH = 200;

/** Hours left in a lot: the sum of its entries. */
const hoursLeft = sql<number>`(select coalesce(sum(e.hours), 0)::int from credit_entries e where e.lot_id = l.id)`;

export async function expireCredits(db: Db): Promise<{ expired: number; warned: number }> {
  return { expired: await expireEndedLots(db), warned: await warnExpiringLots(db) };
}

/**
 * Each lot past its expiry with hours left gets its expiry entry. The customer's row is locked first,
 * as a booking drawing an hour locks it (ledger.ts), so an hour drawn at the last moment is counted
 * before what is left expires.
 */
async function expireEndedLots(db: Db): Promise<number> {
  const ended = await db
    .selectFrom('credit_lots as l')
    .select(['l.id', 'l.customer_id'])
    .where('l.expires_at', '<=', now())
    .where(hoursLeft, '>', 0)
    .orderBy('l.id')
    .limit(BATCH)
    .execute();
  let expired = 0;
  for (const lot of ended) {
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('customers').select('id').where('id', '=', lot.customer_id).forUpdate().execute();
      const left = await trx.selectFrom('credit_entries').select(sql<number>`coalesce(sum(hours), 0)::int`.as('hours')).where('lot_id', '=', lot.id).executeTakeFirstOrThrow();
      if (left.hours <= 0) return;
      const written = await trx
        .insertInto('credit_entries')
        .values({ customer_id: lot.customer_id, lot_id: lot.id, kind: 'expiry', hours: -left.hours, created_at: now() })
        .onConflict((oc) => oc.columns(['lot_id', 'kind']).where('kind', 'in', ['purchase', 'bonus', 'expiry']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (written) expired += 1;
    });
  }
  return expired;
}

/** Each live lot with hours left that expires within 14 days, not told yet: told once. */
async function warnExpiringLots(db: Db): Promise<number> {
  const due = await db
    .selectFrom('credit_lots as l')
    .select('l.id')
    .where('l.expiry_warned_at', 'is', null)
    .where('l.expires_at', '>', now())
    .where('l.expires_at', '<=', fromNow(EXPIRY_WARNING_MS))
    .where(hoursLeft, '>', 0)
    .orderBy('l.id')
    .limit(BATCH)
    .execute();
  let warned = 0;
  for (const { id } of due) {
    await db.transaction().execute(async (trx) => {
      const lot = await trx
        .updateTable('credit_lots as l')
        .set({ expiry_warned_at: now() })
        .where('l.id', '=', id)
        .where('l.expiry_warned_at', 'is', null)
        .returning(['l.customer_id', 'l.capacity', 'l.package_id', 'l.expires_at', hoursLeft.as('hours_left')])
        .executeTakeFirst();
      if (!lot) return;
      const name = lot.package_id === null ? null : await trx.selectFrom('packages').select('name').where('id', '=', lot.package_id).executeTakeFirst();
      const customer = (await customerFacts(trx, [lot.customer_id])).get(lot.customer_id)!;
      await recordEvent(trx, {
        kind: 'CreditsExpiring',
        lotId: id,
        customer,
        packageName: name?.name ?? 'Hours added by staff',
        capacity: lot.capacity === 2 ? 2 : 1,
        hoursLeft: lot.hours_left,
        expiresAt: new Date(lot.expires_at),
      });
      warned += 1;
    });
  }
  return warned;
}
