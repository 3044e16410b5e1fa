/**
 * Money you can check (npm run billing:report): for the meetings that start in a period, what was
 * charged, refunded, is still scheduled and failed, per tutor and per customer, read from the
 * payments table as it is, so a person can reconcile it with the provider's dashboard.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

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

export interface BillingReport {
  from: Date;
  to: Date;
  byTutor: BillingLine[];
  byCustomer: BillingLine[];
  totals: Omit<BillingLine, 'id' | 'name'>;
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

function line(row: { id: number; name: string; charged: string; refunded: string; refund_pending: string; scheduled: string; failed: string }): BillingLine {
  return {
    id: row.id,
    name: row.name,
    chargedCents: Number(row.charged),
    refundedCents: Number(row.refunded),
    refundPendingCents: Number(row.refund_pending),
    scheduledCents: Number(row.scheduled),
    failedCents: Number(row.failed),
  };
}

/** Payments of meetings starting in [from, to). */
export async function billingReport(db: Db, from: Date, to: Date): Promise<BillingReport> {
  // Money that moved (an intent) or is owed (a later week, a charge in flight, a refund to send);
  // checkouts that never reached a card are left out.
  const withScheduled = () =>
    db
      .selectFrom('payments as p')
      .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
      .where('m.occurrence', '>=', from)
      .where('m.occurrence', '<', to)
      .where((eb) => eb.or([eb('p.provider_intent_id', 'is not', null), eb('p.payment_status', 'in', ['subscription_pending', 'processing']), eb('p.refund_pending', '=', true)]))
      .select([sums.charged.as('charged'), sums.refunded.as('refunded'), sums.refundPending.as('refund_pending'), sums.scheduled.as('scheduled'), sums.failed.as('failed')]);
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
  const { id: _id, name: _name, ...totals } = line({ id: 0, name: '', ...total });
  return { from, to, byTutor: byTutor.map(line), byCustomer: byCustomer.map(line), totals };
}
