import type { BookingCapacity, Frequency, Prices } from '../../contract/entities.ts';
import { centsToDollars, priceLabel, sessionPrice } from '../../lib/money.ts';

/**
 * A focus level's price label in step 1. Once a frequency is chosen it is that frequency's price
 * (weekly ones with '/wk'); before, both, so a one-time price is never read as weekly or the
 * other way round.
 */
export function focusPriceLabel(prices: Prices, capacity: BookingCapacity, frequency: Frequency | null): string {
  if (frequency) return priceLabel(sessionPrice(prices, frequency, capacity), frequency);
  return `${priceLabel(sessionPrice(prices, 'weekly', capacity), 'weekly')} or ${centsToDollars(sessionPrice(prices, 'onetime', capacity))} once`;
}

/** The lowest group-of-two price per student and hour, shown beside the preview price ('$30/hr'). */
export function groupFromPrice(prices: Prices): string {
  return `${centsToDollars(Math.min(sessionPrice(prices, 'weekly', 2), sessionPrice(prices, 'onetime', 2)))}/hr`;
}

/** Step 3's line on what is charged when, in plain dollars. */
export function paymentTerms(frequency: Frequency, cents: number): string {
  const price = centsToDollars(cents);
  return frequency === 'weekly'
    ? `You pay ${price} now for the first session, then ${price} before each weekly session until you cancel.`
    : `You pay ${price} now for this one session.`;
}
