import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ChargeOutcome } from '../../payments/provider.ts';
import { fromNow } from '../../clock.ts';
import { recordEvent } from '../../events/record.ts';
import { movePayments } from '../billing/payment-lifecycle.ts';
import { customerFacts } from '../meetings/change-events.ts';
import { grantPurchasedLot } from './ledger.ts';

const DAY_MS = 24 * 3600_000;

/** Where a package payment's charge landed, as fulfilment.ts answers for a booking's. */
export type PackageFulfilment = { paymentId: number; result: 'paid' | 'declined' | 'expired' };

/**
 * Lands the outcome of a package's charge inside fulfilment's transaction (fulfilment.ts hands it
 * every payment that names a package): on success the payment is paid, the card kept on file, the
 * hours written to the ledger and the receipt's event recorded, once, whichever of the webhook and
 * the confirmation comes first (the payment is locked, and its lot is unique). A purchase given
 * up meanwhile (another one started, or left unpaid) lands as expired: the caller refunds it.
 */
export async function fulfilPackageCharge(trx: Transaction<Database>, paymentId: number, outcome: ChargeOutcome): Promise<PackageFulfilment> {
  const payment = await trx
    .selectFrom('payments as p')
    .innerJoin('packages as k', 'k.id', 'p.package_id')
    .select(['p.id', 'p.customer_id', 'p.payment_status', 'p.amount_cents', 'p.package_id', 'k.name', 'k.hours', 'k.bonus_hours', 'k.capacity', 'k.valid_days'])
    .where('p.id', '=', paymentId)
    .forUpdate('p')
    .executeTakeFirstOrThrow();
  if (payment.payment_status === 'abandoned' || payment.payment_status === 'canceled') return { paymentId, result: 'expired' };
  if (!outcome.succeeded) return { paymentId, result: 'declined' };
  if (payment.payment_status === 'succeeded') return { paymentId, result: 'paid' };

  await movePayments(trx, 'paid', payment.payment_status).where('id', '=', paymentId).execute();
  if (outcome.card) {
    await trx.updateTable('customers').set({ payment_method_id: outcome.card.paymentMethodId, payment_method_label: outcome.card.label }).where('id', '=', payment.customer_id).execute();
  }
  // Valid from the moment it is paid, for the package's days (its terms as they are: a package is never edited).
  const expiresAt = fromNow(payment.valid_days * DAY_MS);
  const granted = await grantPurchasedLot(trx, {
    customerId: payment.customer_id,
    paymentId,
    packageId: payment.package_id!,
    capacity: payment.capacity,
    paidHours: payment.hours,
    bonusHours: payment.bonus_hours,
    priceCents: payment.amount_cents,
    expiresAt,
  });
  if (granted) {
    const customer = (await customerFacts(trx, [payment.customer_id])).get(payment.customer_id)!;
    await recordEvent(trx, {
      kind: 'PackagePurchased',
      paymentId,
      customer,
      packageName: payment.name,
      capacity: payment.capacity === 2 ? 2 : 1,
      paidHours: payment.hours,
      bonusHours: payment.bonus_hours,
      amountCents: payment.amount_cents,
      expiresAt,
    });
  }
  return { paymentId, result: 'paid' };
}

/** The provider confirmed the refund of a package's payment (refunds.ts): its receipt. */
export async function recordPackageRefunded(trx: Kysely<Database>, paymentId: number): Promise<void> {
  const payment = await trx
    .selectFrom('payments as p')
    .innerJoin('packages as k', 'k.id', 'p.package_id')
    .select(['p.customer_id', 'p.amount_cents', 'k.name'])
    .where('p.id', '=', paymentId)
    .executeTakeFirstOrThrow();
  const customer = (await customerFacts(trx, [payment.customer_id])).get(payment.customer_id)!;
  await recordEvent(trx, { kind: 'PackageRefunded', paymentId, customer, packageName: payment.name, amountCents: payment.amount_cents });
}
