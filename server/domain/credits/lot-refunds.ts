import { sql } from 'kysely';
import type { Db } from '../../db/db.ts';
import { now } from '../../clock.ts';
import { recordEvent } from '../../events/record.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { customerFacts } from '../meetings/change-events.ts';
import { Refusal } from '../refusal.ts';
import type { LotRefund, UnusedPurchase } from '../../../src/contract/entities.ts';
import { toEpoch } from '../../epoch.ts';

/**
 * A supervisor refunds a purchase's unused hours (POST /api/credit-lots/{id}/refund): pro rata to
 * the price paid per paid hour, to the card that paid, recorded like every refund (its receipt).
 *
 * Bonus hours are never refunded as money: the hours left count the bonus as the last ones used, so
 * a purchase of 10 paid + 2 bonus hours with 9 left refunds 7 paid hours, and all 9 leave the ledger.
 *
 * The hours leave the ledger (a `refund` entry, who and why) with the refund's row, in one
 * transaction that locks the customer as a booking drawing an hour does (ledger.ts), so an hour is
 * never both booked and refunded. The card's refund is sent after the commit, keyed by the row, and
 * a refund the provider did not confirm is sent again by the reconciliation pass (refunds.ts).
 */

/**
 * What a purchase's hours left are worth as money: its paid hours among them (the bonus counts as
 * the last hours used, and is never money), at the price per paid hour.
 */
export function unusedPaidCents(lot: { paid_hours: number; bonus_hours: number; price_cents: number; hours_left: number }): number {
  if (lot.paid_hours === 0) return 0;
  const paidHours = Math.max(0, Math.min(lot.paid_hours, lot.hours_left - lot.bonus_hours));
  return Math.round((lot.price_cents * paidHours) / lot.paid_hours);
}

/** Purchases a supervisor's list shows at most (the newest). */
const LISTED = 200;

/**
 * GET /api/credit-lots: the purchases whose hours are not all used and not expired, newest first,
 * with their customer and what a refund of their unused hours would give back.
 */
export async function listUnusedPurchases(db: Db): Promise<UnusedPurchase[]> {
  const hoursLeft = sql<number>`(select coalesce(sum(e.hours), 0)::int from credit_entries e where e.lot_id = l.id)`;
  const rows = await db
    .selectFrom('credit_lots as l')
    .innerJoin('customers as c', 'c.id', 'l.customer_id')
    .leftJoin('packages as k', 'k.id', 'l.package_id')
    .select(['l.id', 'l.capacity', 'l.paid_hours', 'l.bonus_hours', 'l.price_cents', 'l.expires_at', 'l.created_at', 'l.payment_id', 'k.name as package_name', 'c.id as customer_id', 'c.firstname', 'c.lastname'])
    .select(hoursLeft.as('hours_left'))
    .where('l.expires_at', '>', now())
    .where(hoursLeft, '>', 0)
    .orderBy('l.id', 'desc')
    .limit(LISTED)
    .execute();
  return rows.map((lot) => ({
    id: lot.id,
    customer: { id: lot.customer_id, firstname: lot.firstname, lastname: lot.lastname },
    package_name: lot.package_name,
    capacity: lot.capacity === 2 ? 2 : 1,
    paid_hours: lot.paid_hours,
    bonus_hours: lot.bonus_hours,
    price_cents: lot.price_cents,
    hours_left: lot.hours_left,
    refundable_cents: lot.payment_id === null ? 0 : unusedPaidCents(lot),
    expires_at_epoch: toEpoch(lot.expires_at),
    bought_at_epoch: toEpoch(lot.created_at),
  }));
}

export async function refundUnusedHours(db: Db, provider: PaymentProvider, log: (line: string) => void, staffId: number, lotId: number, reason: string): Promise<LotRefund> {
  const refund = await db.transaction().execute(async (trx) => {
    const owner = await trx.selectFrom('credit_lots').select('customer_id').where('id', '=', lotId).executeTakeFirst();
    if (!owner) throw new Refusal('LotNotFound');
    await trx.selectFrom('customers').select('id').where('id', '=', owner.customer_id).forUpdate().execute();
    const lot = await trx
      .selectFrom('credit_lots as l')
      .select(['l.id', 'l.customer_id', 'l.payment_id', 'l.paid_hours', 'l.bonus_hours', 'l.price_cents', 'l.expires_at'])
      .select(sql<number>`(select coalesce(sum(e.hours), 0)::int from credit_entries e where e.lot_id = l.id)`.as('hours_left'))
      .where('l.id', '=', lotId)
      .executeTakeFirstOrThrow();
    // Only bought hours go back as money (staff's adjustments have no payment), while they count.
    if (lot.payment_id === null || lot.paid_hours === 0 || new Date(lot.expires_at) <= now() || lot.hours_left <= 0) throw new Refusal('NotRefundable');
    const amountCents = unusedPaidCents(lot);
    const written = await trx
      .insertInto('credit_refunds')
      .values({ lot_id: lot.id, payment_id: lot.payment_id, hours: lot.hours_left, amount_cents: amountCents, reason: reason.trim(), entered_by: staffId, created_at: now(), ...(amountCents === 0 ? { refunded_at: now() } : {}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('credit_entries')
      .values({ customer_id: lot.customer_id, lot_id: lot.id, kind: 'refund', hours: -lot.hours_left, payment_id: lot.payment_id, reason: reason.trim(), entered_by: staffId, created_at: now() })
      .execute();
    return { id: written.id, lot_id: lot.id, hours: lot.hours_left, amount_cents: amountCents };
  });
  await sendCreditRefunds(db, provider, log, [refund.id]);
  return { lot_id: refund.lot_id, hours: refund.hours, amount_cents: refund.amount_cents };
}

/**
 * Sends the refunds of unused hours the provider has not confirmed yet (these, or all of them: the
 * reconciliation pass), each keyed by its row; once confirmed, its receipt's event, once. One that
 * fails stays for the next pass and is logged. Returns how many are still to send.
 */
export async function sendCreditRefunds(db: Db, provider: PaymentProvider, log: (line: string) => void, ids?: number[]): Promise<number> {
  let query = db
    .selectFrom('credit_refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .select(['r.id', 'r.payment_id', 'r.amount_cents', 'r.hours', 'r.cause', 'p.provider_intent_id'])
    .where('r.refunded_at', 'is', null);
  if (ids) {
    if (ids.length === 0) return 0;
    query = query.where('r.id', 'in', ids);
  }
  let left = 0;
  for (const refund of await query.orderBy('r.id').execute()) {
    try {
      if (refund.provider_intent_id) await provider.refund(refund.provider_intent_id, { amountCents: refund.amount_cents, key: `credit-refund-${refund.id}` });
      await db.transaction().execute(async (trx) => {
        const recorded = await trx.updateTable('credit_refunds').set({ refunded_at: now() }).where('id', '=', refund.id).where('refunded_at', 'is', null).returning('id').executeTakeFirst();
        if (recorded) await recordHoursRefunded(trx, refund);
      });
    } catch (error) {
      left += 1;
      log(`refund of unused hours ${refund.id} not confirmed (sent again next pass): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return left;
}

/** The receipt of a refund of hours (unused, or used on a course whose guarantee was claimed): the package, the hours and the money. */
async function recordHoursRefunded(trx: Db, refund: { payment_id: number; amount_cents: number; hours: number; cause: 'unused' | 'guarantee' }): Promise<void> {
  const payment = await trx
    .selectFrom('payments as p')
    .innerJoin('packages as k', 'k.id', 'p.package_id')
    .select(['p.customer_id', 'k.name'])
    .where('p.id', '=', refund.payment_id)
    .executeTakeFirstOrThrow();
  const customer = (await customerFacts(trx, [payment.customer_id])).get(payment.customer_id)!;
  const hours = `${refund.hours} ${refund.cause === 'unused' ? 'unused ' : ''}${refund.hours === 1 ? 'hour' : 'hours'}${refund.cause === 'guarantee' ? ', pass guarantee' : ''}`;
  await recordEvent(trx, { kind: 'PackageRefunded', paymentId: refund.payment_id, customer, packageName: `${payment.name} (${hours})`, amountCents: refund.amount_cents });
}
