/**
 * npm run billing:report -- --from YYYY-MM-DD --to YYYY-MM-DD [--zone IANA-ZONE]
 *
 * For the meetings starting from the first day (00:00 UTC, or in --zone) up to the end of the last,
 * lists per tutor and per customer what was charged, refunded (and of that, still pending), is
 * scheduled and failed, with totals, from the configured database (DATABASE_URL or DATA_DIR, as the
 * server). With the site's zone (--zone America/Los_Angeles) its totals are the Reports screen's
 * for the same days.
 */
import { loadConfig } from '../server/config.ts';
import { openConfiguredDatabase } from '../server/db/open.ts';
import { type BillingAmounts, billingReport, billingSpan } from '../server/domain/billing-report.ts';

const USAGE = 'Usage: npm run billing:report -- --from YYYY-MM-DD --to YYYY-MM-DD [--zone IANA-ZONE]';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** A day as written (YYYY-MM-DD, a real one), or the usage and exit code 2. */
function dayArgument(name: string): string {
  const value = option(name);
  const date = value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : undefined;
  // Date rolls 2027-02-30 over to 2 March: a day the calendar does not have is refused.
  if (!value || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    console.error(USAGE);
    process.exit(2);
  }
  return value;
}

function zoneArgument(): string {
  const zone = option('zone') ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    console.error(`--zone: not a time zone: ${zone}`);
    process.exit(2);
  }
  return zone;
}

const dollars = (cents: number) => (cents / 100).toFixed(2).padStart(10);
const header = `${'name'.padEnd(28)}${'charged'.padStart(10)}${'refunded'.padStart(10)}${'(pending)'.padStart(10)}${'scheduled'.padStart(10)}${'failed'.padStart(10)}`;
const row = (name: string, l: BillingAmounts) =>
  `${name.slice(0, 27).padEnd(28)}${dollars(l.chargedCents)}${dollars(l.refundedCents)}${dollars(l.refundPendingCents)}${dollars(l.scheduledCents)}${dollars(l.failedCents)}`;

const firstDay = dayArgument('from');
const lastDay = dayArgument('to');
const zone = zoneArgument();
if (lastDay < firstDay) {
  console.error('--to is before --from');
  process.exit(2);
}
const { from, to } = billingSpan(firstDay, lastDay, zone);
const database = await openConfiguredDatabase(loadConfig());
try {
  const report = await billingReport(database.db, from, to);
  console.log(`Meetings from ${firstDay} to ${lastDay} (${zone}), in dollars`);
  for (const [title, lines] of [['By tutor', report.byTutor], ['By customer', report.byCustomer]] as const) {
    console.log(`\n${title}\n${header}`);
    for (const l of lines) console.log(row(`${l.name} (#${l.id})`, l));
  }
  console.log(`\n${row('Total', report.totals)}`);
} finally {
  await database.close();
}
