import type { PaymentIntent } from '../../../src/contract/entities.ts';
import type { Db } from '../../db/db.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { fromNow, now } from '../../clock.ts';
import { INITIAL_STATUS, movePayments } from '../billing/payment-lifecycle.ts';
import { sendCheckout } from '../booking/checkout.ts';
import { Refusal } from '../refusal.ts';
import { packageSizeWords } from '../../../src/lib/labels.ts';

/**
 * Buying an hour package (POST /api/package-purchases): a payment of the package, no meeting, paid
 * with a typed card exactly as a booking's checkout is (checkout.ts: the provider asked after the
 * commit, under the payment's id as idempotency key). Its charge lands through fulfilment.ts, which
 * hands it to package-charges.ts: the hours reach the ledger once.
 *
 * One open purchase per customer: a new one gives up the last (a charge of that one then lands as
 * expired and is refunded, as a booking's does). One left unpaid is given up after
 * `PACKAGE_CHECKOUT_MS` by the reconciliation pass, which then checks its intent once more.
 */
export const PACKAGE_CHECKOUT_MS = 60 * 60_000;

export async function startPackagePurchase(db: Db, provider: PaymentProvider, customerId: number, packageId: number, log: (line: string) => void): Promise<PaymentIntent> {
  const paymentId = await db.transaction().execute(async (trx) => {
    const sold = await trx.selectFrom('packages').select(['id', 'name', 'capacity', 'price_cents']).where('id', '=', packageId).where('archived', '=', false).executeTakeFirst();
    if (!sold) throw new Refusal('PackageNotFound');
    await abandonOpenPurchases(trx, customerId);
    const payment = await trx
      .insertInto('payments')
      .values({
        customer_id: customerId,
        meeting_id: null,
        package_id: sold.id,
        minutes_paid: 0,
        amount_cents: sold.price_cents,
        payment_status: INITIAL_STATUS.checkout,
        provider: provider.name,
        // Always a typed card (or the card on file, confirmed by the customer in the browser): a package is
        // a larger sum than a session, and nothing is charged without the customer's confirmation.
        checkout: 'card_entry',
        checkout_description: `${sold.name} (${packageSizeWords(sold.capacity)} hours)`,
        // The server's clock, which the reconciliation pass compares it with.
        inserted_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return payment.id;
  });
  return sendCheckout(db, provider, paymentId, { abandonOnFailure: true, log });
}

/** Gives up the customer's unpaid package purchases (a new one replaces them). */
async function abandonOpenPurchases(db: Db, customerId: number): Promise<void> {
  await movePayments(db, 'abandoned', 'requires_payment_method').where('customer_id', '=', customerId).where('package_id', 'is not', null).execute();
}

/**
 * The reconciliation pass: package purchases left unpaid for `PACKAGE_CHECKOUT_MS` are given up
 * (then checked at the provider once, as every abandoned checkout is, and a late charge refunded).
 */
export async function abandonStalePurchases(db: Db): Promise<number> {
  const ended = await movePayments(db, 'abandoned', 'requires_payment_method')
    .where('package_id', 'is not', null)
    .where('inserted_at', '<', fromNow(-PACKAGE_CHECKOUT_MS))
    .returning('id')
    .execute();
  return ended.length;
}
