import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { now, nowMs } from '../clock.ts';
import { HELD_CHECKOUT_CUSTOMERS_PER_ADDRESS } from './rate-limits.ts';
import { tooSoon } from './refusal.ts';

/** The first key of the advisory locks taken per client address (the second is the address's hash). */
const ADDRESS_LOCK_SPACE = 4_004;

/**
 * Refuses a checkout from a client address whose unpaid checkouts already hold seats for
 * HELD_CHECKOUT_CUSTOMERS_PER_ADDRESS other customers: TooSoon, retried once the earliest of those
 * holds runs out. Seats held by the same customer do not count (its new checkout gives them up).
 *
 * Checkouts from one address take its lock for the rest of their transaction, so two at once
 * cannot both take the last place. The lock comes before any meeting's row lock and a transaction
 * takes one address only, so it adds no deadlock.
 */
export async function refuseCrowdedAddress(trx: Transaction<Database>, customerId: number, addressHash: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_SPACE}::int, hashtext(${addressHash}))`.execute(trx);
  const crowd = await trx
    .selectFrom('reservations')
    .select((eb) => [eb.fn.count<string>('customer_id').distinct().as('customers'), eb.fn.min('expires_at').as('earliest')])
    .where('status', '=', 'held')
    .where('address_hash', '=', addressHash)
    .where('customer_id', '!=', customerId)
    // As releaseExpiredHolds counts them: a hold is over once its expiry has passed.
    .where('expires_at', '>=', now())
    .executeTakeFirstOrThrow();
  if (Number(crowd.customers) < HELD_CHECKOUT_CUSTOMERS_PER_ADDRESS || crowd.earliest === null) return;
  // releaseExpiredHolds releases a hold strictly after its expiry: one millisecond more.
  throw tooSoon(new Date(crowd.earliest).getTime() - nowMs() + 1);
}
