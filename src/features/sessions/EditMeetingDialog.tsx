import { useState } from 'react';
import { setMeetingDuration, setMeetingOccurrence } from '../../api/meetings.ts';
import type { Meeting } from '../../contract/entities.ts';
import { fieldZoneName, fromDateTimeLocal, toDateTimeLocal } from '../../lib/datetime-local.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { DURATION_CHANGED_MESSAGE, durationWarnings, editMeetingMessage, NOT_STARTED_MESSAGE, PAST_START_MESSAGE } from './meeting-messages.ts';
import styles from './staff.module.css';

export interface EditMeetingDialogProps {
  meeting: Pick<Meeting, 'id' | 'occurrence_epoch' | 'duration_mins'>;
  /** Called when the dialog closes; `changed` is true once something was saved. */
  onClose: (changed: boolean) => void;
}

/**
 * 'Edit Meeting Time + Duration' (spec 2 §2, §5): a start time and, once the meeting has started, its
 * duration. Update sends only what changed; the warnings of spec 2 §5 show while they apply.
 */
export function EditMeetingDialog({ meeting, onClose }: EditMeetingDialogProps) {
  // What the server holds now: the meeting's values, then whatever this dialog saved.
  const [saved, setSaved] = useState({ start: toDateTimeLocal(meeting.occurrence_epoch), duration: meeting.duration_mins });
  const [start, setStart] = useState(saved.start);
  const [duration, setDuration] = useState(String(meeting.duration_mins));
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [changed, setChanged] = useState(false);
  // Whether the meeting has started, as of the dialog's opening.
  const [started] = useState(() => meeting.occurrence_epoch * 1000 <= Date.now());
  const minutes = duration.trim() === '' ? NaN : Number(duration);
  const warnings = durationWarnings(minutes, saved.duration);


  async function update() {
    if (working) return;
    const epoch = fromDateTimeLocal(start);
    if (Number.isNaN(epoch)) return setError('Please pick a start time.');
    const timeChanged = start !== saved.start;
    const durationChanged = started && minutes !== saved.duration;
    if (durationChanged && !(Number.isInteger(minutes) && minutes >= 1 && minutes <= 600)) {
      return setError('Please enter a duration from 1 to 600 minutes.');
    }
    if (!timeChanged && !durationChanged) return onClose(changed);
    // Refused here rather than half-applied there: the server checks these rules one call at a time.
    const intoFuture = epoch * 1000 > Date.now();
    if (timeChanged && intoFuture && (durationChanged ? minutes : saved.duration) !== 60) return setError(DURATION_CHANGED_MESSAGE);
    if (timeChanged && !intoFuture && !started) return setError(PAST_START_MESSAGE);
    setWorking(true);
    setError(null);
    let now = saved;
    // The duration first: it needs the meeting to have started, which a move could undo.
    if (durationChanged) {
      const result = await setMeetingDuration(meeting.id, minutes);
      if (result.status !== 'success') {
        setWorking(false);
        return setError(editMeetingMessage(result));
      }
      now = { ...now, duration: minutes };
      setSaved(now);
      setChanged(true);
    }
    if (timeChanged) {
      const result = await setMeetingOccurrence(meeting.id, epoch);
      if (result.status !== 'success') {
        setWorking(false);
        return setError(editMeetingMessage(result));
      }
      now = { ...now, start };
      setSaved(now);
      setChanged(true);
    }
    setWorking(false);
    onClose(true);
  }

  return (
    <FormModal
      title="Edit Meeting Time + Duration"
      submitLabel="Update"
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
        value={start}
        onChange={setStart}
        hint={`In your time zone (${fieldZoneName(start, meeting.occurrence_epoch)}).`}
      />
      <TextInput
        label="Duration (minutes)"
        type="number"
        inputMode="numeric"
        min={1}
        max={600}
        step={1}
        disabled={!started}
        value={duration}
        onChange={setDuration}
        hint={started ? undefined : NOT_STARTED_MESSAGE}
      />
      {warnings.length > 0 && (
        <ul className={styles.warnings} aria-label="Warnings">
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </FormModal>
  );
}
