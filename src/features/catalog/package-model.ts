import type { CatalogPackage, HourPackage, UnusedPurchase } from '../../contract/entities.ts';
import { PACKAGE_HOURS_MAX, PACKAGE_PRICE_CENTS_MAX, PACKAGE_VALID_DAYS_MAX } from '../../contract/limits.ts';
import { bidiControlMessage, hasBidiControl } from '../../lib/bidi-controls.ts';
import { capacityLabel, packageSizeWords } from '../../lib/labels.ts';
import { formatDollars, parseDollars } from './catalog-model.ts';

/**
 * The hour packages' rules on Courses & Prices: the add form's checks (the server's,
 * src/contract/schemas.ts packageCreateForm, without zod) and how a package reads in the list.
 */

export interface PackageDraft {
  name: string;
  hours: string;
  bonus_hours: string;
  capacity: string;
  price: string;
  valid_days: string;
}

export const EMPTY_PACKAGE: PackageDraft = { name: '', hours: '10', bonus_hours: '0', capacity: '1', price: '', valid_days: '180' };

export type PackageField = keyof PackageDraft;
export type PackageErrors = Partial<Record<PackageField, string>>;

/** What POST /api/packages is sent: a package but its id. */
export type PackageInput = Omit<HourPackage, 'id'>;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A whole number typed in a field, from `min` to `max` (of `unit`, singular), or the sentence that says what to fix. */
function wholeNumber(text: string, min: number, max: number, unit: string): number | string {
  const value = text.trim();
  if (!/^\d{1,6}$/.test(value)) return `Please enter a whole number of ${unit}s.`;
  const n = Number(value);
  if (n < min) return `At least ${plural(min, unit)}.`;
  if (n > max) return `At most ${plural(max, unit)}.`;
  return n;
}

/** The form's input, or what to fix field by field; what was typed stays in the form either way. */
export function checkPackage(draft: PackageDraft): { input: PackageInput } | { errors: PackageErrors } {
  const errors: PackageErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'Please enter the package name.';
  else if (name.length > 100) errors.name = 'At most 100 characters.';
  else if (hasBidiControl(name)) errors.name = bidiControlMessage('The name');
  const hours = wholeNumber(draft.hours, 1, PACKAGE_HOURS_MAX, 'hour');
  if (typeof hours === 'string') errors.hours = hours;
  const bonus = wholeNumber(draft.bonus_hours || '0', 0, PACKAGE_HOURS_MAX, 'hour');
  if (typeof bonus === 'string') errors.bonus_hours = bonus;
  const days = wholeNumber(draft.valid_days, 1, PACKAGE_VALID_DAYS_MAX, 'day');
  if (typeof days === 'string') errors.valid_days = days;
  const price = parseDollars(draft.price, PACKAGE_PRICE_CENTS_MAX);
  if ('error' in price) errors.price = price.error;
  const capacity = draft.capacity === '2' ? 2 : draft.capacity === '1' ? 1 : undefined;
  if (!capacity) errors.capacity = 'Please choose the size.';
  if (Object.keys(errors).length > 0 || typeof hours === 'string' || typeof bonus === 'string' || typeof days === 'string' || 'error' in price || !capacity) return { errors };
  return { input: { name, hours, bonus_hours: bonus, capacity, price_cents: price.cents, valid_days: days } };
}

/** The server's field names (BadInput) as the form's. */
export function packageFieldErrors(fields: Record<string, string>): PackageErrors {
  const errors: PackageErrors = {};
  for (const [field, reason] of Object.entries(fields)) errors[field === 'price_cents' ? 'price' : (field as PackageField)] = reason;
  return errors;
}

/** '10 hours + 1 bonus hour, One-on-One' */
export function packageContents(pkg: Pick<CatalogPackage, 'hours' | 'bonus_hours' | 'capacity'>): string {
  const bonus = pkg.bonus_hours > 0 ? ` + ${plural(pkg.bonus_hours, 'bonus hour')}` : '';
  return `${plural(pkg.hours, 'hour')}${bonus}, ${capacityLabel(pkg.capacity)}`;
}

/** '$500.00 · $50.00 an hour · valid 180 days': the price per hour sold (bonus hours are given, not sold). */
export function packageTerms(pkg: Pick<CatalogPackage, 'hours' | 'price_cents' | 'valid_days'>): string {
  return `${formatDollars(pkg.price_cents)} · ${formatDollars(Math.round(pkg.price_cents / pkg.hours))} an hour · valid ${plural(pkg.valid_days, 'day')}`;
}

/** A purchase with hours left, as the supervisor's list reads it: 'Ten Hours · 7 of 10 one-on-one hours left (2 bonus)'. */
export function purchaseLine(purchase: Pick<UnusedPurchase, 'package_name' | 'capacity' | 'paid_hours' | 'bonus_hours' | 'hours_left'>): string {
  const all = purchase.paid_hours + purchase.bonus_hours;
  const bonus = purchase.bonus_hours > 0 ? ` (${plural(purchase.bonus_hours, 'bonus hour')})` : '';
  return `${purchase.package_name ?? 'Hours added by staff'} · ${purchase.hours_left} of ${all} ${packageSizeWords(purchase.capacity)} hours left${bonus}`;
}

/** What refunding a purchase's unused hours does, asked before it is done. */
export function refundQuestion(purchase: Pick<UnusedPurchase, 'hours_left' | 'refundable_cents'>): string {
  const hours = plural(purchase.hours_left, 'hour');
  return purchase.refundable_cents > 0
    ? `Refund ${formatDollars(purchase.refundable_cents)} to the card that paid, and take the ${hours} left out of the customer's hours?`
    : `Take the ${hours} left out of the customer's hours? They are bonus hours: no money goes back.`;
}
