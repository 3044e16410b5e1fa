import { randomBytes } from 'node:crypto';
import type { ChargeOutcome, CreatedIntent, IntentRequest, IntentStatus, PaymentProvider, SavedCardCharge, SavedCardResult } from './provider.ts';
import { savedCardChargeKey } from './provider.ts';

/**
 * Demo and test payments: intents are made up locally and confirmed by the browser's Stripe
 * stand-in through POST /api/offline-payments/confirm. The test cards behave like Stripe's.
 */
export const OFFLINE_PUBLISHABLE_KEY = 'pk_offline_demo';

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;

/**
 * A saved card whose off-session charges are declined; the name is Stripe's own test payment
 * method for a declined charge, so tests read the same against both providers.
 */
export const DECLINING_SAVED_CARD = 'pm_card_chargeDeclined';

/**
 * A saved card whose bank wants the customer (3-D Secure): its off-session charge answers
 * `requires_action`, and the browser's stand-in confirms it (Stripe's own test payment method name).
 */
export const AUTHENTICATING_SAVED_CARD = 'pm_card_authenticationRequired';

export const OFFLINE_DECLINE_MESSAGE = 'Your card was declined.';

export function offlineProvider(): PaymentProvider {
  // What this process made, as Stripe would remember it (lost on restart: offline charges move no
  // money, and an offline confirmation is fulfilled in the same request, so nothing waits on it).
  // Answers are kept by payment id, as Stripe's idempotency key keeps them: asking again gives the same.
  const answers = new Map<number | string, CreatedIntent | SavedCardResult>();
  const statuses = new Map<string, IntentStatus>();
  const secret = (intentId: string) => `${intentId}_secret_${randomBytes(12).toString('hex')}`;
  function once<T extends CreatedIntent | SavedCardResult>(paymentId: number | string, make: () => T): T {
    const known = answers.get(paymentId) as T | undefined;
    if (known) return known;
    const answer = make();
    answers.set(paymentId, answer);
    return answer;
  }
  return {
    name: 'offline',
    publishableKey: OFFLINE_PUBLISHABLE_KEY,
    async createIntent(request: IntentRequest): Promise<CreatedIntent> {
      return once(request.paymentId, () => {
        const intentId = `pi_offline_${request.paymentId}_${randomBytes(6).toString('hex')}`;
        statuses.set(intentId, 'requires_payment_method');
        return { intentId, clientSecret: secret(intentId), providerCustomerId: request.customer.providerCustomerId ?? `cus_offline_${request.customer.id}` };
      });
    },
    async chargeSavedCard(charge: SavedCardCharge): Promise<SavedCardResult> {
      if (!charge.paymentMethodId) return { status: 'failed', intentId: null, clientSecret: null, code: 'no_saved_card', message: 'No card on file.' };
      return once(savedCardChargeKey(charge), (): SavedCardResult => {
        const intentId = `pi_offline_saved_${charge.paymentId}_${charge.attempt ?? 1}`;
        if (charge.paymentMethodId === DECLINING_SAVED_CARD) {
          statuses.set(intentId, 'requires_payment_method');
          return { status: 'failed', intentId, clientSecret: secret(intentId), code: 'card_declined', message: OFFLINE_DECLINE_MESSAGE };
        }
        if (charge.paymentMethodId === AUTHENTICATING_SAVED_CARD) {
          statuses.set(intentId, 'requires_action');
          return { status: 'requires_action', intentId, clientSecret: secret(intentId) };
        }
        statuses.set(intentId, 'succeeded');
        return { status: 'succeeded', intentId, clientSecret: secret(intentId) };
      });
    },
    async retrieveIntent(intentId: string): Promise<IntentStatus> {
      return statuses.get(intentId) ?? 'requires_payment_method';
    },
    async refund() {
      // Nothing was charged: the payment's status records the refund.
    },
  };
}

export type CardCheck = { ok: true; card: { paymentMethodId: string; label: string } } | { ok: false; code: string; message: string };

/** Judges a typed card number the way Stripe's test mode does for the two documented cards. */
export function checkOfflineCard(cardNumber: string): CardCheck {
  const digits = cardNumber.replace(/\D/g, '');
  if (digits === TEST_CARDS.declined) return { ok: false, code: 'card_declined', message: OFFLINE_DECLINE_MESSAGE };
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits)) return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.' };
  if (digits !== TEST_CARDS.success) {
    return { ok: false, code: 'card_declined', message: 'Your card was declined. Demo payments accept the test card 4242 4242 4242 4242.' };
  }
  return { ok: true, card: { paymentMethodId: `pm_offline_${randomBytes(6).toString('hex')}`, label: `Visa ending in ${digits.slice(-4)}` } };
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type { ChargeOutcome };
