import { offlineProvider } from '../../server/payments/offline.ts';
import type { PaymentProvider, SavedCardCharge, SavedCardResult } from '../../server/payments/provider.ts';

/**
 * A payment provider stand-in that records every refund and saved-card charge and fails on demand
 * (`faults.refund = 1` makes the next refund call throw, as a provider outage would). It wraps a
 * real adapter (the offline one unless given), so everything else behaves as that adapter does.
 */
export function recordingProvider<P extends PaymentProvider>(base: P = offlineProvider() as P) {
  const calls = { refunds: [] as string[], charges: [] as SavedCardCharge[] };
  const faults = { refund: 0, charge: 0 };
  let hold: Promise<void> | undefined;
  const provider: P = {
    ...base,
    async refund(intentId: string) {
      if (faults.refund > 0) {
        faults.refund -= 1;
        throw new Error('provider unavailable');
      }
      calls.refunds.push(intentId);
    },
    async chargeSavedCard(charge: SavedCardCharge): Promise<SavedCardResult> {
      if (faults.charge > 0) {
        faults.charge -= 1;
        throw new Error('provider unavailable');
      }
      if (hold) await hold;
      calls.charges.push(charge);
      return base.chargeSavedCard(charge);
    },
  };
  return { provider, calls, faults, holdCharges: (until: Promise<void>) => (hold = until) };
}
