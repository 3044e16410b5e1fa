import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useEffect, useMemo, useState } from 'react';
import { getPackagesOnSale } from '../../api/catalog.ts';
import { buyPackage, getMyCredits } from '../../api/credits.ts';
import type { HourPackage, Prices } from '../../contract/entities.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { centsToDollars } from '../../lib/money.ts';
import { packageTermsLine, packageValue, savingLine } from '../../lib/packages.ts';
import { Button } from '../../ui/Button.tsx';
import { confirmTypedCard } from '../../ui/card/card-payment.ts';
import { CardField } from '../../ui/card/CardField.tsx';
import styles from './booking.module.css';

export interface HoursOfferProps {
  capacity: 1 | 2;
  weekly: boolean;
  prices: Prices;
  /** The name the card is billed to. */
  payer: string;
  /**
   * The step shows no card field (the card on file pays a session): the offer shows its own, as a
   * package is paid with a card typed in. Otherwise the step's field pays it.
   */
  ownCardField: boolean;
  disabled: boolean;
  /** The package is paid and its hours are in: the step books this session with one. */
  onHours: () => Promise<void>;
}

/**
 * No answer from the server (as PayWithHours says it). Not lib/network-message.ts: the home page's
 * bundle would then import that module from the dashboard's entry chunk, which mounts the dashboard.
 */
const NO_ANSWER = 'We could not reach the server. Please try again.';

/** Tries for the bought hours to show in the balance (the provider's confirmation may land a moment after the card's answer). */
const HOURS_WAIT_TRIES = 10;
const HOURS_WAIT_MS = 600;

/**
 * Step 3's offer beside the single session, for a signed-in customer without hours of its size
 * (docs/contract-extensions.md 'Hour packages'): the package of that size cheapest by the hour, if
 * it saves anything, bought with the card typed here; its first hour then books this session (a
 * weekly booking: each week takes one). Shows nothing while the packages load, or when none saves.
 */
export function HoursOffer({ capacity, weekly, prices, payer, ownCardField, disabled, onHours }: HoursOfferProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [offer, setOffer] = useState<HourPackage | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Its own card field shows once the customer chooses the offer (the card on file pays a session).
  const [open, setOpen] = useState(!ownCardField);
  const cardOptions = useMemo(() => ({ disabled: busy, hidePostalCode: true }), [busy]);

  useEffect(() => {
    let current = true;
    void getPackagesOnSale().then((result) => {
      if (!current || result.status !== 'success') return;
      const sized = result.data.filter((pkg) => pkg.capacity === capacity && packageValue(pkg, prices).savingCents !== null);
      sized.sort((a, b) => packageValue(a, null).perHourCents - packageValue(b, null).perHourCents);
      setOffer(sized[0] ?? null);
    });
    return () => {
      current = false;
    };
  }, [capacity, prices]);

  if (!offer) return null;

  async function buy(pkg: HourPackage) {
    const card = elements?.getElement(CardElement);
    if (busy || !stripe || !card) return;
    setBusy(true);
    setError(null);
    const started = await buyPackage(pkg.id);
    if (started.status !== 'success') {
      setBusy(false);
      return setError(started.status === 'failure' ? errorMessage(started.error) : NO_ANSWER);
    }
    const paid = await confirmTypedCard(stripe, started.data.client_secret, card, payer);
    if (paid.error) {
      setBusy(false);
      return setError(paid.error.message ?? 'Your card was not charged. Please try again.');
    }
    if (!(await hoursArrived(capacity))) {
      setBusy(false);
      return setError('Your hours are paid and will show on your dashboard in a moment. Book this session with one from there, or try again.');
    }
    await onHours();
    setBusy(false);
  }

  return (
    <section className={styles.hours} aria-label="Save with an hour package">
      <p>
        <strong>{offer.name}</strong>: {packageTermsLine(offer)}. {savingLine(offer, prices)}.
      </p>
      <p>{weekly ? 'Buy them, and each week of this booking takes one of the hours instead of a card charge.' : 'Buy them, and one of the hours books this session.'}</p>
      {ownCardField && open && <CardField cardOptions={cardOptions} />}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {open ? (
        <Button variant="secondary" loading={busy} disabled={disabled} onClick={() => void buy(offer)}>
          Buy for {centsToDollars(offer.price_cents)} and book with an hour
        </Button>
      ) : (
        <Button variant="secondary" disabled={disabled} onClick={() => setOpen(true)}>
          Buy {offer.hours + offer.bonus_hours} hours with a card…
        </Button>
      )}
    </section>
  );
}

/** Whether an hour of this size shows in the balance, asking a few times. */
async function hoursArrived(capacity: 1 | 2): Promise<boolean> {
  for (let tries = 0; tries < HOURS_WAIT_TRIES; tries++) {
    const credits = await getMyCredits();
    if (credits.status === 'success' && (credits.data.balance.find((size) => size.capacity === capacity)?.hours ?? 0) > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, HOURS_WAIT_MS));
  }
  return false;
}
