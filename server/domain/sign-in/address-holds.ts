import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { now, nowMs } from '../../clock.ts';
import { HELD_CHECKOUT_CUSTOMERS_PER_ADDRESS } from './rate-limits.ts';
import { tooSoon } from '../refusal.ts';

/** The first key of the advisory locks taken per client address (the second is the address's hash). */
const ADDRESS_LOCK_SPACE = 4_004;

/**
 * The start of every checkout: the meetings whose seats this customer holds for unpaid earlier
 * checkouts, after refusing a checkout from a client address whose unpaid checkouts already hold
 * seats for HELD_CHECKOUT_CUSTOMERS_PER_ADDRESS other customers (TooSoon, retried once the earliest
 * of those holds runs out). Seats held by the same customer do not count (its new checkout gives
 * them up).
 *
 * Checkouts from one address take its lock for the rest of their transaction, so two at once
 * cannot both take the last place. The lock comes before any meeting's row lock and a transaction
 * takes one address only, so it adds no deadlock. Both reads are one statement, after the lock
 * (a booking's round trips are most of its cost); with no address known, its crowd matches no row.
 */
export async function heldSeatsOfCheckoutStart(trx: Transaction<Database>, customerId: number, addressHash: string | null): Promise<number[]> {
  if (addressHash !== null) await sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_SPACE}::int, hashtext(${addressHash}))`.execute(trx);
  const { rows } = await sql<{ held: number[]; customers: number; earliest: Date | string | null }>`
    select
      array(select meeting_id from reservations where status = 'held' and customer_id = ${customerId} order by meeting_id) as held,
      crowd.customers, crowd.earliest
    from (
      select count(distinct customer_id)::int as customers, min(expires_at) as earliest
      from reservations
      -- As releaseExpiredHolds counts them: a hold is over once its expiry has passed.
      where status = 'held' and address_hash = ${addressHash} and customer_id <> ${customerId} and expires_at >= ${now()}
    ) as crowd
  `.execute(trx);
  const { held, customers, earliest } = rows[0]!;
  if (customers >= HELD_CHECKOUT_CUSTOMERS_PER_ADDRESS && earliest !== null) {
    // releaseExpiredHolds releases a hold strictly after its expiry: one millisecond more.
    throw tooSoon(new Date(earliest).getTime() - nowMs() + 1);
  }
  return held;
}
