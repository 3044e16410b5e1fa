import { sql } from 'kysely';
import type { PackageFigures } from '../../../src/contract/entities.ts';
import type { Db } from '../../db/db.ts';
import { unusedPaidCents } from '../credits/lot-refunds.ts';

/**
 * Hour packages' money in [from, to) (docs/contract-extensions.md 'Hour packages'), read from the
 * ledger as it is: the Reports screen and `npm run billing:report` print this same function, so
 * they agree for the same days.
 *
 * - sold: purchases whose hours were granted in the period (paid), their hours and price;
 * - used: `use` entries less `return` entries written in the period, at their purchase's value per
 *   hour (its price over all its hours, bonus included);
 * - expired: `expiry` entries written in the period, at that value;
 * - refunded: whole purchases refunded (a late charge of one given up) and refunds of unused hours,
 *   by when the provider confirmed them;
 * - owed: at the period's end, the hours left in purchases still valid then, and what refunds of
 *   them would give back (their unused paid hours at the price per paid hour, lot-refunds.ts).
 */
export async function packageFigures(db: Db, from: Date, to: Date): Promise<PackageFigures> {
  const perHour = sql<number>`l.price_cents::numeric / nullif(l.paid_hours + l.bonus_hours, 0)`;
  const [sold, moved, wholeRefunds, hourRefunds, live] = await Promise.all([
    db
      .selectFrom('credit_lots as l')
      .where('l.payment_id', 'is not', null)
      .where('l.created_at', '>=', from)
      .where('l.created_at', '<', to)
      .select([sql<string>`count(*)`.as('count'), sql<string>`coalesce(sum(l.paid_hours + l.bonus_hours), 0)`.as('hours'), sql<string>`coalesce(sum(l.price_cents), 0)`.as('cents')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('credit_entries as e')
      .innerJoin('credit_lots as l', 'l.id', 'e.lot_id')
      .where('e.kind', 'in', ['use', 'return', 'expiry'])
      .where('e.created_at', '>=', from)
      .where('e.created_at', '<', to)
      .select([
        sql<string>`coalesce(-sum(e.hours) filter (where e.kind in ('use', 'return')), 0)`.as('used_hours'),
        sql<string>`coalesce(round(-sum(e.hours * ${perHour}) filter (where e.kind in ('use', 'return'))), 0)`.as('used_cents'),
        sql<string>`coalesce(-sum(e.hours) filter (where e.kind = 'expiry'), 0)`.as('expired_hours'),
        sql<string>`coalesce(round(-sum(e.hours * ${perHour}) filter (where e.kind = 'expiry')), 0)`.as('expired_cents'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payments as p')
      .where('p.package_id', 'is not', null)
      .where('p.refunded_at', '>=', from)
      .where('p.refunded_at', '<', to)
      .select(sql<string>`coalesce(sum(p.amount_cents), 0)`.as('cents'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('credit_refunds as r')
      .where('r.refunded_at', '>=', from)
      .where('r.refunded_at', '<', to)
      .select(sql<string>`coalesce(sum(r.amount_cents), 0)`.as('cents'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('credit_lots as l')
      .innerJoin('credit_entries as e', 'e.lot_id', 'l.id')
      .where('l.created_at', '<', to)
      .where('l.expires_at', '>', to)
      .where('e.created_at', '<', to)
      .select(['l.id', 'l.payment_id', 'l.paid_hours', 'l.bonus_hours', 'l.price_cents', sql<number>`sum(e.hours)::int`.as('hours_left')])
      .groupBy('l.id')
      .execute(),
  ]);
  const left = live.filter((lot) => lot.hours_left > 0);
  return {
    sold: { count: Number(sold.count), hours: Number(sold.hours), cents: Number(sold.cents) },
    used: { hours: Number(moved.used_hours), cents: Number(moved.used_cents) },
    expired: { hours: Number(moved.expired_hours), cents: Number(moved.expired_cents) },
    refunded_cents: Number(wholeRefunds.cents) + Number(hourRefunds.cents),
    owed: {
      hours: left.reduce((sum, lot) => sum + lot.hours_left, 0),
      cents: left.reduce((sum, lot) => sum + (lot.payment_id === null ? 0 : unusedPaidCents(lot)), 0),
    },
  };
}
