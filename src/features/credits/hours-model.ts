import type { CreditEntryKind, CreditLot } from '../../contract/entities.ts';
import { sizedHours } from '../../lib/packages.ts';

/**
 * The words of the student's Buy hours screen, as pure functions (tests/unit/credits/hours-model.test.ts):
 * what is left of each purchase, and what each ledger entry was (what a package costs by the hour:
 * src/lib/packages.ts, which the booking flow's offer reads too).
 */

const hoursWord = (n: number) => `${n} ${Math.abs(n) === 1 ? 'hour' : 'hours'}`;

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
