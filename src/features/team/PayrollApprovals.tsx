import { useId, useState } from 'react';
import { approveDuration } from '../../api/meetings.ts';
import { approvePayrollDurations } from '../../api/pay.ts';
import type { Payroll, PayrollAwaiting } from '../../contract/entities.ts';
import { MAX_DURATION_MINUTES } from '../../contract/limits.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import { AWAITING_APPROVAL, awaitingSentence, OWN_SESSION_NOTE } from '../../lib/paid-time.ts';
import { formatLongDate, formatTimeRange } from '../../lib/time-format.ts';
import { Button } from '../../ui/Button.tsx';
import { Chip } from '../../ui/Chip.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { usePaidTimeForm } from '../../ui/use-paid-time-form.ts';
import styles from './payroll.module.css';

type Failed = { status: 'network-error' } | { status: 'failure'; error: Parameters<typeof errorMessage>[0] };
const failureText = (result: Failed) => (result.status === 'network-error' ? NETWORK_MESSAGE : errorMessage(result.error));

export const NOTHING_AWAITING = 'No changed durations await approval in this period.';
export const AWAITING_HELP =
  'A duration a tutor changes is paid once a supervisor approves it; until then the session pays the minutes approved before (the booked 60 at first).';

export interface PayrollApprovalsProps {
  payroll: Payroll;
  /** After one session's approval: the payroll is read again. */
  onApproved: () => void;
  /** After 'Approve all': the payroll as it stands after. */
  onApprovedAll: (payroll: Payroll) => void;
}

/**
 * Payroll's sessions whose changed duration awaits approval (decision 022), by tutor: each
 * approved with one click (or its paid time edited), or all of a tutor's in the period at once.
 * A supervisor's own sessions are listed without the buttons: another supervisor approves them.
 */
export function PayrollApprovals({ payroll, onApproved, onApprovedAll }: PayrollApprovalsProps) {
  const titleId = useId();
  const [editing, setEditing] = useState<PayrollAwaiting | null>(null);
  const names = new Map(payroll.tutors.map((t) => [String(t.tutor_id), t.name]));
  const groups = [...new Set(payroll.awaiting.map((a) => String(a.tutor_id)))].map((tutorId) => ({
    tutorId,
    name: names.get(tutorId) ?? 'A tutor',
    sessions: payroll.awaiting.filter((a) => String(a.tutor_id) === tutorId),
  }));
  return (
    <section aria-labelledby={titleId} className={styles.approvals}>
      <h2 id={titleId} className={styles.subheading}>
        {AWAITING_APPROVAL}
      </h2>
      {groups.length === 0 ? (
        <p className={styles.muted}>{NOTHING_AWAITING}</p>
      ) : (
        <>
          <p className={styles.muted}>
            {AWAITING_HELP}
            {payroll.paid ? ' This period is paid: what an approval adds or takes away now is paid in the next period.' : ''}
          </p>
          {groups.map((group) => (
            <TutorApprovals
              key={group.tutorId}
              firstDay={payroll.first_day}
              tutorId={group.tutorId}
              name={group.name}
              sessions={group.sessions}
              onApproved={onApproved}
              onApprovedAll={onApprovedAll}
              onEdit={setEditing}
            />
          ))}
        </>
      )}
      {editing && (
        <EditPaidTimeDialog
          session={editing}
          name={names.get(String(editing.tutor_id)) ?? 'the tutor'}
          onClose={(changed) => {
            setEditing(null);
            if (changed) onApproved();
          }}
        />
      )}
    </section>
  );
}

function TutorApprovals({
  firstDay,
  tutorId,
  name,
  sessions,
  onApproved,
  onApprovedAll,
  onEdit,
}: {
  firstDay: string;
  tutorId: string;
  name: string;
  sessions: PayrollAwaiting[];
  onApproved: () => void;
  onApprovedAll: (payroll: Payroll) => void;
  onEdit: (session: PayrollAwaiting) => void;
}) {
  const headingId = useId();
  // What is being sent: one session's id, or 'all'.
  const [working, setWorking] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const approvable = sessions.filter((s) => s.can_approve);

  async function approveOne(session: PayrollAwaiting) {
    setWorking(String(session.meeting_id));
    setError(null);
    // The minutes shown are the ones approved, whatever was entered since.
    const result = await approveDuration(session.meeting_id, session.duration_mins);
    setWorking(null);
    if (result.status === 'success') onApproved();
    else setError(failureText(result));
  }

  async function approveAll() {
    setWorking('all');
    setError(null);
    const result = await approvePayrollDurations(tutorId, firstDay);
    setWorking(null);
    if (result.status === 'success') onApprovedAll(result.data.payroll);
    else setError(failureText(result));
  }

  return (
    <section aria-labelledby={headingId} className={styles.approvalGroup}>
      <div className={styles.groupHead}>
        <h3 id={headingId} className={styles.groupTitle}>
          {name} <span className={styles.muted}>({sessions.length} awaiting)</span>
        </h3>
        {approvable.length > 0 && (
          <Button thin loading={working === 'all'} disabled={working !== null && working !== 'all'} aria-label={`Approve all (${approvable.length}) of ${name}`} onClick={() => void approveAll()}>
            Approve all ({approvable.length})
          </Button>
        )}
      </div>
      {approvable.length === 0 && <p className={styles.muted}>{OWN_SESSION_NOTE}</p>}
      <ul className={styles.awaitingList}>
        {sessions.map((session) => {
          const when = formatLongDate(session.occurrence_epoch);
          return (
            <li key={String(session.meeting_id)} className={styles.awaitingItem}>
              <div className={styles.awaitingFacts}>
                <p className={styles.awaitingWhen}>
                  <strong>{when}</strong> <span>{formatTimeRange(session.occurrence_epoch, session.duration_mins)}</span> <span>{session.course_number}</span>
                </p>
                <p className={styles.awaitingWhat}>
                  <Chip tone="amber">{AWAITING_APPROVAL}</Chip> {awaitingSentence(session.duration_mins, session.paid_minutes, session.requested_by?.name ?? null)}
                  {!session.summarised && ' No summary yet: its pay waits for one.'}
                </p>
              </div>
              {session.can_approve && (
                <div className={styles.awaitingActions}>
                  <Button
                    thin
                    loading={working === String(session.meeting_id)}
                    disabled={working !== null && working !== String(session.meeting_id)}
                    aria-label={`Approve ${session.duration_mins} min: ${session.course_number} on ${when}`}
                    onClick={() => void approveOne(session)}
                  >
                    Approve
                  </Button>
                  <Button variant="secondary" thin disabled={working !== null} aria-label={`Edit paid time: ${session.course_number} on ${when}`} onClick={() => onEdit(session)}>
                    Edit…
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </section>
  );
}

/** A supervisor edits a session's paid time from Payroll: the minutes typed are approved. */
function EditPaidTimeDialog({ session, name, onClose }: { session: PayrollAwaiting; name: string; onClose: (changed: boolean) => void }) {
  const { text, setText, error, working, submit } = usePaidTimeForm(session.meeting_id, session.duration_mins, onClose);

  return (
    <FormModal title="Edit paid time" submitLabel="Approve" cancelLabel="Close" working={working} onSubmit={() => void submit()} onClose={() => onClose(false)} error={error}>
      <p>
        {name}’s {session.course_number} session on {formatLongDate(session.occurrence_epoch)}: {session.duration_mins} minutes entered, whose charges to its customers stay
        as they are. The tutor is paid the minutes approved here.
      </p>
      <TextInput label="Paid minutes" type="number" inputMode="numeric" min={0} max={MAX_DURATION_MINUTES} step={1} required value={text} onChange={setText} />
    </FormModal>
  );
}
