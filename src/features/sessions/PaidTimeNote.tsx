import { useState } from 'react';
import { approveDuration } from '../../api/meetings.ts';
import type { Meeting } from '../../contract/entities.ts';
import { AWAITING_APPROVAL, awaitingSentence, paidTimeSentence } from '../../lib/paid-time.ts';
import { Button } from '../../ui/Button.tsx';
import { Chip } from '../../ui/Chip.tsx';
import { errorMessageLater } from '../../lib/error-message-later.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import styles from './staff.module.css';

export interface PaidTimeNoteProps {
  meeting: Meeting;
  /** A supervisor in another tutor's dashboard: they approve (never their own session's, the server's rule too). */
  canApprove: boolean;
  /** Called after an approval. */
  onChanged: () => void;
  /** Opens the dialog that edits the paid time. */
  onEdit: () => void;
}

/**
 * The staff card's paid time (decision 022): a changed duration 'Awaiting approval', with what is
 * paid until then, and for a supervisor in another tutor's dashboard 'Approve' (one click) and
 * 'Edit paid time…'; once approved at other minutes than the duration, the paid time and who approved it.
 */
export function PaidTimeNote({ meeting, canApprove, onChanged, onEdit }: PaidTimeNoteProps) {
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const paid = meeting.paid_time;
  if (!paid) return null;
  if (!paid.awaiting) {
    if (paid.minutes === meeting.duration_mins) return null;
    return <p className={styles.paidTime}>{paidTimeSentence(paid.minutes, paid.approved?.by.name ?? null)}</p>;
  }

  async function approve() {
    setWorking(true);
    setError(null);
    // The minutes shown are the ones approved, whatever was entered since.
    const result = await approveDuration(meeting.id, meeting.duration_mins);
    setWorking(false);
    if (result.status === 'success') return onChanged();
    // The sentences load only when a failure is shown: the card is in the tutor's first load (its page budget).
    setError(result.status === 'network-error' ? NETWORK_MESSAGE : await errorMessageLater(result.error, 'editMeeting'));
  }

  return (
    <div className={styles.paidTime} role="group" aria-label="Paid time">
      <p className={styles.paidTimeText}>
        <Chip tone="amber">{AWAITING_APPROVAL}</Chip> {awaitingSentence(meeting.duration_mins, paid.minutes, paid.awaiting.by?.name ?? null)}
      </p>
      {canApprove && (
        <div className={styles.paidTimeActions}>
          <Button thin loading={working} onClick={() => void approve()}>
            Approve {meeting.duration_mins} min
          </Button>
          <Button variant="secondary" thin disabled={working} onClick={onEdit}>
            Edit paid time…
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
