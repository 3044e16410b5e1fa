import { parseArgs } from 'node:util';

export const BILLING_REPORT_USAGE = 'Usage: npm run billing:report -- --from YYYY-MM-DD --to YYYY-MM-DD [--zone IANA-ZONE]';

export interface BillingReportArgs {
  firstDay: string;
  lastDay: string;
  zone: string;
}

/** A command line the report cannot run with: its message goes to standard error, with exit code 2. */
export class BillingReportUsageError extends Error {}

/** A day as written (YYYY-MM-DD, a real one). */
function isDay(value: string | undefined): value is string {
  const date = value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : undefined;
  // Date rolls 2027-02-30 over to 2 March: a day the calendar does not have is refused.
  return !!date && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * `--from YYYY-MM-DD --to YYYY-MM-DD [--zone IANA-ZONE]` (or `--from=…`), read by Node's
 * util.parseArgs; anything else (a flag it does not know, a missing value, an argument) is
 * answered with the usage line.
 */
export function readBillingReportArgs(argv: string[]): BillingReportArgs {
  let values: { from?: string | undefined; to?: string | undefined; zone?: string | undefined };
  try {
    ({ values } = parseArgs({ args: argv, options: { from: { type: 'string' }, to: { type: 'string' }, zone: { type: 'string' } }, strict: true }));
  } catch {
    throw new BillingReportUsageError(BILLING_REPORT_USAGE);
  }
  const { from: firstDay, to: lastDay, zone = 'UTC' } = values;
  if (!isDay(firstDay) || !isDay(lastDay)) throw new BillingReportUsageError(BILLING_REPORT_USAGE);
  if (!isZone(zone)) throw new BillingReportUsageError(`--zone: not a time zone: ${zone}`);
  if (lastDay < firstDay) throw new BillingReportUsageError('--to is before --from');
  return { firstDay, lastDay, zone };
}
