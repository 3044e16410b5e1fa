import { describe, expect, it } from 'vitest';
import { bidiControlMessage } from '../../../src/lib/bidi-controls.ts';
import { checkPackage, EMPTY_PACKAGE, packageContents, packageFieldErrors, packageTerms } from '../../../src/features/catalog/package-model.ts';

describe('the hour packages form and list', () => {
  it('turns a draft into the call input: dollars to cents, an empty bonus to 0, the size as a number', () => {
    expect(checkPackage({ ...EMPTY_PACKAGE, name: ' Finals ', price: '$1,250.5', bonus_hours: '' })).toEqual({
      input: { name: 'Finals', hours: 10, bonus_hours: 0, capacity: 1, price_cents: 125050, valid_days: 180 },
    });
  });

  it('names what to fix in each field, as the server checks it', () => {
    expect(checkPackage({ name: 'a\u202Eb', hours: '0', bonus_hours: '101', capacity: '3', price: '0.49', valid_days: '731' })).toEqual({
      errors: {
        name: bidiControlMessage('The name'),
        hours: 'At least 1 hour.',
        bonus_hours: 'At most 100 hours.',
        capacity: 'Please choose the size.',
        price: 'The price must be at least $0.50: a card cannot be charged less.',
        valid_days: 'At most 730 days.',
      },
    });
    expect(checkPackage({ ...EMPTY_PACKAGE, name: 'x', hours: '2.5', price: '100000.01' })).toEqual({
      errors: { hours: 'Please enter a whole number of hours.', price: 'The price can be at most $100,000.00.' },
    });
  });

  it("reads the server's field names as the form's, and words a package in the list", () => {
    expect(packageFieldErrors({ price_cents: 'Too much', hours: 'Too few' })).toEqual({ price: 'Too much', hours: 'Too few' });
    expect(packageContents({ hours: 1, bonus_hours: 2, capacity: 1 })).toBe('1 hour + 2 bonus hours, One-on-One');
    expect(packageTerms({ hours: 3, price_cents: 10000, valid_days: 1 })).toBe('$100.00 · $33.33 an hour · valid 1 day');
  });
});
