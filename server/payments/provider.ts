/**
 * The card network's edge. Two adapters implement it: `stripe.ts` (the real Stripe SDK) and
 * `offline.ts` (demo and tests, no network). The booking domain only talks to this interface.
 */

export interface IntentRequest {
  /** Our payment row: also the idempotency key, so a retried request never makes a second intent. */
  paymentId: number;
  amountCents: number;
  customer: { id: number; email: string; name: string; providerCustomerId: string | null };
  /** Keep the card for later weekly charges. */
  saveCard: boolean;
  description: string;
}

export interface CreatedIntent {
  intentId: string;
  clientSecret: string;
  /** Set when the provider created a customer record for this customer. */
  providerCustomerId: string | null;
}

/** What a confirmed or failed charge tells the fulfilment function. */
export interface ChargeOutcome {
  intentId: string;
  /** Our payment row the provider says the intent is for (its metadata), when it says so. */
  paymentId?: number;
  succeeded: boolean;
  card?: { paymentMethodId: string; label: string };
}

/** An off-session charge of the card on file (overtime; later weekly meetings). */
export interface SavedCardCharge {
  /** Our payment row: also the idempotency key, so a retry can never charge twice. */
  paymentId: number;
  /**
   * Which try this is (a declined weekly charge is tried once more): a new try needs its own key,
   * since the provider answers a key it has seen with its first answer (the decline). Default 1.
   */
  attempt?: number;
  amountCents: number;
  customer: { id: number; email: string; name: string; providerCustomerId: string | null };
  /** The card on file; null when the customer has none (the charge then fails). */
  paymentMethodId: string | null;
  description: string;
}

export type SavedCardResult =
  /** `clientSecret`: the intent's secret (a checkout still answers it, as the contract says). */
  | { status: 'succeeded'; intentId: string; clientSecret: string | null }
  /** Accepted, settled later by the provider's webhook. */
  | { status: 'processing'; intentId: string; clientSecret: string | null }
  /** The bank wants the customer (3-D Secure): the payment stays open until they confirm it. */
  | { status: 'requires_action'; intentId: string; clientSecret: string }
  /**
   * Declined. A declined intent can still be paid: the customer confirms it with another card and
   * its `clientSecret` (null when the provider made no intent, say without a card on file).
   */
  | { status: 'failed'; intentId: string | null; clientSecret: string | null; code: string; message: string };

/**
 * Where an intent stands at the provider (asked when its webhook never came). `requires_action`:
 * the customer must confirm it with its secret (3-D Secure); `requires_payment_method`: it waits
 * for a card (never confirmed, or declined).
 */
export type IntentStatus = 'succeeded' | 'processing' | 'requires_action' | 'requires_payment_method' | 'canceled';

export interface PaymentProvider {
  readonly name: 'stripe' | 'offline';
  /** The publishable key the browser uses (the offline stand-in accepts any). */
  readonly publishableKey: string;
  createIntent(request: IntentRequest): Promise<CreatedIntent>;
  /** Charges the saved card at once, off-session. A decline is an answer, not an exception. */
  chargeSavedCard(charge: SavedCardCharge): Promise<SavedCardResult>;
  /** The intent's current status at the provider (the reconciliation pass asks it). */
  retrieveIntent(intentId: string): Promise<IntentStatus>;
  /**
   * Returns a succeeded charge to the card (a skipped or canceled meeting), or `part` of it (a
   * package's unused hours: credits/lot-refunds.ts), named by `part.key`: asking again with the same
   * key, even days later, never refunds twice.
   */
  refund(intentId: string, part?: PartialRefund): Promise<void>;
}

/** A part of a charge given back, and the key that makes it once. */
export interface PartialRefund {
  amountCents: number;
  key: string;
}

/** The idempotency key of a saved-card charge: the payment's id, and the try after the first. */
export function savedCardChargeKey(charge: Pick<SavedCardCharge, 'paymentId' | 'attempt'>): string {
  return charge.attempt && charge.attempt > 1 ? `payment-${charge.paymentId}-try-${charge.attempt}` : `payment-${charge.paymentId}`;
}
