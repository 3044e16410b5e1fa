import { describe, expect, it } from 'vitest';
import {
  chargeAnswerEvent,
  ImpossibleTransition,
  PAYMENT_STATUSES,
  PAYMENT_TRANSITIONS,
  paymentStatusUpdate,
  type PaymentEvent,
  type PaymentStatus,
} from '../../../server/domain/payment-lifecycle.ts';

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
