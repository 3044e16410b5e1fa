import { useState } from 'react';
import { getPayRates, setPayRate } from '../../api/pay.ts';
import type { PayRate, Tutor } from '../../contract/entities.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { dollarsToCents } from '../../lib/hours.ts';
import { centsToDollars } from '../../lib/money.ts';
import { formatDay } from '../../lib/site-days.ts';
import { Button } from '../../ui/Button.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { useRead } from '../../ui/use-read.ts';
import { FormStatus } from './FormStatus.tsx';
import { toDateInput } from './team-model.ts';
import styles from './team.module.css';

const failureText = (result: { status: 'network-error' } | { status: 'failure'; error: Parameters<typeof errorMessage>[0] }) =>
  result.status === 'network-error' ? NETWORK_MESSAGE : errorMessage(result.error);

/**
 * A team card's hourly rate (issue 25): the rates with the day each took effect, and a form for a
 * new one from a day on. A supervisor's own rate is set by another supervisor (the server refuses
 * it too), so their own card shows the history only.
 */
export function PayRateSection({ tutor, own }: { tutor: Tutor; own: boolean | null }) {
  const { state: load, reload } = useRead<PayRate[]>(() => getPayRates(tutor.id), [tutor.id]);

  let history;
  if (load.status === 'loading') history = <Loader text="Loading rates…" />;
  else if (load.status === 'error') history = <LoadError message={load.message} onRetry={reload} />;
  else if (load.data.length === 0) history = <p className={styles.muted}>No hourly rate yet.</p>;
  else {
    history = (
      <ul className={styles.rates} aria-label={`Hourly rates of ${tutor.name}`}>
        {load.data.map((rate) => (
          <li key={String(rate.id)}>
            <strong>{centsToDollars(rate.hourly_rate_cents)}/h</strong> from {formatDay(rate.effective_day)}{' '}
            <span className={styles.muted}>(set by {rate.entered_by.name})</span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={styles.detailsSection} aria-label={`Hourly rate of ${tutor.name}`}>
      <h3 className={styles.sectionTitle}>Hourly rate</h3>
      {history}
      {/* The form waits for the session: a supervisor's own card never shows it. */}
      {own === null ? null : own ? <p className={styles.muted}>Another supervisor sets your own rate.</p> : <PayRateForm tutor={tutor} onSaved={reload} />}
    </section>
  );
}

function PayRateForm({ tutor, onSaved }: { tutor: Tutor; onSaved: () => void }) {
  const [amount, setAmount] = useState('');
  const [day, setDay] = useState(() => toDateInput(new Date()));
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function submit() {
    if (working) return;
    setSaved(null);
    const cents = dollarsToCents(amount);
    if (cents === null || cents < 100 || cents > 100_000) return setError('Please enter an hourly rate in dollars, from $1 to $1000 (for example 32.50).');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setError('Please choose the day the rate takes effect.');
    setWorking(true);
    setError(null);
    const result = await setPayRate(tutor.id, cents, day);
    setWorking(false);
    if (result.status !== 'success') return setError(failureText(result));
    setSaved(`${tutor.name} is paid ${centsToDollars(result.data.hourly_rate_cents)}/h from ${formatDay(result.data.effective_day)}.`);
    setAmount('');
    onSaved();
  }

  return (
    <form
      className={styles.inlineForm}
      aria-label={`New hourly rate of ${tutor.name}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className={styles.rateFields}>
        <TextInput label="New rate ($ an hour)" value={amount} onChange={setAmount} inputMode="decimal" autoComplete="off" maxLength={9} />
        <TextInput label="Takes effect on" type="date" value={day} onChange={setDay} />
      </div>
      <FormStatus error={error} saved={saved} />
      <Button type="submit" thin loading={working} className={styles.submit}>
        Set rate
      </Button>
    </form>
  );
}
