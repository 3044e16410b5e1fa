import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { BookingCapacity, Frequency, PriceEntry, PriceHistory, Prices } from '../../../src/contract/entities.ts';
import type { Database } from '../../db/schema.ts';
import { toEpoch } from '../../epoch.ts';

/**
 * Prices as their changes (migration 017): a row per (frequency, capacity) and the moment it took
 * effect. The current price is the latest change at or before the server's clock, or the opening
 * price (no effective_at) when no change is. A change is recorded effective at once, so it applies
 * to the checkouts started after it; a booked or subscribed meeting keeps the amount its payments
 * were written with (booking.ts, fulfilment.ts), whatever the table says later.
 */

type Reader = Kysely<Database>;

/** A price row in effect at `at`: an opening price or a change at or before it. */
const inEffectAt = (at: Date) => (eb: ExpressionBuilder<Database, 'prices'>) => eb.or([eb('prices.effective_at', 'is', null), eb('prices.effective_at', '<=', at)]);

/**
 * The current price of one (frequency, capacity) in cents, as a subquery (the booking's checkout
 * joins it to its other reads): null when there is none.
 */
export function currentCentsQuery(db: Reader, frequency: Frequency, capacity: number, at: Date) {
  return db
    .selectFrom('prices')
    .select('prices.cents')
    .where('prices.frequency', '=', frequency)
    .where('prices.capacity', '=', capacity)
    .where(inEffectAt(at))
    .orderBy('prices.effective_at', (ob) => ob.desc().nullsLast())
    .orderBy('prices.id', 'desc')
    .limit(1);
}

interface PriceRow {
  frequency: 'weekly' | 'onetime';
  capacity: number;
  cents: number;
  effective_at: Date | null;
  entered_by_id: number | null;
  entered_by_name: string | null;
}

function priceRows(db: Reader) {
  return db
    .selectFrom('prices')
    .leftJoin('tutors', 'tutors.id', 'prices.entered_by')
    .select(['prices.frequency', 'prices.capacity', 'prices.cents', 'prices.effective_at', 'tutors.id as entered_by_id', 'tutors.name as entered_by_name']);
}

function toEntry(row: PriceRow): PriceEntry {
  return {
    frequency: row.frequency,
    capacity: row.capacity as BookingCapacity,
    cents: row.cents,
    effective_epoch: row.effective_at === null ? null : toEpoch(row.effective_at),
    entered_by: row.entered_by_id === null ? null : { id: row.entered_by_id, name: row.entered_by_name ?? '' },
  };
}

/** The price in effect at `at` of each (frequency, capacity) that has one, weekly first, then by size. */
export async function currentPrices(db: Reader, at: Date): Promise<PriceEntry[]> {
  const rows = await priceRows(db)
    .distinctOn(['prices.frequency', 'prices.capacity'])
    .where(inEffectAt(at))
    .orderBy('prices.frequency', 'desc')
    .orderBy('prices.capacity')
    .orderBy('prices.effective_at', (ob) => ob.desc().nullsLast())
    .orderBy('prices.id', 'desc')
    .execute();
  return rows.map(toEntry);
}

/** GET /api/prices's table (the contract's shape): a size without a price reads 0, as it always did. */
export function priceTable(entries: PriceEntry[]): Prices {
  const prices: Prices = { subscription: { 1: 0, 2: 0 }, onetime: { 1: 0, 2: 0 } };
  for (const entry of entries) (entry.frequency === 'weekly' ? prices.subscription : prices.onetime)[String(entry.capacity) as '1' | '2'] = entry.cents;
  return prices;
}

/** When the earliest change after `at` takes effect (a clock moved back leaves some ahead), or undefined. */
export async function nextChangeAt(db: Reader, at: Date): Promise<Date | undefined> {
  const row = await db.selectFrom('prices').select((eb) => eb.fn.min('effective_at').as('next')).where('effective_at', '>', at).executeTakeFirst();
  return row?.next ? new Date(row.next) : undefined;
}

/**
 * GET /api/prices's answer at `at`: the table in effect, and until when it holds (the next change
 * recorded ahead of the clock, or undefined when none is), which is how long it may be kept.
 */
export async function publicPricesAt(db: Reader, at: Date): Promise<{ prices: Prices; validUntil: Date | undefined }> {
  const [entries, next] = await Promise.all([currentPrices(db, at), nextChangeAt(db, at)]);
  return { prices: priceTable(entries), validUntil: next };
}

/** How many of the latest changes the supervisor's read lists. */
export const RECENT_CHANGES = 20;

/** The supervisor's read: the prices in effect now, with when each took effect, and the latest changes. */
export async function priceHistory(db: Reader, at: Date): Promise<PriceHistory> {
  const [current, changes] = await Promise.all([
    currentPrices(db, at),
    priceRows(db).where('prices.effective_at', 'is not', null).orderBy('prices.effective_at', 'desc').orderBy('prices.id', 'desc').limit(RECENT_CHANGES).execute(),
  ]);
  return { current, changes: changes.map(toEntry) };
}

/** Records a change of one price, effective at `at` (the server's clock), entered by a supervisor. */
export async function changePrice(db: Reader, input: { frequency: Frequency; capacity: BookingCapacity; cents: number }, supervisorId: number, at: Date): Promise<PriceEntry> {
  const row = await db
    .insertInto('prices')
    .values({ frequency: input.frequency, capacity: input.capacity, cents: input.cents, effective_at: at, entered_by: supervisorId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toEntry(await priceRows(db).where('prices.id', '=', row.id).executeTakeFirstOrThrow());
}

/** For SQL written by hand (the large data set): the current price row of `frequency` and `capacity` at `at`, as a lateral join. */
export const currentPriceSql = (frequency: ReturnType<typeof sql>, capacity: ReturnType<typeof sql>, at: Date) => sql`
  lateral (
    select cents from prices
    where frequency = ${frequency} and capacity = ${capacity} and (effective_at is null or effective_at <= cast(${at} as timestamptz))
    order by effective_at desc nulls last, id desc
    limit 1
  )`;
