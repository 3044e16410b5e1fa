/**
 * Money you can check (npm run billing:report): for the meetings that start in a period, what was
 * charged, refunded, is still scheduled and failed, per tutor and per customer, read from the
 * payments table as it is, so a person can reconcile it with the provider's dashboard. The Reports
 * screen's money (server/domain/reports.ts) is these same payments and sums, a week at a time, and
 * both show the hour packages' figures of package-figures.ts.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/db.ts';
import { daysSpan } from '../calendar/zone-days.ts';
import type { PackageFigures } from '../../../src/contract/entities.ts';
import { packageFigures } from './package-figures.ts';

export interface BillingLine {
  id: number;
  name: string;
  /** Succeeded and not refunded (refund not pending either). */
  chargedCents: number;
  /** Charges given back: the provider confirmed the refund (whatever the end status), or it is still pending. */
  refundedCents: number;
  /** Of those, refunds the provider has not confirmed yet (the retry job sends them). */
  refundPendingCents: number;
  /** Later weeks not charged yet, and charges in flight or waiting for the customer. */
  scheduledCents: number;
  /** Off-session charges declined, and not retried successfully (shown as 'Failed'); open checkouts are not. */
  failedCents: number;
}

export type BillingAmounts = Omit<BillingLine, 'id' | 'name'>;

export interface BillingReport {
  from: Date;
  to: Date;
  byTutor: BillingLine[];
  byCustomer: BillingLine[];
  totals: BillingAmounts;
  /** Hour packages sold, used, expired, refunded and owed (package-figures.ts), as Reports shows them. */
  packages: PackageFigures;
}

const sums = {
  charged: sql<string>`coalesce(sum(p.amount_cents) filter (where p.payment_status = 'succeeded' and not p.refund_pending), 0)`,
  // By the refund's own record: a late charge refunded stays `abandoned`, and a payment canceled
  // before its charge settled has an intent but no refund.
  refunded: sql<string>`coalesce(sum(p.amount_cents) filter (where p.refunded_at is not null or p.refund_pending), 0)`,
  refundPending: sql<string>`coalesce(sum(p.amount_cents) filter (where p.refund_pending), 0)`,
  scheduled: sql<string>`coalesce(sum(p.amount_cents) filter (where p.payment_status in ('subscription_pending', 'processing', 'requires_action')), 0)`,
  // Off-session charges (weekly, overtime) that were declined; a checkout waiting for a card (typed,
  // or another after its saved card was declined) is not a failed charge while its hold lasts.
  failed: sql<string>`coalesce(sum(p.amount_cents) filter (where p.payment_status = 'requires_payment_method' and p.provider_intent_id is not null and p.checkout is null), 0)`,
};

/** The report's five sums over `billedPayments`, selected as charged, refunded, refund_pending, scheduled and failed. */
export const billingSums = [sums.charged.as('charged'), sums.refunded.as('refunded'), sums.refundPending.as('refund_pending'), sums.scheduled.as('scheduled'), sums.failed.as('failed')] as const;

export interface BillingSumsRow {
  charged: string;
  refunded: string;
  refund_pending: string;
  scheduled: string;
  failed: string;
}

/** The sums of a row that selected `billingSums`, in cents. */
export function billingAmounts(row: BillingSumsRow): BillingAmounts {
  return {
    chargedCents: Number(row.charged),
    refundedCents: Number(row.refunded),
    refundPendingCents: Number(row.refund_pending),
    scheduledCents: Number(row.scheduled),
    failedCents: Number(row.failed),
  };
}

const line = (row: BillingSumsRow & { id: number; name: string }): BillingLine => ({ id: row.id, name: row.name, ...billingAmounts(row) });

/**
 * The payments the report counts, as `p` joined to their meeting `m`: of meetings starting in
 * [from, to), money that moved (an intent) or is owed (a later week, a charge in flight, a refund
 * to send); checkouts that never reached a card are left out.
 */
export function billedPayments(db: Db, from: Date, to: Date) {
  return db
    .selectFrom('payments as p')
    .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
    .where('m.occurrence', '>=', from)
    .where('m.occurrence', '<', to)
    .where((eb) => eb.or([eb('p.provider_intent_id', 'is not', null), eb('p.payment_status', 'in', ['subscription_pending', 'processing']), eb('p.refund_pending', '=', true)]));
}

/**
 * The instants of whole days in a zone: from the first day's midnight to the midnight after the
 * last. The command line counts days in UTC unless told a zone; the Reports screen in the site's.
 */
export function billingSpan(firstDay: string, lastDay: string, timeZone: string): { from: Date; to: Date } {
  const { startsMs, endsMs } = daysSpan(firstDay, lastDay, timeZone);
  return { from: new Date(startsMs), to: new Date(endsMs) };
}

/** Payments of meetings starting in [from, to). */
export async function billingReport(db: Db, from: Date, to: Date): Promise<BillingReport> {
  const withScheduled = () => billedPayments(db, from, to).select([...billingSums]);
  const byTutor = await withScheduled()
    .innerJoin('tutors as t', 't.id', 'm.tutor_id')
    .select(['t.id', 't.name'])
    .groupBy(['t.id', 't.name'])
    .orderBy('t.name')
    .orderBy('t.id')
    .execute();
  const byCustomer = await withScheduled()
    .innerJoin('customers as cu', 'cu.id', 'p.customer_id')
    .select(['cu.id', sql<string>`cu.firstname || ' ' || cu.lastname`.as('name')])
    .groupBy(['cu.id', 'cu.firstname', 'cu.lastname'])
    .orderBy('cu.lastname')
    .orderBy('cu.firstname')
    .orderBy('cu.id')
    .execute();
  const total = await withScheduled().executeTakeFirstOrThrow();
  return { from, to, byTutor: byTutor.map(line), byCustomer: byCustomer.map(line), totals: billingAmounts(total), packages: await packageFigures(db, from, to) };
}
