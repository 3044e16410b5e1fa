import { loadStripe } from '@stripe/stripe-js/pure';
import { installStripeStandIn } from './stripe-standin.ts';

/**
 * Stripe.js for the screens that take a card (the booking's last step, buying hours). With a
 * publishable key the real Stripe.js is used; without one (demo), the local stand-in.
 */
const publishableKey = import.meta.env.PUBLIC_STRIPE_KEY as string | undefined;
if (!publishableKey) installStripeStandIn();
export const stripePromise = loadStripe(publishableKey || 'pk_offline_demo');
