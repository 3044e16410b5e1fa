import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useId, useMemo, useState } from 'react';
import { getPackagesOnSale, getPrices } from '../../api/catalog.ts';
import { buyPackage, getMyCredits } from '../../api/credits.ts';
import { getMyCustomer } from '../../api/customers.ts';
import type { Credits, HourPackage, Id, Prices } from '../../contract/entities.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { centsToDollars } from '../../lib/money.ts';
import { formatLongDate } from '../../lib/time-format.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { useRead } from '../../ui/use-read.ts';
import { confirmTypedCard } from '../../ui/card/card-payment.ts';
import { CardField } from '../../ui/card/CardField.tsx';
import { stripePromise } from '../../ui/card/stripe.ts';
import { packageTermsLine, savingLine } from '../../lib/packages.ts';
import { balanceLine, entryWords, lotLeftLine, signedHours } from './hours-model.ts';
import styles from './hours.module.css';

export interface HoursScreenProps {
  /** Told when a purchase is paid (the sidebar shows the new balance). */
  onBought?: () => void;
}

/**
 * The student's hours (docs/contract-extensions.md 'Hour packages'): the balance per size, each
 * package bought with what is left of it and until when, the ledger, and the packages on sale to
 * buy with a card. Loaded on demand (it carries the card field).
 */
export default function HoursScreen({ onBought }: HoursScreenProps) {
  const credits = useRead(getMyCredits, []);
  const packages = useRead(getPackagesOnSale, []);
  const prices = useRead(getPrices, []);
  const customer = useRead(getMyCustomer, []);
  const [said, setSaid] = useState<string | null>(null);
  // One package is bought at a time: Stripe takes one card field per page.
  const [buying, setBuying] = useState<Id | null>(null);
  const payer = customer.state.status === 'ready' ? `${customer.state.data.firstname} ${customer.state.data.lastname}` : '';

  const bought = (sentence: string) => {
    setBuying(null);
    setSaid(sentence);
    credits.reload();
    onBought?.();
  };

  return (
    <Elements stripe={stripePromise}>
      <h1>Your hours</h1>
      <p className={styles.success} role="status">
        {said}
      </p>
      {credits.state.status === 'loading' && <Loader text="Loading your hours…" />}
      {credits.state.status === 'error' && <LoadError message={credits.state.message} onRetry={credits.reload} />}
      {credits.state.status === 'ready' && <Balance credits={credits.state.data} />}
      <section className={styles.section} aria-labelledby="buy-hours">
        <h2 id="buy-hours">Buy hours</h2>
        {packages.state.status === 'loading' && <Loader text="Loading the packages…" />}
        {packages.state.status === 'error' && <LoadError message={packages.state.message} onRetry={packages.reload} />}
        {packages.state.status === 'ready' &&
          (packages.state.data.length === 0 ? (
            <p className={styles.muted}>No hour packages are on sale right now. Book single sessions from Upcoming Sessions.</p>
          ) : (
            <ul className={styles.packages} aria-label="Hour packages on sale">
              {packages.state.data.map((pkg) => (
                <PackageOffer
                  key={String(pkg.id)}
                  pkg={pkg}
                  prices={prices.state.status === 'ready' ? prices.state.data : null}
                  payer={payer}
                  open={buying === pkg.id}
                  onOpen={(open) => {
                    setSaid(null);
                    setBuying(open ? pkg.id : null);
                  }}
                  onBought={bought}
                />
              ))}
            </ul>
          ))}
      </section>
      {credits.state.status === 'ready' && <Ledger credits={credits.state.data} />}
    </Elements>
  );
}

function Balance({ credits }: { credits: Credits }) {
  return (
    <section className={styles.section} aria-labelledby="hours-balance">
      <h2 id="hours-balance" className={styles.visuallyHidden}>
        Balance
      </h2>
      <p className={styles.balance}>{balanceLine(credits.balance)}</p>
      {credits.lots.length > 0 && (
        <ul className={styles.lots} aria-label="Packages bought">
          {credits.lots.map((lot) => (
            <li key={String(lot.id)} className={styles.lot}>
              <strong>{lot.package_name ?? 'Hours added by staff'}</strong>
              <span>{lotLeftLine(lot)}</span>
              <span className={styles.muted}>
                {lot.expired ? 'Expired on' : 'Book them by'} {formatLongDate(lot.expires_at_epoch)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Ledger({ credits }: { credits: Credits }) {
  if (credits.entries.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="hours-ledger">
      <h2 id="hours-ledger">Every change to your hours</h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What</th>
              <th scope="col">Hours</th>
            </tr>
          </thead>
          <tbody>
            {credits.entries.map((entry) => (
              <tr key={String(entry.id)}>
                <td>{formatLongDate(entry.at_epoch)}</td>
                <td>
                  {entryWords(entry.kind)}
                  {entry.reason && <span className={styles.muted}> · {entry.reason}</span>}
                </td>
                <td>{signedHours(entry.hours)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** One package on sale: its terms and saving, and Buy, which opens the card field and Pay. */
interface PackageOfferProps {
  pkg: HourPackage;
  prices: Prices | null;
  /** The name the card is billed to. */
  payer: string;
  /** Whether its card field is shown (one package at a time). */
  open: boolean;
  onOpen: (open: boolean) => void;
  onBought: (sentence: string) => void;
}

function PackageOffer({ pkg, prices, payer, open, onOpen, onBought }: PackageOfferProps) {
  const stripe = useStripe();
  const elements = useElements();
  const titleId = useId();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cardOptions = useMemo(() => ({ disabled: paying, hidePostalCode: true }), [paying]);
  const saving = savingLine(pkg, prices);

  async function pay() {
    const card = elements?.getElement(CardElement);
    if (paying || !stripe || !card) return;
    setPaying(true);
    setError(null);
    const started = await buyPackage(pkg.id);
    if (started.status !== 'success') {
      setPaying(false);
      setError(started.status === 'failure' ? errorMessage(started.error) : 'We could not reach the server. Please try again.');
      return;
    }
    const result = await confirmTypedCard(stripe, started.data.client_secret, card, payer);
    setPaying(false);
    if (result.error) {
      setError(result.error.message ?? 'Your card was not charged. Please try again.');
      return;
    }
    onBought(`Paid: you bought ${pkg.name}.`);
  }

  return (
    <li className={styles.offer} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.offerName}>
        {pkg.name}
      </h3>
      <p className={styles.terms}>{packageTermsLine(pkg)}</p>
      {saving && <p className={styles.saving}>{saving}</p>}
      {!open ? (
        <Button variant="secondary" onClick={() => onOpen(true)}>
          Buy for {centsToDollars(pkg.price_cents)}
        </Button>
      ) : (
        <div className={styles.pay}>
          <CardField cardOptions={cardOptions} />
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <div className={styles.actions}>
            <Button loading={paying} disabled={!stripe} onClick={() => void pay()}>
              Pay {centsToDollars(pkg.price_cents)}
            </Button>
            <Button variant="secondary" disabled={paying} onClick={() => onOpen(false)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
