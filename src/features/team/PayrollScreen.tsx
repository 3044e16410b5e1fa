import { useId, useState } from 'react';
import { getPayroll, markPayrollPaid } from '../../api/pay.ts';
import { site } from '../../config/site.ts';
import type { Payroll } from '../../contract/entities.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import { downloadCsv } from '../../lib/csv-file.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { formatHours } from '../../lib/hours.ts';
import { centsToDollars } from '../../lib/money.ts';
import { addDays, formatDay, formatDayRange } from '../../lib/site-days.ts';
import { formatLongDate } from '../../lib/time-format.ts';
import { Button } from '../../ui/Button.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { PeriodNav } from '../../ui/PeriodNav.tsx';
import { useRead } from '../../ui/use-read.ts';
import { PayrollApprovals } from './PayrollApprovals.tsx';
import { payrollSessionsCsv, payrollTutorsCsv } from './payroll-model.ts';
import styles from './payroll.module.css';

const failureText = (result: { status: 'network-error' } | { status: 'failure'; error: Parameters<typeof errorMessage>[0] }) =>
  result.status === 'network-error' ? NETWORK_MESSAGE : errorMessage(result.error);

/**
 * Payroll (issue 25, supervisors): a pay period's pay per tutor for their confirmed sessions, the
 * sessions held back for a missing summary, CSV files per tutor and per session, and marking the
 * period paid once it has ended (its numbers then freeze; a later summary is paid in the next one).
 * Changed durations await a supervisor's approval (PayrollApprovals, decision 022).
 */
export function PayrollScreen({ onDenied }: { onDenied: () => void }) {
  const titleId = useId();
  const [day, setDay] = useState<string | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  // Another period: the shown one stays, dimmed, until it arrives (`keep`). A tutor who is not a supervisor goes to `onDenied`.
  const { state: load, reload, setData } = useRead<Payroll>(() => getPayroll(day), [day], { keep: true, onDenied });

  return (
    <section aria-labelledby={titleId} className={styles.screen}>
      <h1 id={titleId}>Payroll</h1>
      {load.status === 'loading' && <Loader text="Loading the payroll…" />}
      {load.status === 'error' && <LoadError message={load.message} onRetry={reload} />}
      {load.status === 'ready' && (
        <div className={styles.report} aria-busy={load.refreshing || undefined}>
          <PeriodNav
            name="Pay period"
            label={formatDayRange(load.data.first_day, load.data.last_day)}
            onPrevious={() => setDay(addDays(load.data.first_day, -1))}
            onNext={() => setDay(addDays(load.data.last_day, 1))}
            onCurrent={() => setDay(undefined)}
          />
          <PaidState payroll={load.data} onMarkPaid={() => setConfirming(true)} />
          <PayrollTable payroll={load.data} />
          {load.data.tutors.length > 0 && <PayrollApprovals payroll={load.data} onApproved={reload} onApprovedAll={setData} />}
          {confirming && (
            <MarkPaidDialog
              payroll={load.data}
              onClose={(paid) => {
                setConfirming(false);
                if (paid) setData(paid);
              }}
            />
          )}
        </div>
      )}
    </section>
  );
}

function PaidState({ payroll, onMarkPaid }: { payroll: Payroll; onMarkPaid: () => void }) {
  if (payroll.paid) {
    return (
      <p className={styles.paid} role="status">
        Paid on {formatLongDate(payroll.paid.paid_epoch)} by {payroll.paid.paid_by.name}. These numbers are final: a session summarised later is paid in the
        next period.
      </p>
    );
  }
  return (
    <div className={styles.unpaid}>
      <p>
        Not paid yet.{' '}
        {payroll.over
          ? 'The numbers follow the summaries until the period is marked paid.'
          : `The period ends on ${formatDay(payroll.last_day)}; it can be marked paid after that.`}
      </p>
      {payroll.over && (
        <Button thin onClick={onMarkPaid}>
          Mark as paid
        </Button>
      )}
    </div>
  );
}

function PayrollTable({ payroll }: { payroll: Payroll }) {
  const file = (what: string) => `payroll-${payroll.first_day}-${what}.csv`;
  if (payroll.tutors.length === 0) return <p className={styles.muted}>No sessions were held in this pay period.</p>;
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption>Pay per tutor</caption>
          <thead>
            <tr>
              <th scope="col">Tutor</th>
              <th scope="col">Confirmed hours</th>
              <th scope="col">Held back (no summary)</th>
              <th scope="col">Awaiting approval</th>
              <th scope="col">Rate</th>
              <th scope="col">Pay</th>
            </tr>
          </thead>
          <tbody>
            {payroll.tutors.map((t) => (
              <tr key={String(t.tutor_id)}>
                <th scope="row">{t.name}</th>
                <td>{formatHours(t.confirmed_minutes)}</td>
                <td>{t.held_back === 0 ? '—' : `${t.held_back} (${formatHours(t.held_back_minutes)} h)`}</td>
                <td>{t.awaiting_approval === 0 ? '—' : t.awaiting_approval}</td>
                <td>{t.rate_cents === null ? 'Not set' : `${centsToDollars(t.rate_cents)}/h`}</td>
                <td>
                  {centsToDollars(t.cents)}
                  {t.unrated_minutes > 0 && <span className={styles.note}> ({formatHours(t.unrated_minutes)} h before a rate was set)</span>}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{formatHours(payroll.tutors.reduce((sum, t) => sum + t.confirmed_minutes, 0))}</td>
              <td>{payroll.tutors.reduce((sum, t) => sum + t.held_back, 0)}</td>
              <td>{payroll.awaiting.length}</td>
              <td />
              <td>{centsToDollars(payroll.total_cents)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div className={styles.downloads}>
        <Button variant="secondary" thin onClick={() => downloadCsv(file('tutors'), payrollTutorsCsv(payroll))}>
          Download CSV (one row per tutor)
        </Button>
        <Button variant="secondary" thin onClick={() => downloadCsv(file('sessions'), payrollSessionsCsv(payroll, site.timeZone))}>
          Download CSV (one row per session)
        </Button>
      </div>
    </>
  );
}

function MarkPaidDialog({ payroll, onClose }: { payroll: Payroll; onClose: (paid: Payroll | null) => void }) {
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      open
      onClose={() => onClose(null)}
      dismissible={!working}
      title="Mark this pay period as paid?"
      primary={{
        label: 'Mark as paid',
        loading: working,
        onClick: async () => {
          setWorking(true);
          setError(null);
          const result = await markPayrollPaid(payroll.first_day);
          setWorking(false);
          if (result.status === 'success') onClose(result.data);
          else setError(failureText(result));
        },
      }}
      secondary={[{ label: 'Nevermind', onClick: () => onClose(null), disabled: working }]}
    >
      <p>
        {formatDayRange(payroll.first_day, payroll.last_day)}: {payroll.sessions.length} sessions, {centsToDollars(payroll.total_cents)} in all. Its numbers are then
        frozen, and a session summarised later is paid in the next period.
        {payroll.awaiting.length > 0 &&
          ` ${payroll.awaiting.length === 1 ? '1 changed duration awaits' : `${payroll.awaiting.length} changed durations await`} approval: paid as approved so far, and what a later approval changes is paid in the next period.`}
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </Modal>
  );
}
