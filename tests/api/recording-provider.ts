import { offlineProvider } from '../../server/payments/offline.ts';
import type { IntentStatus, PartialRefund, PaymentProvider, SavedCardCharge, SavedCardResult } from '../../server/payments/provider.ts';
import { savedCardChargeKey } from '../../server/payments/provider.ts';

/**
 * A payment provider stand-in that records every refund and saved-card charge and fails on demand
 * (`faults.refund = 1` makes the next refund call throw, as a provider outage would;
 * `faults.lostAnswer.add(paymentId)` lets that payment's next charge go through and then throws, as a connection reset
 * after the provider charged would). It wraps a real adapter (the offline one unless given), so
 * everything else behaves as that adapter does.
 *
 * `ledger` is the provider's side of the money: each charge that went through, once, under the
 * idempotency key it was made with (a repeated key is answered with its first charge, not a new one).
 * As Stripe does, a key sent again with other details (card, amount, description) is refused
 * (`idempotency_error`) instead of answered.
 */
export function recordingProvider<P extends PaymentProvider>(base: P = offlineProvider() as P) {
  const calls = { refunds: [] as string[], partialRefunds: [] as ({ intentId: string } & PartialRefund)[], charges: [] as SavedCardCharge[] };
  const faults = { refund: 0, charge: 0, lostAnswer: new Set<number>() };
  const ledger = new Map<string, { paymentId: number; intentId: string }>();
  const requests = new Map<string, string>();
  let hold: Promise<void> | undefined;
  const provider: P = {
    ...base,
    async refund(intentId: string, part?: PartialRefund) {
      if (faults.refund > 0) {
        faults.refund -= 1;
        throw new Error('provider unavailable');
      }
      if (!part) calls.refunds.push(intentId);
      // A part asked again with its key is the same refund (as Stripe answers it).
      else if (!calls.partialRefunds.some((made) => made.key === part.key)) calls.partialRefunds.push({ intentId, ...part });
    },
    async chargeSavedCard(charge: SavedCardCharge): Promise<SavedCardResult> {
      if (faults.charge > 0) {
        faults.charge -= 1;
        throw new Error('provider unavailable');
      }
      if (hold) await hold;
      calls.charges.push(charge);
      const key = savedCardChargeKey(charge);
      // What Stripe compares for a repeated key: the request's parameters, not our customer's name.
      const request = JSON.stringify([charge.amountCents, charge.customer.providerCustomerId, charge.paymentMethodId, charge.description]);
      if ((requests.get(key) ?? request) !== request) throw new Error('idempotency_error: keys for idempotent requests can only be used with the same parameters they were first used with');
      requests.set(key, request);
      const result = await base.chargeSavedCard(charge);
      if (result.status === 'succeeded' && !ledger.has(key)) ledger.set(key, { paymentId: charge.paymentId, intentId: result.intentId });
      if (faults.lostAnswer.delete(charge.paymentId)) {
        throw new Error('connection reset after the charge');
      }
      return result;
    },
  };
  /** The charges that went through for one payment, one per idempotency key. */
  const chargedFor = (paymentId: number) => [...ledger].filter(([, c]) => c.paymentId === paymentId).map(([key, c]) => ({ key, ...c }));
  return { provider, calls, faults, ledger, chargedFor, holdCharges: (until: Promise<void>) => (hold = until) };
}

/**
 * The offline provider, but every saved-card charge is accepted and still settling (its webhook
 * would come later): `statuses` is what the provider answers when asked about an intent afterwards
 * (`retrieveIntent`), set by the test as the charge goes through or is declined.
 */
export function settlingProvider() {
  const statuses = new Map<string, IntentStatus>();
  const provider: PaymentProvider = {
    ...offlineProvider(),
    async chargeSavedCard(charge: SavedCardCharge): Promise<SavedCardResult> {
      const intentId = `pi_settling_${charge.paymentId}_${charge.attempt ?? 1}`;
      if (!statuses.has(intentId)) statuses.set(intentId, 'processing');
      return { status: 'processing', intentId, clientSecret: null };
    },
    async retrieveIntent(intentId: string): Promise<IntentStatus> {
      return statuses.get(intentId) ?? 'requires_payment_method';
    },
  };
  return { provider, statuses };
}
