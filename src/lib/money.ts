import type { Frequency } from '../contract/entities.ts';

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
