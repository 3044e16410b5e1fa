import type Stripe from 'stripe';
import { customerCalls as calls } from '../../src/contract/calls/customers.ts';
import { receiveProviderEvent } from '../domain/billing/fulfilment.ts';
import { Refusal } from '../domain/refusal.ts';
import { serve } from '../http/declared.ts';
import { router } from '../http/router.ts';
import { readStripeEvent } from '../payments/stripe.ts';
import type { RouteDeps } from './deps.ts';

/**
 * Stripe's webhook: the signature is checked on the raw body; each event is handled once, its
 * record and its effect committed together, and a charge that came after its hold ran out is
 * refunded (receiveProviderEvent).
 */
export function stripeWebhookRoutes({ db, payments: provider, log }: RouteDeps, client: Stripe, webhookSecret: string) {
  const app = router();
  serve(app, calls.stripeWebhook, async (c, input) => {
    const signature = c.req.header('stripe-signature');
    if (!signature) throw new Refusal('BadInput', { fields: { 'stripe-signature': 'Missing' } });
    let event;
    try {
      event = await readStripeEvent(client, await c.req.text(), signature, webhookSecret);
    } catch {
      throw new Refusal('BadInput', { fields: { 'stripe-signature': 'Invalid signature' } });
    }
    await receiveProviderEvent(db, provider, log, event);
    return input.answer({ received: true });
  });
  return app;
}
