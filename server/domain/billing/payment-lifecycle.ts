import type { Transaction } from 'kysely';
import type { StoredPaymentStatus } from '../../../src/contract/entities.ts';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The lifecycle of a payment's status: which status may become which, by which event. Every write
 * of `payment_status` after a payment's insert goes through `paymentStatusUpdate` (checked in code)
 * or `movePayments` (the same check, then an update that only touches rows still in an allowed
 * status, so a concurrent change — a tutor's cancel, another runner's claim — is never overwritten).
 *
 * A payment starts as one of `INITIAL_STATUS`: a booking's checkout waits for a card, a weekly
 * subscription's later week waits for its charge, an overtime charge is written as sent.
 *
 * Refunds do not have their own status: a refunded payment is `canceled` with `refund_pending`
 * (until the provider confirms it, then `refunded_at`): refunds.ts. The reconciliation pass
 * (reconcile.ts) writes statuses only through fulfilment.ts and the checkout's own writes.
 */
export type PaymentStatus = StoredPaymentStatus;

export const PAYMENT_STATUSES = ['requires_payment_method', 'requires_action', 'processing', 'succeeded', 'subscription_pending', 'canceled', 'abandoned'] as const satisfies readonly PaymentStatus[];

/** A payment's status when it is inserted, by what it pays for. */
export const INITIAL_STATUS = {
  /** A booking's checkout (booking.ts): open until paid, given up, or its hold runs out. */
  checkout: 'requires_payment_method',
  /** A later week of a weekly subscription (fulfilment.ts), charged when its skip window closes. */
  scheduledWeek: 'subscription_pending',
  /** Overtime (overtime-charges.ts): written as sent, charged after the commit. */
  overtime: 'processing',
  /** A one-time booking paid with an hour of a package (booking.ts, credits/ledger.ts): paid as it is written. */
  paidWithHours: 'succeeded',
} as const satisfies Record<string, PaymentStatus>;

export type PaymentEvent =
  /** The due-charges job takes a weekly payment to charge it (or takes back one a crash left claimed). */
  | 'claimed'
  /** The provider reports the charge succeeded (its answer, its webhook, or the reconciliation pass). */
  | 'paid'
  /** The provider answers that the charge is still settling. */
  | 'settling'
  /** The provider answers that the customer must confirm the charge (3-D Secure). */
  | 'needs_action'
  /** The provider declines the charge: it waits for another card (a checkout) or a retry (a weekly week). */
  | 'declined'
  /** A booked or scheduled payment ends with nothing to give back (a skip, a cancel, a tutor's cancel). */
  | 'canceled'
  /** A charged payment ends and its money goes back (refund_pending is written with it). */
  | 'refunded'
  /** An open checkout is given up: its hold ran out, another checkout or a cancel took over. */
  | 'abandoned';

export interface Transition {
  readonly from: readonly PaymentStatus[];
  readonly to: PaymentStatus;
}

/**
 * The table. Each event has one result and the statuses it may come from; anything else is an
 * impossible transition. Final statuses: `canceled` and `abandoned` (a charge that lands on one is
 * refunded, never recorded as paid: fulfilment.ts).
 */
export const PAYMENT_TRANSITIONS = {
  claimed: { from: ['subscription_pending', 'requires_payment_method', 'processing'], to: 'processing' },
  // `subscription_pending` has no intent for a charge to land on (the claim makes it `processing`
  // first); it is here because fulfilment.ts has always accepted it.
  paid: { from: ['requires_payment_method', 'processing', 'requires_action', 'subscription_pending'], to: 'succeeded' },
  settling: { from: ['processing'], to: 'processing' },
  needs_action: { from: ['processing'], to: 'requires_action' },
  declined: { from: ['processing', 'requires_action'], to: 'requires_payment_method' },
  canceled: { from: ['succeeded', 'processing', 'requires_action', 'subscription_pending'], to: 'canceled' },
  refunded: { from: ['succeeded'], to: 'canceled' },
  abandoned: { from: ['requires_payment_method'], to: 'abandoned' },
} as const satisfies Record<PaymentEvent, Transition>;

/** A write the lifecycle does not allow: a defect in the caller, never a user's mistake. */
export class ImpossibleTransition extends Error {
  constructor(from: PaymentStatus, event: PaymentEvent) {
    super(`payment status: '${from}' cannot change by '${event}' (allowed from ${PAYMENT_TRANSITIONS[event].from.join(', ')})`);
  }
}

export function canTransition(from: PaymentStatus, event: PaymentEvent): boolean {
  return (PAYMENT_TRANSITIONS[event].from as readonly PaymentStatus[]).includes(from);
}

/** The status a payment in `from` takes on `event`; throws for a transition the table does not allow. */
export function paymentStatusUpdate(from: PaymentStatus, event: PaymentEvent): PaymentStatus {
  if (!canTransition(from, event)) throw new ImpossibleTransition(from, event);
  return PAYMENT_TRANSITIONS[event].to;
}

/** The event of a provider's answer to an off-session charge (a weekly week's, overtime). */
export function chargeAnswerEvent(answer: 'succeeded' | 'processing' | 'requires_action' | 'failed'): PaymentEvent {
  return ({ succeeded: 'paid', processing: 'settling', requires_action: 'needs_action', failed: 'declined' } as const)[answer];
}

/**
 * `update payments set payment_status = <to> where payment_status in <from>`: the caller adds which
 * payments (`.where('id', ...)`), any other columns (`.set({...})`) and `returning`. `from` narrows
 * the event's allowed statuses (each must be one of them); by default all of them.
 */
export function movePayments(db: Db | Transaction<Database>, event: PaymentEvent, from: PaymentStatus | readonly PaymentStatus[] = PAYMENT_TRANSITIONS[event].from) {
  const statuses: readonly PaymentStatus[] = typeof from === 'string' ? [from] : from;
  for (const status of statuses) paymentStatusUpdate(status, event);
  const update = db.updateTable('payments').set({ payment_status: PAYMENT_TRANSITIONS[event].to });
  // One status as `=`, as the queries always wrote it (the partial indexes read it either way).
  return statuses.length === 1 ? update.where('payment_status', '=', statuses[0]!) : update.where('payment_status', 'in', statuses);
}
