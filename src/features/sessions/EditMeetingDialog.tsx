import { useState } from 'react';
import { previewOvertime, setMeetingDuration, setMeetingOccurrence } from '../../api/meetings.ts';
import type { Meeting, OvertimePreview } from '../../contract/entities.ts';
import { fieldZoneName, fromDateTimeLocal, toDateTimeLocal } from '../../lib/datetime-local.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import {
  chargeMeans,
  chargeQuestion,
  confirmChargesLabel,
  DURATION_CHANGED_MESSAGE,
  DURATION_RANGE_MESSAGE,
  durationWarnings,
  editMeetingMessage,
  MAX_DURATION_MINUTES,
  NOT_STARTED_MESSAGE,
  PAST_START_MESSAGE,
  STARTED_NO_MOVE_MESSAGE,
} from './meeting-messages.ts';
import styles from './staff.module.css';

export interface EditMeetingDialogProps {
  meeting: Pick<Meeting, 'id' | 'occurrence_epoch' | 'duration_mins'>;
  /** Called when the dialog closes; `changed` is true once something was saved. */
  onClose: (changed: boolean) => void;
}

/**
 * 'Edit Meeting Time + Duration' (spec 2 §2, §5): the start time of a meeting that has not started,
 * and, once it has, its duration. Update sends only what changed; the warnings of spec 2 §5 show
 * while they apply. A duration that charges overtime first shows what each customer would be
 * charged (asked of the server, which applies its rules), and charges only on a second click.
 */
export function EditMeetingDialog({ meeting, onClose }: EditMeetingDialogProps) {
  // What the server holds now: the meeting's values, then whatever this dialog saved.
  const [saved, setSaved] = useState({ start: toDateTimeLocal(meeting.occurrence_epoch), duration: meeting.duration_mins });
  const [start, setStart] = useState(saved.start);
  const [duration, setDuration] = useState(String(meeting.duration_mins));
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [changed, setChanged] = useState(false);
  // The charges shown for confirmation; typing another duration drops them (it is asked anew).
  const [charges, setCharges] = useState<OvertimePreview | null>(null);
  // Whether the meeting has started, as of the dialog's opening (the server decides).
  const [started] = useState(() => meeting.occurrence_epoch * 1000 <= Date.now());
  const minutes = duration.trim() === '' ? NaN : Number(duration);
  const warnings = durationWarnings(minutes, saved.duration);
  const confirming = charges !== null;

  function fail(message: string) {
    setWorking(false);
    setError(message);
  }

  async function update() {
    if (working) return;
    const epoch = fromDateTimeLocal(start);
    if (Number.isNaN(epoch)) return setError('Please pick a start time.');
    const timeChanged = !started && start !== saved.start;
    const durationChanged = started && minutes !== saved.duration;
    if (durationChanged && !(Number.isInteger(minutes) && minutes >= 1 && minutes <= MAX_DURATION_MINUTES)) return setError(DURATION_RANGE_MESSAGE);
    if (!timeChanged && !durationChanged) return onClose(changed);
    if (timeChanged && epoch * 1000 <= Date.now()) return setError(PAST_START_MESSAGE);
    if (timeChanged && saved.duration !== 60) return setError(DURATION_CHANGED_MESSAGE);
    setWorking(true);
    setError(null);
    if (durationChanged) {
      if (!confirming) {
        const preview = await previewOvertime(meeting.id, minutes);
        if (preview.status !== 'success') return fail(editMeetingMessage(preview));
        if (preview.data.charges.length > 0) {
          setCharges(preview.data);
          return setWorking(false);
        }
      }
      const result = await setMeetingDuration(meeting.id, minutes);
      if (result.status !== 'success') return fail(editMeetingMessage(result));
      setSaved({ ...saved, duration: minutes });
      setCharges(null);
      setChanged(true);
    }
    if (timeChanged) {
      const result = await setMeetingOccurrence(meeting.id, epoch);
      if (result.status !== 'success') return fail(editMeetingMessage(result));
      setSaved({ ...saved, start });
      setChanged(true);
    }
    setWorking(false);
    onClose(true);
  }

  const total = confirming ? charges.charges.reduce((sum, charge) => sum + charge.amount_cents, 0) : 0;
  return (
    <FormModal
      title="Edit Meeting Time + Duration"
      submitLabel={confirming ? confirmChargesLabel(total) : 'Update'}
      cancelLabel="Close"
      working={working}
      onSubmit={() => void update()}
      onClose={() => onClose(changed)}
      error={error}
    >
      <TextInput
        label="Start time"
        type="datetime-local"
        step={60}
        required
        disabled={started}
        value={start}
        onChange={setStart}
        hint={started ? STARTED_NO_MOVE_MESSAGE : `In your time zone (${fieldZoneName(start, meeting.occurrence_epoch)}).`}
      />
      <TextInput
        label="Duration (minutes)"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_DURATION_MINUTES}
        step={1}
        disabled={!started}
        value={duration}
        onChange={(value) => {
          setDuration(value);
          setCharges(null);
        }}
        hint={started ? undefined : NOT_STARTED_MESSAGE}
      />
      {warnings.length > 0 && !confirming && (
        <ul className={styles.warnings} aria-label="Warnings">
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      {confirming && (
        <div className={styles.charges} role="alert" aria-label="Charges to confirm">
          {charges.charges.map((charge) => (
            <p key={String(charge.customer.id)}>
              <strong>{chargeQuestion(charge)}</strong>
              <br />
              {chargeMeans(charge)}
            </p>
          ))}
          <p>Press ‘{confirmChargesLabel(total)}’ to confirm, or change the duration.</p>
        </div>
      )}
    </FormModal>
  );
}
