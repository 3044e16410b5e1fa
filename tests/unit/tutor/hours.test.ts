import { ratesSentence } from '../../../src/features/tutor/hours-model.ts';
import { dollarsToCents } from '../../../src/lib/hours.ts';
import { formatDay } from '../../../src/lib/site-days.ts';

describe('hourly rates as typed and shown', () => {
  it('reads dollars with at most two decimals, with or without the sign', () => {
    expect(dollarsToCents('30')).toBe(3000);
    expect(dollarsToCents(' $42.5 ')).toBe(4250);
    expect(dollarsToCents('42.05')).toBe(4205);
    for (const bad of ['', 'thirty', '42.555', '-5', '1e3', '42,50']) expect(dollarsToCents(bad)).toBeNull();
  });

  it('says a period\'s rates oldest first, with the day a change took effect', () => {
    const rate = (cents: number, day: string) => ({ id: 1, hourly_rate_cents: cents, effective_day: day, entered_by: { id: 1, name: 'Maya' }, entered_epoch: 0 });
    expect(ratesSentence([rate(3000, '2026-11-23')], formatDay)).toBe('$30/h');
    expect(ratesSentence([rate(3250, '2026-11-30'), rate(3000, '2026-11-23')], formatDay)).toBe('$30/h, $32.50/h from Mon, Nov 30');
  });
});
