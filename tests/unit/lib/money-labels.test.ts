import { describe, expect, it } from 'vitest';
import { capacityLabel, paymentChipLabel, paymentStatusLabel, styleLabel } from '../../../src/lib/labels.ts';
import { centsToDollars, priceLabel, sessionPrice } from '../../../src/lib/money.ts';

describe('money', () => {
  it('shows cents as dollars, with cents only when there are some', () => {
    expect(centsToDollars(4500)).toBe('$45');
    expect(centsToDollars(4550)).toBe('$45.50');
    expect(centsToDollars(5)).toBe('$0.05');
    expect(centsToDollars(0)).toBe('$0');
    expect(centsToDollars(-1500)).toBe('-$15');
  });

  it('reads the price of a session from the table by frequency and size', () => {
    const prices = { subscription: { 1: 4500, 2: 3000 }, onetime: { 1: 5500, 2: 3500 } };
    expect(sessionPrice(prices, 'weekly', 2)).toBe(3000);
    expect(sessionPrice(prices, 'onetime', 1)).toBe(5500);
  });

  it('adds /wk to weekly prices only', () => {
    expect(priceLabel(3000, 'weekly')).toBe('$30/wk');
    expect(priceLabel(3000, 'onetime')).toBe('$30');
  });
});

describe('labels', () => {
  it('names capacities', () => {
    expect([0, 1, 2, 3, 7].map(capacityLabel)).toEqual(['Empty', 'One-on-One', 'Group-of-Two', 'Group of 3', 'Group of 7']);
  });

  it('names styles', () => {
    expect(styleLabel('online')).toBe('Online');
    expect(styleLabel('in-person')).toBe('On Campus');
    expect(styleLabel(null)).toBe('');
  });

  it('names payment statuses and shows unknown ones raw', () => {
    expect(paymentStatusLabel('processing')).toBe('Processing');
    expect(paymentStatusLabel('succeeded')).toBe('Complete');
    expect(paymentStatusLabel('subscription_pending')).toBe('Scheduled');
    expect(paymentStatusLabel('requires_payment_method')).toBe('Failed');
    expect(paymentStatusLabel('canceled')).toBe('Canceled/Refunded');
    expect(paymentStatusLabel('requires_action')).toBe('requires_action');
  });

  it('labels overtime payments with their minutes', () => {
    expect(paymentChipLabel({ payment_status: 'succeeded', is_incremental: true, minutes_paid: 30 })).toBe('Complete: 30 min overtime');
    expect(paymentChipLabel({ payment_status: 'succeeded', is_incremental: false, minutes_paid: 60 })).toBe('Complete');
  });

  it("reads 'Paid' for a payment that went through for an upcoming session, the spec's label otherwise", () => {
    expect(paymentChipLabel({ payment_status: 'succeeded', is_incremental: false, minutes_paid: 60 }, true)).toBe('Paid');
    expect(paymentChipLabel({ payment_status: 'succeeded', is_incremental: false, minutes_paid: 60 }, false)).toBe('Complete');
    expect(paymentChipLabel({ payment_status: 'subscription_pending', is_incremental: false, minutes_paid: 60 }, true)).toBe('Scheduled');
    expect(paymentChipLabel({ payment_status: 'canceled', is_incremental: false, minutes_paid: 60 }, true)).toBe('Canceled/Refunded');
  });
});
