import { retryingDeadlocks } from '../../db/errors.ts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { fromNow, now } from '../../clock.ts';
import { movePayments } from '../billing/payment-lifecycle.ts';

export const HOLD_MINUTES = 15;

export const holdExpiry = () => fromNow(HOLD_MINUTES * 60_000);

/**
 * Releases seats held for payments that did not complete within 15 minutes: the seat goes back
 * (a meeting left with nobody is unbooked again), the payment is marked abandoned (it never
 * happened, so the dashboards leave it out), and a weekly
 * subscription left without seats ends. Runs before every search and booking, so no timer is
 * needed and every server instance agrees; fulfilment runs it too, inside its own transaction, so
 * a charge reported after its hold ran out finds its payment abandoned and is not fulfilled.
 *
 * The three steps are one transaction (the caller's, when given one): a payment never appears with
 * its seat released but itself still open, where a charge landing in between would be fulfilled
 * without a seat.
 *
 * Before a booking or a fulfilment (`scope: 'if-released'`), the payments and subscriptions are
 * looked at only when a hold was just released: every other path that gives a seat back settles
 * its own payment, so with nothing released there is nothing to abandon, and a booking does not
 * pay for two scans of every open payment and subscription. The reconciliation job sweeps them
 * all (`'all'`) as a safety net.
 */
async function hasExpiredHolds(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('reservations').select('id').where('status', '=', 'held').where('expires_at', '<', now()).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function releaseExpiredHolds(db: Kysely<Database> | Transaction<Database>, scope: 'if-released' | 'all' = 'if-released'): Promise<void> {
  // Most calls find no hold past its expiry: one indexed read then, and no transaction.
  if (scope === 'if-released' && !(await hasExpiredHolds(db))) return;
  // On its own (before a booking, a re-assign, the reconciliation), a release that PostgreSQL chose
  // as a deadlock's victim (a cancellation taking the same meeting's rows in its own order) is run
  // again rather than failing the booking behind it with a 500.
  if (!db.isTransaction) await retryingDeadlocks(() => db.transaction().execute((trx) => release(trx, scope)));
  else await release(db, scope);
}

/**
 * The advisory lock of the releases: a release takes it alone, a fulfilment shares it
 * (holdsSettledForFulfilment). A release takes seats, meetings, then payments; a fulfilment takes
 * its payment, then its meeting and seats. A hold that ran out while its charge was being fulfilled
 * (a confirmation at the last second, or every hold at once when the demo clock moves) had the
 * two wait on each other (a deadlock, answered 500): now one waits for the other's commit first.
 */
const HOLDS_LOCK_KEY = 4_006;

/**
 * For a fulfilment, in its transaction before it takes any row: holds that ran out are released
 * (alone), or else the lock is shared until the fulfilment commits, so that no release starts
 * meanwhile (one under way is waited for). Fulfilments do not wait for each other.
 */
export async function holdsSettledForFulfilment(trx: Transaction<Database>): Promise<void> {
  if (await hasExpiredHolds(trx)) await release(trx, 'if-released');
  else await sql`select pg_advisory_xact_lock_shared(${HOLDS_LOCK_KEY}::bigint)`.execute(trx);
}

async function release(db: Kysely<Database>, scope: 'if-released' | 'all'): Promise<void> {
  await sql`select pg_advisory_xact_lock(${HOLDS_LOCK_KEY}::bigint)`.execute(db);
  const released = await sql<{ meeting_id: number }>`
    with expired as (
      update reservations set status = 'released'
      where status = 'held' and expires_at < ${now()}
      returning meeting_id
    ), counts as (
      select meeting_id, count(*)::int as n from expired group by meeting_id
    )
    update meetings m set
      reservations_taken = m.reservations_taken - counts.n,
      capacity = case when m.reservations_taken - counts.n = 0 then 0 else m.capacity end,
      offering_id = case when m.reservations_taken - counts.n = 0 then null else m.offering_id end,
      course_style = case when m.reservations_taken - counts.n = 0 then null else m.course_style end
    from counts
    where m.id = counts.meeting_id
    returning m.id as meeting_id
  `.execute(db);
  if (scope === 'if-released' && released.rows.length === 0) return;
  // Every open checkout of a meeting left without a seat (a package's has none: credits/purchases.ts).
  await movePayments(db, 'abandoned', 'requires_payment_method')
    .where('payments.meeting_id', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reservations as r')
            .select(sql.lit(1).as('one'))
            .whereRef('r.meeting_id', '=', 'payments.meeting_id')
            .whereRef('r.customer_id', '=', 'payments.customer_id')
            .where('r.status', '<>', 'released'),
        ),
      ),
    )
    .execute();
  await sql`
    update subscriptions s set status = 'canceled'
    where s.status = 'active'
      and not exists (select 1 from reservations r where r.subscription_id = s.id and r.status <> 'released')
  `.execute(db);
}

