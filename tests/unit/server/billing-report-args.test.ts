import { describe, expect, it } from 'vitest';
import { BILLING_REPORT_USAGE, readBillingReportArgs } from '../../../scripts/billing-report-args.ts';

describe('the billing report command line', () => {
  it('reads --from and --to, with or without =, and the zone (UTC unless told)', () => {
    expect(readBillingReportArgs(['--from', '2026-11-01', '--to=2026-11-30'])).toEqual({ firstDay: '2026-11-01', lastDay: '2026-11-30', zone: 'UTC' });
    expect(readBillingReportArgs(['--zone', 'America/Los_Angeles', '--to', '2026-11-01', '--from', '2026-11-01'])).toEqual({
      firstDay: '2026-11-01',
      lastDay: '2026-11-01',
      zone: 'America/Los_Angeles',
    });
  });

  it.each([
    [[], BILLING_REPORT_USAGE],
    [['--from', '2026-11-01'], BILLING_REPORT_USAGE],
    [['--from', '2026-11-01', '--to'], BILLING_REPORT_USAGE],
    [['--from', '2027-02-30', '--to', '2027-03-01'], BILLING_REPORT_USAGE],
    [['--from', '2026-11-01', '--to', '2026-11-30', '--tutor', '3'], BILLING_REPORT_USAGE],
    [['--from', '2026-11-01', '--to', '2026-11-30', 'extra'], BILLING_REPORT_USAGE],
    [['--from', '2026-11-01', '--to', '2026-11-30', '--zone', 'Mars/Olympus'], '--zone: not a time zone: Mars/Olympus'],
    [['--from', '2026-11-30', '--to', '2026-11-01'], '--to is before --from'],
  ])('refuses %j', (argv, message) => {
    expect(() => readBillingReportArgs(argv)).toThrow(message);
  });
});
