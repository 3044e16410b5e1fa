import { dayRangeEpochs, payPeriodOf } from '../../../server/domain/pay/pay-periods.ts';

const FIRST = '2026-01-05';
const LA = 'America/Los_Angeles';

describe('pay periods', () => {
  it('are two weeks counted from the first period, forwards and backwards', () => {
    expect(payPeriodOf(FIRST, FIRST)).toEqual({ first_day: '2026-01-05', last_day: '2026-01-18' });
    expect(payPeriodOf('2026-01-18', FIRST)).toEqual({ first_day: '2026-01-05', last_day: '2026-01-18' });
    expect(payPeriodOf('2026-01-19', FIRST)).toEqual({ first_day: '2026-01-19', last_day: '2026-02-01' });
    expect(payPeriodOf('2026-11-27', FIRST)).toEqual({ first_day: '2026-11-23', last_day: '2026-12-06' });
    expect(payPeriodOf('2026-01-04', FIRST)).toEqual({ first_day: '2025-12-22', last_day: '2026-01-04' });
    expect(payPeriodOf('2028-02-29', FIRST)).toEqual({ first_day: '2028-02-28', last_day: '2028-03-12' });
  });

  it('cover whole days of the zone, one hour shorter across the spring change', () => {
    const winter = dayRangeEpochs('2026-11-16', '2026-11-29', LA);
    expect(new Date(winter.from * 1000).toISOString()).toBe('2026-11-16T08:00:00.000Z');
    expect(winter.to - winter.from + 1).toBe(14 * 86_400);
    const spring = dayRangeEpochs('2027-03-08', '2027-03-21', LA);
    expect(spring.to - spring.from + 1).toBe(14 * 86_400 - 3600);
  });
});
