import type { Config } from '../config.ts';
import { offlineProvider } from './offline.ts';
import type { PaymentProvider } from './provider.ts';
import { stripeProvider } from './stripe.ts';

/** Stripe when both keys are configured, else the offline stand-in. */
export function createPaymentProvider(config: Pick<Config, 'stripe'>): PaymentProvider {
  return config.stripe ? stripeProvider(config.stripe.secretKey, config.stripe.publishableKey) : offlineProvider();
}
