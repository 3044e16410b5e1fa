// @vitest-environment node
import { expect, it } from 'vitest';
import { restartDelayMs } from '../../../server/cluster.ts';
import { AUTHENTICATING_SAVED_CARD, DECLINING_SAVED_CARD, offlineProvider } from '../../../server/payments/offline.ts';

it('waits longer before each restart of a worker that keeps failing, up to 30 s', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
});

it("the demo's card network answers an intent's status in any process (another worker, or after a restart)", async () => {
  const customer = { id: 7, email: 'a@example.com', name: 'A B', providerCustomerId: null };
  const charger = offlineProvider();
  const charge = (paymentId: number, paymentMethodId: string) => charger.chargeSavedCard({ paymentId, amountCents: 5000, customer, paymentMethodId, description: 'x' });
  const paid = await charge(1, 'pm_offline_abc');
  const declined = await charge(2, DECLINING_SAVED_CARD);
  const authenticating = await charge(3, AUTHENTICATING_SAVED_CARD);
  const typed = await charger.createIntent({ paymentId: 4, amountCents: 5000, customer, saveCard: true, description: 'x' });

  const elsewhere = offlineProvider();
  expect(await elsewhere.retrieveIntent(paid.intentId!)).toBe('succeeded');
  expect(await elsewhere.retrieveIntent(declined.intentId!)).toBe('requires_payment_method');
  expect(await elsewhere.retrieveIntent(authenticating.intentId!)).toBe('requires_action');
  expect(await elsewhere.retrieveIntent(typed.intentId)).toBe('requires_payment_method');
  // The same charge asked again elsewhere is the same intent with the same outcome.
  const again = await elsewhere.chargeSavedCard({ paymentId: 3, amountCents: 5000, customer, paymentMethodId: AUTHENTICATING_SAVED_CARD, description: 'x' });
  expect(again).toMatchObject({ status: 'requires_action', intentId: authenticating.intentId });
});
