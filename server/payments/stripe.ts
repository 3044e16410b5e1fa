import Stripe from 'stripe';
import type { ChargeOutcome, CreatedIntent, IntentRequest, IntentStatus, PartialRefund, PaymentProvider, SavedCardCharge, SavedCardResult } from './provider.ts';
import { savedCardChargeKey } from './provider.ts';

/** Stripe's own wording, when a decline comes without a message. */
const DECLINED = 'Your card was declined.';

/** One try of a Stripe call; see the client's settings below. */
const CALL_TIMEOUT_MS = 30_000;

/**
 * Another host speaking Stripe's API (STRIPE_API_URL: the deploy test's stand-in; unit tests use a
 * local stub, and stripe-mock would do too). `maxNetworkRetries` replaces the 2 retries (stubs: 0).
 */
export interface StripeApi {
  host: string;
  port: number;
  protocol: 'http' | 'https';
  maxNetworkRetries?: number;
}

/**
 * Real card payments through Stripe (STRIPE_SECRET_KEY and PUBLIC_STRIPE_KEY), at Stripe's API or
 * at `api`.
 */
export function stripeProvider(secretKey: string, publishableKey: string, api?: StripeApi): PaymentProvider & { client: Stripe } {
  // Every call ends within 2 minutes, tries included (3 × 30 s plus short back-offs): the
  // reconciliation pass takes a checkout with no stored intent as never sent after UNSENT_AFTER_MS
  // (2 minutes), so no call may still be under way by then. The SDK's own default is 80 s a try.
  const client = new Stripe(secretKey, { timeout: CALL_TIMEOUT_MS, maxNetworkRetries: 2, ...api });
  return {
    name: 'stripe',
    publishableKey,
    client,
    async createIntent(request: IntentRequest): Promise<CreatedIntent> {
      let customerId = request.customer.providerCustomerId;
      if (!customerId) {
        const customer = await client.customers.create(
          { email: request.customer.email, name: request.customer.name, metadata: { customer_id: String(request.customer.id) } },
          { idempotencyKey: `customer-${request.customer.id}` },
        );
        customerId = customer.id;
      }
      const intent = await client.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: 'usd',
          customer: customerId,
          description: request.description,
          metadata: { payment_id: String(request.paymentId) },
          ...(request.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
        },
        { idempotencyKey: `payment-${request.paymentId}` },
      );
      return { intentId: intent.id, clientSecret: intent.client_secret ?? '', providerCustomerId: customerId };
    },
    async chargeSavedCard(charge: SavedCardCharge): Promise<SavedCardResult> {
      if (!charge.paymentMethodId || !charge.customer.providerCustomerId) {
        return { status: 'failed', intentId: null, clientSecret: null, code: 'no_saved_card', message: 'No card on file.' };
      }
      try {
        const intent = await client.paymentIntents.create(
          {
            amount: charge.amountCents,
            currency: 'usd',
            customer: charge.customer.providerCustomerId,
            payment_method: charge.paymentMethodId,
            off_session: true,
            confirm: true,
            description: charge.description,
            metadata: { payment_id: String(charge.paymentId) },
          },
          { idempotencyKey: savedCardChargeKey(charge) },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded', intentId: intent.id, clientSecret: intent.client_secret };
        if (intent.status === 'processing') return { status: 'processing', intentId: intent.id, clientSecret: intent.client_secret };
        if (intent.status === 'requires_action') return { status: 'requires_action', intentId: intent.id, clientSecret: intent.client_secret ?? '' };
        const failure = intent.last_payment_error;
        return { status: 'failed', intentId: intent.id, clientSecret: intent.client_secret, code: failure?.code ?? intent.status, message: failure?.message ?? DECLINED };
      } catch (error) {
        // A declined off-session charge is thrown as a card error that still names its intent,
        // which the customer can then pay with another card (its client secret).
        if (error instanceof Stripe.errors.StripeCardError) {
          const intent = error.payment_intent;
          return { status: 'failed', intentId: intent?.id ?? null, clientSecret: intent?.client_secret ?? null, code: error.code ?? 'card_declined', message: error.message || DECLINED };
        }
        throw error;
      }
    },
    async retrieveIntent(intentId: string): Promise<IntentStatus> {
      const intent = await client.paymentIntents.retrieve(intentId);
      switch (intent.status) {
        case 'succeeded':
        case 'processing':
        case 'canceled':
        case 'requires_action':
        case 'requires_payment_method':
          return intent.status as IntentStatus;
        // Made with a card but not confirmed yet: the customer confirms it with the secret.
        case 'requires_confirmation':
          return 'requires_action';
        // Manual capture is never asked for; an authorised charge counts as settling.
        case 'requires_capture':
          return 'processing';
        default:
          // A status newer than this SDK: nothing to fulfil, asked again at the next pass.
          return 'processing';
      }
    },
    async refund(intentId: string, part?: PartialRefund) {
      if (part) {
        // A part, keyed by its own key, which the refund keeps in its metadata: asked again after
        // Stripe forgot the idempotency key (24 hours), the refund made the first time is found.
        const made = await client.refunds.list({ payment_intent: intentId, limit: 100 });
        if (made.data.some((refund) => refund.metadata?.['refund_key'] === part.key)) return;
        await client.refunds.create({ payment_intent: intentId, amount: part.amountCents, metadata: { refund_key: part.key } }, { idempotencyKey: part.key });
        return;
      }
      // Keyed by the intent: asking again (a retry after a crash or a timeout) never refunds twice.
      try {
        await client.refunds.create({ payment_intent: intentId }, { idempotencyKey: `refund-${intentId}` });
      } catch (error) {
        // Asked again after Stripe forgot the key (24 hours): the money went back the first time.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') return;
        throw error;
      }
    },
  };
}

/**
 * Verifies a webhook's signature on the raw body and reads a payment outcome from it.
 * Returns the event id (for deduplication) and the outcome, or null for events we do not use.
 */
export async function readStripeEvent(
  client: Stripe,
  rawBody: string,
  signature: string,
  webhookSecret: string,
): Promise<{ eventId: string; outcome: ChargeOutcome | null }> {
  const event = await client.webhooks.constructEventAsync(rawBody, signature, webhookSecret);
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') {
    return { eventId: event.id, outcome: null };
  }
  const intent = event.data.object;
  const succeeded = event.type === 'payment_intent.succeeded';
  let card: ChargeOutcome['card'];
  if (succeeded && typeof intent.payment_method === 'string') {
    const method = await client.paymentMethods.retrieve(intent.payment_method);
    card = { paymentMethodId: method.id, label: method.card ? `${method.card.brand} ending in ${method.card.last4}` : 'Card on file' };
  }
  const paymentId = Number(intent.metadata?.payment_id);
  return { eventId: event.id, outcome: { intentId: intent.id, ...(Number.isSafeInteger(paymentId) && paymentId > 0 ? { paymentId } : {}), succeeded, card } };
}
