import { type FormEvent, useState } from 'react';
import { approveClaim, declineClaim, getClaims } from '../../api/gradebooks.ts';
import type { GuaranteeClaim } from '../../contract/entities.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { centsToDollars } from '../../lib/money.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import { formatLongDate } from '../../lib/time-format.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { useRead } from '../../ui/use-read.ts';
import styles from './tutor.module.css';

/**
 * 'Guarantee claims' (supervisors, on All Gradebooks): each claim of the pass guarantee with the
 * hours and classes counted, the final grade given and the gradebook's grades with their dates;
 * an open one is approved (every payment of the course refunded) or declined with a reason.
 */
export function ClaimsSection() {
  const { state, reload, update } = useRead<GuaranteeClaim[]>(getClaims, []);
  const replace = (claim: GuaranteeClaim) => update((claims) => claims.map((c) => (String(c.id) === String(claim.id) ? claim : c)));
  return (
    <section aria-labelledby="claims-title" className={styles.claims}>
      <h2 id="claims-title">Guarantee claims</h2>
      {state.status === 'loading' ? (
        <Loader text="Loading the claims…" />
      ) : state.status === 'error' ? (
        <LoadError message={state.message} onRetry={reload} />
      ) : state.data.length === 0 ? (
        <p className={styles.muted}>No student has claimed the pass guarantee.</p>
      ) : (
        <ul className={styles.claimList} aria-label="Guarantee claims">
          {state.data.map((claim) => (
            <ClaimItem key={String(claim.id)} claim={claim} onDecided={replace} />
          ))}
        </ul>
      )}
    </section>
  );
}

function claimState(claim: GuaranteeClaim): string {
  if (claim.status === 'approved') return `Approved by ${claim.decided_by ?? 'a supervisor'}: ${centsToDollars(claim.refund_cents ?? 0)} refunded`;
  if (claim.status === 'declined') return `Declined by ${claim.decided_by ?? 'a supervisor'}: ${claim.decline_reason ?? ''}`;
  return 'Open';
}

function ClaimItem({ claim, onDecided }: { claim: GuaranteeClaim; onDecided: (claim: GuaranteeClaim) => void }) {
  const name = `${claim.customer.firstname} ${claim.customer.lastname}`;
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function decide(send: () => ReturnType<typeof approveClaim>) {
    setBusy(true);
    setError(null);
    const result = await send();
    setBusy(false);
    if (result.status === 'success') return onDecided(result.data);
    setError(result.status === 'failure' ? errorMessage(result.error) : NETWORK_MESSAGE);
  }

  function decline(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setReasonError('Please say why the claim is declined.');
    setReasonError(undefined);
    void decide(() => declineClaim(claim.id, reason.trim()));
  }

  return (
    <li className={styles.claim}>
      <h3 className={styles.claimName}>
        {name} · {claim.course.course_number}
      </h3>
      <p>
        Final grade {claim.final_grade} · {claim.hours_counted} hours, {claim.classes_counted} sessions · claimed {formatLongDate(claim.claimed_epoch)}
      </p>
      {claim.grades.length > 0 && (
        <ul className={styles.claimGrades} aria-label={`Grades of ${name}`}>
          {claim.grades.map((grade) => (
            <li key={grade.name}>
              {grade.name}: {grade.percent}% · dated {formatLongDate(grade.due_epoch)}, entered {formatLongDate(grade.entered_epoch)}
            </li>
          ))}
        </ul>
      )}
      <p className={styles.muted}>{claimState(claim)}</p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {claim.status === 'open' &&
        (declining ? (
          <form onSubmit={decline} noValidate aria-label={`Decline ${name}'s claim`} className={styles.claimForm}>
            <TextInput label="Reason" autoComplete="off" value={reason} error={reasonError} onChange={setReason} />
            <div className={styles.claimActions}>
              <Button variant="secondary" thin disabled={busy} onClick={() => setDeclining(false)}>
                Back
              </Button>
              <Button type="submit" thin loading={busy}>
                Decline the claim
              </Button>
            </div>
          </form>
        ) : (
          <div className={styles.claimActions}>
            <Button thin loading={busy} aria-label={`Approve and refund: ${name}, ${claim.course.course_number}`} onClick={() => void decide(() => approveClaim(claim.id))}>
              Approve and refund
            </Button>
            <Button variant="secondary" thin disabled={busy} onClick={() => setDeclining(true)}>
              Decline…
            </Button>
          </div>
        ))}
    </li>
  );
}
