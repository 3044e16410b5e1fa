import { z } from 'zod';
import type { Db } from '../db/connection.ts';
import { fulfilCharge, fulfilProviderEvent } from '../domain/fulfilment.ts';
import { sendPendingRefunds } from '../domain/refunds.ts';
import { ok } from '../http/envelope.ts';
import { Refusal } from '../domain/refusal.ts';
import { router } from '../http/router.ts';
import { requireCustomer } from '../http/session.ts';
import { parseForm } from '../http/validate.ts';
import { checkOfflineCard, DECLINING_SAVED_CARD, OFFLINE_DECLINE_MESSAGE } from '../payments/offline.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { readStripeEvent } from '../payments/stripe.ts';
import type Stripe from 'stripe';
import { cardOnFileFor } from '../domain/account-proof.ts';

const expired = () =>
  new Refusal('PaymentFailed', { code: 'payment_intent_unexpected_state', message: 'This payment expired. Please start the booking again.' });

const offlineConfirmForm = z.object({
  client_secret: z.string().min(10).max(200),
  /** Absent when the customer pays with the card on file. */
  card_number: z.string().max(40).optional(),
});

/**
 * Demo mode: the browser's Stripe stand-in confirms a payment here, the way Stripe.js confirms
 * with Stripe. Only the customer whose payment it is may confirm it.
 */
export function offlinePaymentRoutes(db: Db) {
  const app = router();
  app.post('/offline-payments/confirm', async (c) => {
    const { customerId, proven } = requireCustomer(c);
    const input = await parseForm(c, offlineConfirmForm);
    const payment = await db
      .selectFrom('payments')
      .innerJoin('customers', 'customers.id', 'payments.customer_id')
      .select(['payments.provider_intent_id', 'payments.customer_id', 'customers.payment_method_id', 'customers.payment_method_label'])
      .where('payments.client_secret', '=', input.client_secret)
      .executeTakeFirst();
    if (!payment || payment.customer_id !== customerId || !payment.provider_intent_id) throw new Refusal('PaymentNotFound');

    const saved = payment.payment_method_id && payment.payment_method_label ? { paymentMethodId: payment.payment_method_id, label: payment.payment_method_label } : null;
    const onFile = cardOnFileFor(proven, saved);
    let card: { paymentMethodId: string; label: string };
    if (input.card_number) {
      const check = checkOfflineCard(input.card_number);
      if (!check.ok) throw new Refusal('CardDeclined', { code: check.code, message: check.message });
      card = check.card;
    } else if (onFile) {
      // The card on file (a saved-card checkout that wanted the customer: 3-D Secure); an unproven
      // session has none and must type a card in. A card on file that the bank declines is
      // declined here too, so the customer types another.
      if (onFile.paymentMethodId === DECLINING_SAVED_CARD) throw new Refusal('CardDeclined', { code: 'card_declined', message: OFFLINE_DECLINE_MESSAGE });
      card = onFile;
    } else {
      throw new Refusal('CardDeclined', { code: 'incomplete_number', message: 'Your card number is incomplete.' });
    }
    const fulfilment = await fulfilCharge(db, { intentId: payment.provider_intent_id, succeeded: true, card });
    if (fulfilment?.result !== 'paid') throw expired();
    return ok(c, { id: payment.provider_intent_id, status: 'succeeded' });
  });
  return app;
}

/**
 * Stripe's webhook: the signature is checked on the raw body; each event is handled once, its
 * record and its effect committed together (fulfilProviderEvent). A charge that came after its hold
 * ran out is refunded; a refund Stripe does not confirm now stays pending for the retry pass, and
 * the event is still acknowledged (the refund is recorded, so nothing needs Stripe's retry).
 */
export function stripeWebhookRoutes(db: Db, client: Stripe, webhookSecret: string, provider: PaymentProvider, log: (line: string) => void) {
  const app = router();
  app.post('/stripe/webhook', async (c) => {
    const signature = c.req.header('stripe-signature');
    if (!signature) throw new Refusal('BadInput', { fields: { 'stripe-signature': 'Missing' } });
    let event;
    try {
      event = await readStripeEvent(client, await c.req.text(), signature, webhookSecret);
    } catch {
      throw new Refusal('BadInput', { fields: { 'stripe-signature': 'Invalid signature' } });
    }
    const fulfilment = await fulfilProviderEvent(db, event);
    if (fulfilment && fulfilment !== 'duplicate' && fulfilment.result === 'expired') {
      await sendPendingRefunds(db, provider, log, { paymentIds: [fulfilment.paymentId] });
    }
    return ok(c, { received: true });
  });
  return app;
}
