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

/**
 * A saved-card charge's intent id carries its outcome, so any process (another worker, or this one
 * after a restart) reads the intent's status from its id alone, as every caller of Stripe reads it
 * from Stripe.
 */
const SAVED_INTENT = /^pi_offline_saved_\d+_\d+(_declined|_action)?$/;

function intentStatus(intentId: string): IntentStatus {
  const saved = SAVED_INTENT.exec(intentId);
  if (!saved) return 'requires_payment_method'; // a typed-card intent: confirmed through our own route, never here
  if (saved[1] === '_declined') return 'requires_payment_method';
  if (saved[1] === '_action') return 'requires_action';
  return 'succeeded';
}

export function offlineProvider(): PaymentProvider {
  // Answers are kept by payment id, as Stripe's idempotency key keeps them: asking this process
  // again gives the same. They are lost on restart and not shared between worker processes: a
  // saved-card charge asked again elsewhere gives the same intent and outcome (its id is
  // deterministic), a typed-card intent a new one (callers store the first intent and keep it).
  const answers = new Map<number | string, CreatedIntent | SavedCardResult>();
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
        return { intentId, clientSecret: secret(intentId), providerCustomerId: request.customer.providerCustomerId ?? `cus_offline_${request.customer.id}` };
      });
    },
    async chargeSavedCard(charge: SavedCardCharge): Promise<SavedCardResult> {
      if (!charge.paymentMethodId) return { status: 'failed', intentId: null, clientSecret: null, code: 'no_saved_card', message: 'No card on file.' };
      return once(savedCardChargeKey(charge), (): SavedCardResult => {
        const intentId = `pi_offline_saved_${charge.paymentId}_${charge.attempt ?? 1}`;
        if (charge.paymentMethodId === DECLINING_SAVED_CARD) {
          const declined = `${intentId}_declined`;
          return { status: 'failed', intentId: declined, clientSecret: secret(declined), code: 'card_declined', message: OFFLINE_DECLINE_MESSAGE };
        }
        if (charge.paymentMethodId === AUTHENTICATING_SAVED_CARD) {
          const action = `${intentId}_action`;
          return { status: 'requires_action', intentId: action, clientSecret: secret(action) };
        }
        return { status: 'succeeded', intentId, clientSecret: secret(intentId) };
      });
    },
    async retrieveIntent(intentId: string): Promise<IntentStatus> {
      return intentStatus(intentId);
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
