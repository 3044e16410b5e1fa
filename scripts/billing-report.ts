/**
 * npm run billing:report -- --from YYYY-MM-DD --to YYYY-MM-DD
 *
 * For the meetings starting from the first day (00:00 UTC) up to the end of the last, lists per
 * tutor and per customer what was charged, refunded (and of that, still pending), is scheduled and
 * failed, with totals, from the configured database (DATABASE_URL or DATA_DIR, as the server).
 */
import { loadConfig } from '../server/config.ts';
import { openConfiguredDatabase } from '../server/db/open.ts';
import { type BillingLine, billingReport } from '../server/domain/billing-report.ts';

function argument(name: string): Date {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  const date = value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    console.error('Usage: npm run billing:report -- --from YYYY-MM-DD --to YYYY-MM-DD');
    process.exit(2);
  }
  return date;
}

const dollars = (cents: number) => (cents / 100).toFixed(2).padStart(10);
const header = `${'name'.padEnd(28)}${'charged'.padStart(10)}${'refunded'.padStart(10)}${'(pending)'.padStart(10)}${'scheduled'.padStart(10)}${'failed'.padStart(10)}`;
const row = (name: string, l: Omit<BillingLine, 'id' | 'name'>) =>
  `${name.slice(0, 27).padEnd(28)}${dollars(l.chargedCents)}${dollars(l.refundedCents)}${dollars(l.refundPendingCents)}${dollars(l.scheduledCents)}${dollars(l.failedCents)}`;

const from = argument('from');
const lastDay = argument('to');
if (lastDay < from) {
  console.error('--to is before --from');
  process.exit(2);
}
const to = new Date(lastDay.getTime() + 24 * 3600_000);
const database = await openConfiguredDatabase(loadConfig());
try {
  const report = await billingReport(database.db, from, to);
  console.log(`Meetings from ${from.toISOString().slice(0, 10)} to ${lastDay.toISOString().slice(0, 10)} (UTC), in dollars`);
  for (const [title, lines] of [['By tutor', report.byTutor], ['By customer', report.byCustomer]] as const) {
    console.log(`\n${title}\n${header}`);
    for (const l of lines) console.log(row(`${l.name} (#${l.id})`, l));
  }
  console.log(`\n${row('Total', report.totals)}`);
} finally {
  await database.close();
}
