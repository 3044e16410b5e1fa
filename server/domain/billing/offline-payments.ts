import type { Db } from '../../db/db.ts';
import { checkOfflineCard, DECLINING_SAVED_CARD, OFFLINE_DECLINE_MESSAGE } from '../../payments/offline.ts';
import { cardOnFileFor } from '../sign-in/account-proof.ts';
import { fulfilCharge } from './fulfilment.ts';
import { Refusal } from '../refusal.ts';

const expired = () =>
  new Refusal('PaymentFailed', { code: 'payment_intent_unexpected_state', message: 'This payment expired. Please start the booking again.' });

/** Who confirms: the signed-in customer, and whether their sign-in is proven (account-proof.ts). */
export interface OfflinePayer {
  customerId: number;
  proven: boolean;
}

/**
 * Demo mode: the browser's Stripe stand-in confirms the payment whose client secret it holds, with
 * a typed card or (no `cardNumber`) the card on file. Only the customer whose payment it is may
 * confirm it; a test card that declines is refused as Stripe would refuse it. Answers the intent
 * as Stripe.js would see it.
 */
export async function confirmOfflinePayment(db: Db, payer: OfflinePayer, clientSecret: string, cardNumber: string | undefined): Promise<{ id: string; status: 'succeeded' }> {
  const payment = await db
    .selectFrom('payments')
    .innerJoin('customers', 'customers.id', 'payments.customer_id')
    .select(['payments.provider_intent_id', 'payments.customer_id', 'customers.payment_method_id', 'customers.payment_method_label'])
    .where('payments.client_secret', '=', clientSecret)
    .executeTakeFirst();
  if (!payment || payment.customer_id !== payer.customerId || !payment.provider_intent_id) throw new Refusal('PaymentNotFound');

  const saved = payment.payment_method_id && payment.payment_method_label ? { paymentMethodId: payment.payment_method_id, label: payment.payment_method_label } : null;
  const card = cardNumber ? typedCard(cardNumber) : cardOnFile(cardOnFileFor(payer.proven, saved));
  const fulfilment = await fulfilCharge(db, { intentId: payment.provider_intent_id, succeeded: true, card });
  if (fulfilment?.result !== 'paid') throw expired();
  return { id: payment.provider_intent_id, status: 'succeeded' };
}

function typedCard(cardNumber: string): { paymentMethodId: string; label: string } {
  const check = checkOfflineCard(cardNumber);
  if (!check.ok) throw new Refusal('CardDeclined', { code: check.code, message: check.message });
  return check.card;
}

/**
 * The card on file (a saved-card checkout that wanted the customer: 3-D Secure); an unproven
 * sign-in has none and must type a card in. A card on file that the bank declines is declined here
 * too, so the customer types another.
 */
function cardOnFile(onFile: { paymentMethodId: string; label: string } | null): { paymentMethodId: string; label: string } {
  if (!onFile) throw new Refusal('CardDeclined', { code: 'incomplete_number', message: 'Your card number is incomplete.' });
  if (onFile.paymentMethodId === DECLINING_SAVED_CARD) throw new Refusal('CardDeclined', { code: 'card_declined', message: OFFLINE_DECLINE_MESSAGE });
  return onFile;
}
