import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { changePrice } from '../../api/catalog-admin.ts';
import type { BookingCapacity, Frequency, PriceEntry, PriceHistory } from '../../contract/entities.ts';
import { Button } from '../../ui/Button.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { DOLLARS_HINT, dollarsInput, effectiveText, failureMessage, formatDollars, parseDollars, priceKey, priceName, priceRows } from './catalog-model.ts';
import styles from './catalog.module.css';

interface PriceEditProps {
  frequency: Frequency;
  capacity: BookingCapacity;
  entry: PriceEntry | null;
  onSaved: (entry: PriceEntry) => void;
  onCancel: () => void;
}

/** One price's edit form: dollars, checked before sending; what was typed stays on any refusal. */
function PriceEdit({ frequency, capacity, entry, onSaved, onCancel }: PriceEditProps) {
  const formId = useId();
  const [text, setText] = useState(entry ? dollarsInput(entry.cents) : '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const parsed = parseDollars(text);
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    setSaving(true);
    const result = await changePrice({ frequency, capacity, price_cents: parsed.cents });
    setSaving(false);
    if (result.status === 'success') return onSaved(result.data);
    setError(failureMessage(result));
  }

  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onCancel();
  };

  return (
    <form id={formId} className={styles.priceForm} onSubmit={submit} onKeyDown={cancelOnEscape} noValidate>
      <TextInput
        label={`New price, ${priceName({ frequency, capacity })}`}
        value={text}
        onChange={setText}
        inputMode="decimal"
        autoComplete="off"
        autoFocus
        hint={DOLLARS_HINT}
        error={error ?? undefined}
      />
      <div className={styles.actions}>
        <Button type="submit" thin loading={saving}>
          Save price
        </Button>
        <Button variant="secondary" thin onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export interface PricesSectionProps {
  history: PriceHistory;
  /** A change was recorded: the screen reads the prices again. */
  onChanged: () => void;
}

/**
 * The four prices in dollars and cents, each with when it took effect, and an edit form per price.
 * A change applies to the checkouts that follow it: booked and subscribed sessions keep their price.
 */
export function PricesSection({ history, onChanged }: PricesSectionProps) {
  const titleId = useId();
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const rows = priceRows(history);

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Prices
      </h2>
      <p className={styles.lead}>Per student for a one-hour session. A new price applies to checkouts from now on; booked and weekly sessions keep the price they were booked at.</p>
      <ul className={styles.prices} aria-label="Prices">
        {rows.map(({ frequency, capacity, entry }) => {
          const key = priceKey({ frequency, capacity });
          const name = priceName({ frequency, capacity });
          return (
            <li key={key} className={styles.price}>
              <h3 className={styles.priceName}>{name}</h3>
              <p className={styles.priceAmount}>
                {entry ? formatDollars(entry.cents) : 'Not set'}
                {entry && frequency === 'weekly' && <span className={styles.muted}> /wk</span>}
              </p>
              <p className={styles.priceSince}>{entry ? effectiveText(entry) : 'No price: checkouts of this kind are refused until one is set.'}</p>
              {editing === key ? (
                <PriceEdit
                  frequency={frequency}
                  capacity={capacity}
                  entry={entry}
                  onCancel={() => setEditing(null)}
                  onSaved={(changed) => {
                    setEditing(null);
                    setSaved(`${name} is now ${formatDollars(changed.cents)} for checkouts from now on.`);
                    onChanged();
                  }}
                />
              ) : (
                <div className={styles.actions}>
                  <Button
                    variant="secondary"
                    thin
                    aria-label={`Change price, ${name}`}
                    onClick={() => {
                      setSaved(null);
                      setEditing(key);
                    }}
                  >
                    Change
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <p className={styles.success} role="status">
        {saved}
      </p>
      {history.changes.length > 0 && (
        <details>
          <summary>Recent changes</summary>
          <ul className={styles.changes}>
            {history.changes.map((change, index) => (
              <li key={`${priceKey(change)}:${change.effective_epoch}:${index}`}>
                {priceName(change)}: {formatDollars(change.cents)}. {effectiveText(change)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
