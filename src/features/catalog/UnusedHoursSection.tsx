import { type FormEvent, useId, useState } from 'react';
import { refundUnusedHours } from '../../api/credits.ts';
import type { UnusedPurchase } from '../../contract/entities.ts';
import { formatLongDate } from '../../lib/time-format.ts';
import { Button } from '../../ui/Button.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { failureMessage, formatDollars } from './catalog-model.ts';
import { purchaseLine, refundQuestion } from './package-model.ts';
import styles from './catalog.module.css';

export interface UnusedHoursSectionProps {
  purchases: UnusedPurchase[];
  /** A purchase was refunded: the screen takes it off the list. */
  onRefunded: (lotId: UnusedPurchase['id']) => void;
}

/**
 * Hours bought and not used yet (docs/contract-extensions.md 'Hour packages'): each purchase with
 * its customer, what is left and until when, and the refund of its unused hours to the card that
 * paid (pro rata; bonus hours are never money), asked with a reason and the amount first.
 */
export function UnusedHoursSection({ purchases, onRefunded }: UnusedHoursSectionProps) {
  const titleId = useId();
  const [said, setSaid] = useState<string | null>(null);
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Hours bought, not used yet
      </h2>
      <p className={styles.lead}>What customers still have to book with. A refund gives back the unused paid hours at the price paid per hour; bonus hours are never refunded as money.</p>
      {purchases.length === 0 ? (
        <p className={styles.muted}>No customer has hours left to use.</p>
      ) : (
        <ul className={styles.courses} aria-label="Hours bought, not used yet">
          {purchases.map((purchase) => (
            <PurchaseRow
              key={String(purchase.id)}
              purchase={purchase}
              onRefunded={(sentence) => {
                setSaid(sentence);
                onRefunded(purchase.id);
              }}
            />
          ))}
        </ul>
      )}
      <p className={styles.success} role="status">
        {said}
      </p>
    </section>
  );
}

function PurchaseRow({ purchase, onRefunded }: { purchase: UnusedPurchase; onRefunded: (sentence: string) => void }) {
  const name = `${purchase.customer.firstname} ${purchase.customer.lastname}`.trim();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function refund(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!reason.trim()) return setReasonError('Please say why the hours are refunded.');
    setReasonError(undefined);
    setBusy(true);
    setError(null);
    const result = await refundUnusedHours(purchase.id, reason.trim());
    setBusy(false);
    if (result.status !== 'success') return setError(failureMessage(result));
    onRefunded(`Refunded ${formatDollars(result.data.amount_cents)} to ${name}'s card: ${result.data.hours} ${result.data.hours === 1 ? 'hour' : 'hours'} taken out.`);
  }

  return (
    <li className={styles.course}>
      <div className={styles.courseHead}>
        <p className={styles.courseText}>
          <span className={styles.courseNumber}>{name}</span>
          <span>{purchaseLine(purchase)}</span>
          <span className={styles.muted}>
            Bought {formatLongDate(purchase.bought_at_epoch)} · book them by {formatLongDate(purchase.expires_at_epoch)}
          </span>
        </p>
        {purchase.package_name !== null && !asking && (
          <Button variant="secondary" thin aria-label={`Refund unused hours: ${name}, ${purchase.package_name}`} onClick={() => setAsking(true)}>
            Refund unused hours
          </Button>
        )}
      </div>
      {asking && (
        <form className={styles.priceForm} onSubmit={refund} noValidate aria-label={`Refund ${name}'s unused hours`}>
          <p>{refundQuestion(purchase)}</p>
          <TextInput label="Reason" autoComplete="off" value={reason} error={reasonError} onChange={setReason} />
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <div className={styles.actions}>
            <Button variant="secondary" thin disabled={busy} onClick={() => setAsking(false)}>
              Keep the hours
            </Button>
            <Button type="submit" thin loading={busy}>
              {purchase.refundable_cents > 0 ? `Refund ${formatDollars(purchase.refundable_cents)}` : 'Take the hours out'}
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}
