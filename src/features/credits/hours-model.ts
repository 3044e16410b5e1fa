import type { CreditEntryKind, CreditLot, HourPackage, Prices } from '../../contract/entities.ts';
import { packageSizeWords } from '../../lib/labels.ts';
import { centsToDollars, sessionPrice } from '../../lib/money.ts';

/**
 * The words of the student's Buy hours screen, as pure functions (tests/unit/credits/hours-model.test.ts):
 * what a package costs by the hour against a single session, what is left of each purchase, and
 * what each ledger entry was.
 */

const hoursWord = (n: number) => `${n} ${Math.abs(n) === 1 ? 'hour' : 'hours'}`;
/** '10 one-on-one hours', '1 group-of-two hour'. */
const sizedHours = (n: number, capacity: number) => `${n} ${packageSizeWords(capacity)} ${Math.abs(n) === 1 ? 'hour' : 'hours'}`;

/** A package's price by the hour (of the hours paid for; bonus hours come free) and its saving against a one-time session. */
export function packageValue(pkg: HourPackage, prices: Prices | null): { perHourCents: number; savingCents: number | null } {
  const perHourCents = Math.round(pkg.price_cents / pkg.hours);
  const single = prices ? sessionPrice(prices, 'onetime', pkg.capacity) : null;
  return { perHourCents, savingCents: single !== null && single > perHourCents ? single - perHourCents : null };
}

/** 'Save $10 an hour against a single session ($60)', or nothing when it saves nothing. */
export function savingLine(pkg: HourPackage, prices: Prices | null): string | null {
  const { savingCents } = packageValue(pkg, prices);
  if (savingCents === null || !prices) return null;
  return `Save ${centsToDollars(savingCents)} an hour against a single session (${centsToDollars(sessionPrice(prices, 'onetime', pkg.capacity))})`;
}

/** '10 one-on-one hours + 2 bonus · $500 · $50 an hour · book them within 180 days' */
export function packageTermsLine(pkg: HourPackage): string {
  const hours = `${sizedHours(pkg.hours, pkg.capacity)}${pkg.bonus_hours > 0 ? ` + ${pkg.bonus_hours} bonus` : ''}`;
  return `${hours} · ${centsToDollars(pkg.price_cents)} · ${centsToDollars(packageValue(pkg, null).perHourCents)} an hour · book them within ${pkg.valid_days} days`;
}

/** What is left of a purchase: '7 of 10 hours left', 'Used up', 'Expired'. */
export function lotLeftLine(lot: CreditLot): string {
  if (lot.expired) return lot.hours_left > 0 ? 'Expired' : 'Expired (used up)';
  if (lot.hours_left <= 0) return 'Used up';
  return `${lot.hours_left} of ${hoursWord(lot.paid_hours + lot.bonus_hours)} left`;
}

const ENTRY_WORDS: Record<CreditEntryKind, string> = {
  purchase: 'Bought',
  bonus: 'Bonus',
  use: 'Booked a session',
  return: 'Returned',
  expiry: 'Expired',
  refund: 'Refunded',
  adjustment: 'Adjusted by staff',
};

export const entryWords = (kind: CreditEntryKind) => ENTRY_WORDS[kind];

/** '+10', '−1': the hours an entry added or took. */
export const signedHours = (hours: number) => (hours > 0 ? `+${hours}` : `−${Math.abs(hours)}`);

/** The balance in a sentence: 'You have 10 one-on-one hours and 2 group-of-two hours.', or none. */
export function balanceLine(balance: { capacity: 1 | 2; hours: number }[]): string {
  const parts = balance.filter((size) => size.hours > 0).map((size) => sizedHours(size.hours, size.capacity));
  if (parts.length === 0) return 'You have no hours yet. Buy a package below: each hour books one session.';
  return `You have ${parts.join(' and ')} to book with.`;
}
