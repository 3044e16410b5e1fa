import { describe, expect, it } from 'vitest';
import { type PlacementConfig, placementOffer } from '../../../src/lib/placement.ts';

const config: PlacementConfig = {
  priceCents: 60_000,
  earlyBirdCents: 15_000,
  earlyBirdLastDay: '2023-12-14',
  firstDay: '2024-01-08',
  paymentUrl: 'https://buy.stripe.com/bootcamp',
  timeZone: 'America/Los_Angeles',
};

describe('the placement bootcamp offer', () => {
  it('takes $150 off $600 through the last day of the early-bird discount, in the site zone', () => {
    // 11:30 PM in Seattle on December 14 is already December 15 in UTC.
    const offer = placementOffer(config, new Date('2023-12-15T07:30:00Z'));
    expect(offer.discount).toEqual({ cents: 15_000, untilLabel: 'December 14, 2023' });
    expect(offer.totalCents).toBe(45_000);
  });

  it('leaves the discount out once it has ended, and charges the full price', () => {
    const offer = placementOffer(config, new Date('2023-12-15T08:30:00Z'));
    expect(offer.discount).toBeNull();
    expect(offer.totalCents).toBe(60_000);
  });

  it('gives the seven days of the next bootcamp, and none once it has started or when none is set', () => {
    expect(placementOffer(config, new Date('2024-01-01T12:00:00Z')).dates).toEqual({ firstLabel: 'January 8, 2024', lastLabel: 'January 14, 2024' });
    expect(placementOffer(config, new Date('2024-01-09T20:00:00Z')).dates).toBeNull();
    expect(placementOffer({ ...config, firstDay: '' }, new Date('2024-01-01T12:00:00Z')).dates).toBeNull();
  });

  it('offers the booking link only when an https payment page is set', () => {
    expect(placementOffer(config, new Date('2024-01-01T12:00:00Z')).paymentUrl).toBe('https://buy.stripe.com/bootcamp');
    expect(placementOffer({ ...config, paymentUrl: '' }, new Date('2024-01-01T12:00:00Z')).paymentUrl).toBeNull();
    expect(placementOffer({ ...config, paymentUrl: 'javascript:alert(1)' }, new Date('2024-01-01T12:00:00Z')).paymentUrl).toBeNull();
  });
});
