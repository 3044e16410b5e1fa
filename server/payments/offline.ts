import { randomBytes } from 'node:crypto';
import type { ChargeOutcome, CreatedIntent, IntentRequest, PaymentProvider, SavedCardCharge, SavedCardResult } from './provider.ts';

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

export function offlineProvider(): PaymentProvider {
  return {
    name: 'offline',
    publishableKey: OFFLINE_PUBLISHABLE_KEY,
    async createIntent(request: IntentRequest): Promise<CreatedIntent> {
      const intentId = `pi_offline_${request.paymentId}_${randomBytes(6).toString('hex')}`;
      return {
        intentId,
        clientSecret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        providerCustomerId: request.customer.providerCustomerId ?? `cus_offline_${request.customer.id}`,
      };
    },
    async chargeSavedCard(charge: SavedCardCharge): Promise<SavedCardResult> {
      // One intent per payment row, as Stripe's idempotency key would give.
      const intentId = `pi_offline_saved_${charge.paymentId}`;
      if (!charge.paymentMethodId) return { status: 'failed', intentId: null, code: 'no_saved_card' };
      if (charge.paymentMethodId === DECLINING_SAVED_CARD) return { status: 'failed', intentId, code: 'card_declined' };
      return { status: 'succeeded', intentId };
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
  if (digits === TEST_CARDS.declined) return { ok: false, code: 'card_declined', message: 'Your card was declined.' };
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
