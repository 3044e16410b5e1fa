import { z } from 'zod';
import type { Db } from '../domain/handle.ts';
import { receiveProviderEvent } from '../domain/fulfilment.ts';
import { confirmOfflinePayment } from '../domain/offline-payments.ts';
import { ok } from '../http/envelope.ts';
import { Refusal } from '../domain/refusal.ts';
import { router } from '../http/router.ts';
import { requireCustomer } from '../http/sign-in.ts';
import { parseForm } from '../http/validate.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { readStripeEvent } from '../payments/stripe.ts';
import type Stripe from 'stripe';

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
    return ok(c, await confirmOfflinePayment(db, { customerId, proven }, input.client_secret, input.card_number));
  });
  return app;
}

/**
 * Stripe's webhook: the signature is checked on the raw body; each event is handled once, its
 * record and its effect committed together, and a charge that came after its hold ran out is
 * refunded (receiveProviderEvent).
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
    await receiveProviderEvent(db, provider, log, event);
    return ok(c, { received: true });
  });
  return app;
}
