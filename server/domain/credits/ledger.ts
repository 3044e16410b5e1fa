import { type Kysely, sql } from 'kysely';
import type { BookingCapacity, CreditEntry, CreditLot, Credits } from '../../../src/contract/entities.ts';
import type { Database } from '../../db/schema.ts';
import { now } from '../../clock.ts';
import { toEpoch } from '../../epoch.ts';
import { Refusal } from '../refusal.ts';

/**
 * The ledger of customers' hours (docs/contract-extensions.md 'Hour packages'): every change is an
 * entry (purchase, bonus, use, return, expiry, refund, adjustment) in a lot, the hours of one size
 * that came together. A balance is only ever the sum of entries: nothing else stores one.
 *
 * A lot counts until it expires (its expiry entry, written by the job runner, takes what was left,
 * so the sum of an expired lot's entries is 0 as soon as that runs; until then it is left out here).
 */

type Db = Kysely<Database>;

/**
 * The `provider` of a payment paid with an hour of a package (amount 0, no provider's intent), and
 * of a weekly week that waits for its hour (credits/weekly-draws.ts): no card is charged for it.
 */
export const HOURS_PROVIDER = 'credits';

/** The hours left in a customer's live lots, per lot: a subquery to join or sum. */
function liveLots(db: Db, customerId: number) {
  return db
    .selectFrom('credit_lots as l')
    .innerJoin('credit_entries as e', 'e.lot_id', 'l.id')
    .select(['l.id', 'l.capacity', 'l.expires_at', 'l.created_at'])
    .select(sql<number>`sum(e.hours)::int`.as('hours_left'))
    .where('l.customer_id', '=', customerId)
    .where('l.expires_at', '>', now())
    .groupBy('l.id');
}

/** A customer's hours left, all sizes together (GET /api/customers/myself `credits`): a scalar subquery. */
export function creditTotalQuery(db: Db, customerId: number) {
  return db.selectFrom(liveLots(db, customerId).as('live')).select(sql<number>`coalesce(sum(live.hours_left), 0)::int`.as('total'));
}

/** A customer's hours left of one size (1: one-on-one, 2: group-of-two). */
export async function hoursLeftOfSize(db: Db, customerId: number, capacity: number): Promise<number> {
  const row = await db
    .selectFrom(liveLots(db, customerId).where('l.capacity', '=', capacity).as('live'))
    .select(sql<number>`coalesce(sum(live.hours_left), 0)::int`.as('hours'))
    .executeTakeFirstOrThrow();
  return row.hours;
}

/** Entries and lots a customer's view lists at most (the newest). */
const LISTED = 200;

/** GET /api/customers/myself/credits: the balance per size, the lots with their expiry, the ledger; newest first. */
export async function listCredits(db: Db, customerId: number): Promise<Credits> {
  const at = now();
  const [lots, entries] = await Promise.all([
    db
      .selectFrom('credit_lots as l')
      .leftJoin('packages as p', 'p.id', 'l.package_id')
      .select(['l.id', 'l.capacity', 'p.name as package_name', 'l.paid_hours', 'l.bonus_hours', 'l.price_cents', 'l.expires_at', 'l.created_at'])
      .select((eb) => eb.selectFrom('credit_entries as e').select(sql<number>`coalesce(sum(e.hours), 0)::int`.as('sum')).whereRef('e.lot_id', '=', 'l.id').as('hours_left'))
      .where('l.customer_id', '=', customerId)
      .orderBy('l.id', 'desc')
      .limit(LISTED)
      .execute(),
    db
      .selectFrom('credit_entries as e')
      .innerJoin('credit_lots as l', 'l.id', 'e.lot_id')
      .leftJoin('tutors as t', 't.id', 'e.entered_by')
      .select(['e.id', 'e.kind', 'e.hours', 'l.capacity', 'e.lot_id', 'e.meeting_id', 'e.reason', 't.name as entered_by', 'e.created_at'])
      .where('e.customer_id', '=', customerId)
      .orderBy('e.id', 'desc')
      .limit(LISTED)
      .execute(),
  ]);
  const listedLots: CreditLot[] = lots.map((lot) => {
    const expired = new Date(lot.expires_at).getTime() <= at.getTime();
    return {
      id: lot.id,
      capacity: lot.capacity as BookingCapacity,
      package_name: lot.package_name,
      paid_hours: lot.paid_hours,
      bonus_hours: lot.bonus_hours,
      price_cents: lot.price_cents,
      hours_left: expired ? 0 : Number(lot.hours_left ?? 0),
      expired,
      expires_at_epoch: toEpoch(lot.expires_at),
      bought_at_epoch: toEpoch(lot.created_at),
    };
  });
  // The balance from every live lot, not only those listed.
  const live = await liveLots(db, customerId).execute();
  const balance = ([1, 2] as const).map((capacity) => ({ capacity, hours: live.filter((lot) => lot.capacity === capacity).reduce((sum, lot) => sum + lot.hours_left, 0) }));
  const listedEntries: CreditEntry[] = entries.map((entry) => ({
    id: Number(entry.id),
    kind: entry.kind,
    hours: entry.hours,
    capacity: entry.capacity as BookingCapacity,
    lot_id: entry.lot_id,
    meeting_id: entry.meeting_id,
    reason: entry.reason,
    entered_by: entry.entered_by,
    at_epoch: toEpoch(entry.created_at),
  }));
  return { total: balance.reduce((sum, size) => sum + size.hours, 0), balance, lots: listedLots, entries: listedEntries };
}

/** A customer's hours as staff read them (GET /api/customers/{id}/credits): refused UserNotFound for no such customer. */
export async function customerCredits(db: Db, customerId: number): Promise<Credits> {
  const exists = await db.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
  if (!exists) throw new Refusal('UserNotFound');
  return listCredits(db, customerId);
}

/** What a paid package gives: its lot (the hours and what they cost) and its purchase and bonus entries. */
export interface PurchasedLot {
  customerId: number;
  paymentId: number;
  packageId: number;
  capacity: number;
  paidHours: number;
  bonusHours: number;
  priceCents: number;
  expiresAt: Date;
}

/**
 * Writes a paid package's lot and entries, once: the lot is unique per payment, so a second landing
 * of the same payment (the webhook after the confirmation) adds nothing. Returns whether it wrote.
 */
export async function grantPurchasedLot(trx: Db, lot: PurchasedLot): Promise<boolean> {
  const at = now();
  const written = await trx
    .insertInto('credit_lots')
    .values({
      customer_id: lot.customerId,
      capacity: lot.capacity,
      payment_id: lot.paymentId,
      package_id: lot.packageId,
      paid_hours: lot.paidHours,
      bonus_hours: lot.bonusHours,
      price_cents: lot.priceCents,
      expires_at: lot.expiresAt,
      created_at: at,
    })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!written) return false;
  const entry = { customer_id: lot.customerId, lot_id: written.id, payment_id: lot.paymentId, created_at: at };
  await trx
    .insertInto('credit_entries')
    .values([
      { ...entry, kind: 'purchase', hours: lot.paidHours },
      ...(lot.bonusHours > 0 ? [{ ...entry, kind: 'bonus' as const, hours: lot.bonusHours }] : []),
    ])
    .execute();
  return true;
}

/**
 * The lot an hour of this size is drawn from: the oldest live purchase with hours left. Locks the
 * customer's row first, so that two bookings of one customer draw one after the other (the second
 * sees the first's entry once it waits its turn): with one hour left, exactly one gets it.
 */
export async function lotToDraw(trx: Db, customerId: number, capacity: number): Promise<number> {
  await trx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
  const lot = await liveLots(trx, customerId).where('l.capacity', '=', capacity).having(sql`sum(e.hours)`, '>', 0).orderBy('l.id').limit(1).executeTakeFirst();
  if (!lot) throw new Refusal('NoCredits');
  return lot.id;
}

/** An hour used on a meeting's payment (one, at most once per payment). */
export async function recordUse(trx: Db, use: { customerId: number; lotId: number; meetingId: number; paymentId: number }): Promise<void> {
  await trx
    .insertInto('credit_entries')
    .values({ customer_id: use.customerId, lot_id: use.lotId, kind: 'use', hours: -1, meeting_id: use.meetingId, payment_id: use.paymentId, created_at: now() })
    .execute();
}

/**
 * Gives back the hours used on payments that are now canceled (a skip, a tutor's or a supervisor's
 * cancel, an ended subscription): one return per use, once, to the lot it came from. Called in the
 * transaction that cancels them; payments paid by card have no use and get nothing here.
 */
export async function returnHoursOf(trx: Db, payments: { paymentIds: number[] } | { meetingId: number }): Promise<void> {
  let uses = trx
    .selectFrom('credit_entries as u')
    .innerJoin('payments as p', 'p.id', 'u.payment_id')
    .select(['u.customer_id', 'u.lot_id', 'u.meeting_id', 'u.payment_id', 'u.hours'])
    .where('u.kind', '=', 'use')
    .where('p.payment_status', '=', 'canceled')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('credit_entries as r').select('r.id').whereRef('r.payment_id', '=', 'u.payment_id').where('r.kind', '=', 'return'))));
  if ('paymentIds' in payments) {
    if (payments.paymentIds.length === 0) return;
    uses = uses.where('u.payment_id', 'in', payments.paymentIds);
  } else uses = uses.where('u.meeting_id', '=', payments.meetingId);
  const rows = await uses.execute();
  if (rows.length === 0) return;
  await trx
    .insertInto('credit_entries')
    .values(rows.map((use) => ({ customer_id: use.customer_id, lot_id: use.lot_id, kind: 'return' as const, hours: -use.hours, meeting_id: use.meeting_id, payment_id: use.payment_id, created_at: now() })))
    .onConflict((oc) => oc.columns(['payment_id', 'kind']).where('kind', 'in', ['use', 'return']).doNothing())
    .execute();
}
