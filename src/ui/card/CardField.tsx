import { CardElement } from '@stripe/react-stripe-js';
import type { StripeCardElementOptions } from '@stripe/stripe-js';
import { useId } from 'react';
import styles from './CardField.module.css';

export interface CardFieldProps {
  cardOptions: StripeCardElementOptions;
  /** Whose account keeps the card (a known customer), shown under the field; null for none. */
  account?: string | null;
}

/**
 * The card field (Stripe's, or the demo stand-in's inputs) under its label. Only one may be on a
 * page at a time: Stripe keeps one card element per Elements.
 */
export function CardField({ cardOptions, account = null }: CardFieldProps) {
  const id = useId();
  return (
    <div className={styles.cardField}>
      <p className={styles.fieldLabel} id={`${id}-label`}>
        Card
      </p>
      <div role="group" aria-labelledby={`${id}-label`} aria-describedby={account !== null ? `${id}-account` : undefined}>
        <CardElement options={cardOptions} />
      </div>
      {/* Whose account keeps the card: a browser signed in to someone else's account shows it before the card is typed. */}
      {account !== null && (
        <p className={styles.cardAccount} id={`${id}-account`}>
          Saved to the account of <strong>{account}</strong>
        </p>
      )}
    </div>
  );
}
