import { describe, expect, it } from 'vitest';
import type { CreditLot, HourPackage } from '../../../src/contract/entities.ts';
import { balanceLine, lotLeftLine, signedHours } from '../../../src/features/credits/hours-model.ts';
import { packageTermsLine, packageValue, savingLine } from '../../../src/lib/packages.ts';

const prices = { onetime: { '1': 6000, '2': 4000 }, subscription: { '1': 5500, '2': 3500 } };
const pkg = (fields: Partial<HourPackage> = {}): HourPackage => ({ id: 1, name: '10 one-on-one hours', hours: 10, bonus_hours: 0, capacity: 1, price_cents: 50000, valid_days: 180, ...fields });
const lot = (fields: Partial<CreditLot> = {}): CreditLot => ({
  id: 1,
  capacity: 1,
  package_name: 'Pack',
  paid_hours: 10,
  bonus_hours: 2,
  price_cents: 50000,
  hours_left: 7,
  expired: false,
  expires_at_epoch: 0,
  bought_at_epoch: 0,
  ...fields,
});

describe('the Buy hours screen’s words', () => {
  it('prices a package by its paid hours and its saving against a one-time session of its size', () => {
    expect(packageValue(pkg(), prices)).toEqual({ perHourCents: 5000, savingCents: 1000 });
    expect(savingLine(pkg(), prices)).toBe('Save $10 an hour against a single session ($60)');
    expect(savingLine(pkg({ capacity: 2, price_cents: 32000 }), prices)).toBe('Save $8 an hour against a single session ($40)');
    // Dearer by the hour, or no prices known: no saving claimed.
    expect(savingLine(pkg({ price_cents: 70000 }), prices)).toBeNull();
    expect(savingLine(pkg(), null)).toBeNull();
  });

  it('says a package’s terms, with its bonus hours', () => {
    expect(packageTermsLine(pkg())).toBe('10 one-on-one hours · $500 · $50 an hour · book them within 180 days');
    expect(packageTermsLine(pkg({ bonus_hours: 2, capacity: 2, hours: 1, price_cents: 4550, valid_days: 30 }))).toBe('1 group-of-two hour + 2 bonus · $45.50 · $45.50 an hour · book them within 30 days');
  });

  it('says what is left of a purchase, used up or expired', () => {
    expect(lotLeftLine(lot())).toBe('7 of 12 hours left');
    expect(lotLeftLine(lot({ hours_left: 0 }))).toBe('Used up');
    expect(lotLeftLine(lot({ expired: true, hours_left: 0 }))).toBe('Expired (used up)');
    expect(lotLeftLine(lot({ expired: true, hours_left: 3 }))).toBe('Expired');
  });

  it('says the balance of both sizes, or that there is none', () => {
    expect(balanceLine([{ capacity: 1, hours: 0 }, { capacity: 2, hours: 0 }])).toBe('You have no hours yet. Buy a package below: each hour books one session.');
    expect(balanceLine([{ capacity: 1, hours: 10 }, { capacity: 2, hours: 1 }])).toBe('You have 10 one-on-one hours and 1 group-of-two hour to book with.');
    expect(signedHours(10)).toBe('+10');
    expect(signedHours(-1)).toBe('−1');
  });
});
