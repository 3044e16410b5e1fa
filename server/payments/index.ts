import type { Config } from '../config.ts';
import { offlineProvider } from './offline.ts';
import type { PaymentProvider } from './provider.ts';
import { type StripeApi, stripeProvider } from './stripe.ts';

/** Stripe's own API address: the SDK's default, so no `api` option is passed for it. */
const STRIPE_API = 'https://api.stripe.com';

/** Stripe when both keys are configured, else the offline stand-in. */
export function createPaymentProvider(config: Pick<Config, 'stripe'>): PaymentProvider {
  if (!config.stripe) return offlineProvider();
  return stripeProvider(config.stripe.secretKey, config.stripe.publishableKey, stripeApi(config.stripe.apiUrl));
}

/** The SDK's host, port and protocol for STRIPE_API_URL (config.ts checked it: http(s), no path); undefined for Stripe's own. */
export function stripeApi(apiUrl: string): StripeApi | undefined {
  const url = new URL(apiUrl);
  if (url.origin === STRIPE_API) return undefined;
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port) || (protocol === 'http' ? 80 : 443), protocol };
}
