import type { HourPackage, Prices } from '../contract/entities.ts';
import { packageSizeWords } from './labels.ts';
import { centsToDollars, sessionPrice } from './money.ts';

/**
 * How an hour package reads to a customer: what it costs by the hour against a single session. The
 * student's Buy Hours screen and the booking flow's last step (its offer beside the single session)
 * both say it this way.
 */

/** '10 one-on-one hours', '1 group-of-two hour'. */
export const sizedHours = (n: number, capacity: number) => `${n} ${packageSizeWords(capacity)} ${Math.abs(n) === 1 ? 'hour' : 'hours'}`;

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

