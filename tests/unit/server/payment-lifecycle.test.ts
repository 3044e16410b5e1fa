import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/schema.ts';
import {
  chargeAnswerEvent,
  ImpossibleTransition,
  movePayments,
  PAYMENT_STATUSES,
  PAYMENT_TRANSITIONS,
  paymentStatusUpdate,
  type PaymentEvent,
  type PaymentStatus,
} from '../../../server/domain/billing/payment-lifecycle.ts';

const EVENTS = Object.keys(PAYMENT_TRANSITIONS) as PaymentEvent[];

/** The lifecycle as it stands, written out by hand: a change to the table must change this too. */
const ALLOWED: [PaymentStatus, PaymentEvent, PaymentStatus][] = [
  ['subscription_pending', 'claimed', 'processing'],
  ['requires_payment_method', 'claimed', 'processing'],
  ['processing', 'claimed', 'processing'],
  ['requires_payment_method', 'paid', 'succeeded'],
  ['processing', 'paid', 'succeeded'],
  ['requires_action', 'paid', 'succeeded'],
  ['subscription_pending', 'paid', 'succeeded'],
  ['processing', 'settling', 'processing'],
  ['processing', 'needs_action', 'requires_action'],
  ['processing', 'declined', 'requires_payment_method'],
  ['requires_action', 'declined', 'requires_payment_method'],
  ['succeeded', 'canceled', 'canceled'],
  ['processing', 'canceled', 'canceled'],
  ['requires_action', 'canceled', 'canceled'],
  ['subscription_pending', 'canceled', 'canceled'],
  ['succeeded', 'refunded', 'canceled'],
  ['requires_payment_method', 'abandoned', 'abandoned'],
];

describe('payment lifecycle', () => {
  it.each(ALLOWED)('%s becomes %s by %s', (from, event, to) => {
    expect(paymentStatusUpdate(from, event)).toBe(to);
  });

  it('refuses every other status and event', () => {
    let refused = 0;
    for (const from of PAYMENT_STATUSES) {
      for (const event of EVENTS) {
        if (ALLOWED.some(([f, e]) => f === from && e === event)) continue;
        expect(() => paymentStatusUpdate(from, event), `${from} by ${event}`).toThrow(ImpossibleTransition);
        refused += 1;
      }
    }
    expect(refused).toBe(PAYMENT_STATUSES.length * EVENTS.length - ALLOWED.length);
  });

  it('never makes a refunded, canceled or abandoned payment paid', () => {
    for (const from of ['canceled', 'abandoned'] as const) expect(() => paymentStatusUpdate(from, 'paid')).toThrow(ImpossibleTransition);
    const refunded = paymentStatusUpdate('succeeded', 'refunded');
    expect(() => paymentStatusUpdate(refunded, 'paid')).toThrow(/'canceled' cannot change by 'paid'/);
  });

  it('ends at canceled and abandoned: nothing leaves them', () => {
    for (const from of ['canceled', 'abandoned'] as const) {
      for (const event of EVENTS) expect(() => paymentStatusUpdate(from, event)).toThrow(ImpossibleTransition);
    }
  });

  it('reads a provider answer to an off-session charge as its event', () => {
    expect(paymentStatusUpdate('processing', chargeAnswerEvent('succeeded'))).toBe('succeeded');
    expect(paymentStatusUpdate('processing', chargeAnswerEvent('processing'))).toBe('processing');
    expect(paymentStatusUpdate('processing', chargeAnswerEvent('requires_action'))).toBe('requires_action');
    expect(paymentStatusUpdate('processing', chargeAnswerEvent('failed'))).toBe('requires_payment_method');
  });
});

/** Compiles queries only (no database): what the helper writes. */
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('movePayments', () => {
  it('updates only payments still in the status it comes from, so a concurrent change is not overwritten', () => {
    const query = movePayments(db, 'declined', 'processing').set({ charge_retry_at: null }).where('id', '=', 7).compile();
    expect(query.sql).toBe('update "payments" set "payment_status" = $1, "charge_retry_at" = $2 where "payment_status" = $3 and "id" = $4');
    expect(query.parameters).toEqual(['requires_payment_method', null, 'processing', 7]);
  });

  it('by default from every status the event allows', () => {
    const query = movePayments(db, 'claimed').where('id', 'in', [1, 2]).compile();
    expect(query.sql).toBe('update "payments" set "payment_status" = $1 where "payment_status" in ($2, $3, $4) and "id" in ($5, $6)');
    expect(query.parameters).toEqual(['processing', 'subscription_pending', 'requires_payment_method', 'processing', 1, 2]);
  });

  it('refuses to write a transition the table does not allow', () => {
    expect(() => movePayments(db, 'paid', 'canceled')).toThrow(ImpossibleTransition);
    expect(() => movePayments(db, 'canceled', ['succeeded', 'abandoned'])).toThrow(/'abandoned' cannot change by 'canceled'/);
  });
});
