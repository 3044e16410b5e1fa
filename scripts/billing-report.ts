/**
 * npm run billing:report -- --from YYYY-MM-DD --to YYYY-MM-DD [--zone IANA-ZONE]
 *
 * For the meetings starting from the first day (00:00 UTC, or in --zone) up to the end of the last,
 * lists per tutor and per customer what was charged, refunded (and of that, still pending), is
 * scheduled and failed, with totals, and the hour packages sold, used, expired, refunded and owed at
 * the end, from the configured database (DATABASE_URL or DATA_DIR, as the server). With the site's zone (--zone America/Los_Angeles) its totals are the Reports screen's
 * for the same days.
 */
import { loadConfig } from '../server/config.ts';
import { openConfiguredDatabase } from '../server/start/configured-database.ts';
import { type BillingAmounts, billingReport, billingSpan } from '../server/domain/reports/billing-report.ts';
import { BillingReportUsageError, readBillingReportArgs } from './billing-report-args.ts';

const dollars = (cents: number) => (cents / 100).toFixed(2).padStart(10);
const header = `${'name'.padEnd(28)}${'charged'.padStart(10)}${'refunded'.padStart(10)}${'(pending)'.padStart(10)}${'scheduled'.padStart(10)}${'failed'.padStart(10)}`;
const row = (name: string, l: BillingAmounts) =>
  `${name.slice(0, 27).padEnd(28)}${dollars(l.chargedCents)}${dollars(l.refundedCents)}${dollars(l.refundPendingCents)}${dollars(l.scheduledCents)}${dollars(l.failedCents)}`;

let args;
try {
  args = readBillingReportArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof BillingReportUsageError)) throw error;
  console.error(error.message);
  process.exit(2);
}
const { firstDay, lastDay, zone } = args;
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
  const p = report.packages;
  console.log('\nHour packages (an hour at its purchase\'s price over all its hours)');
  console.log(`${'sold'.padEnd(28)}${dollars(p.sold.cents)}  ${p.sold.count} purchases, ${p.sold.hours} hours`);
  console.log(`${'used'.padEnd(28)}${dollars(p.used.cents)}  ${p.used.hours} hours`);
  console.log(`${'expired'.padEnd(28)}${dollars(p.expired.cents)}  ${p.expired.hours} hours`);
  console.log(`${'refunded'.padEnd(28)}${dollars(p.refunded_cents)}`);
  console.log(`${'owed at the end'.padEnd(28)}${dollars(p.owed.cents)}  ${p.owed.hours} hours left`);
} finally {
  await database.close();
}
