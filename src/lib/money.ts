import type { Frequency, Prices } from '../contract/entities.ts';

/** 4500 → "$45", 4550 → "$45.50". */
export function centsToDollars(cents: number): string {
  const dollars = Math.abs(cents) / 100;
  const text = Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);
  return `${cents < 0 ? '-' : ''}$${text}`;
}

/** A price as the booking flow shows it: weekly prices carry "/wk". */
export function priceLabel(cents: number, frequency: Frequency): string {
  return frequency === 'weekly' ? `${centsToDollars(cents)}/wk` : centsToDollars(cents);
}

/** The price per student of one session, from the price table (weekly = the subscription table). */
export function sessionPrice(prices: Prices, frequency: Frequency, capacity: 1 | 2): number {
  return (frequency === 'weekly' ? prices.subscription : prices.onetime)[String(capacity) as '1' | '2'];
}
