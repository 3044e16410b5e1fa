import { useId, useState } from 'react';
import { createMeeting, createSlot } from '../../api/meetings.ts';
import { site } from '../../config/site.ts';
import { dateTimeLocalMin, fieldZoneName, fromDateTimeLocal } from '../../lib/datetime-local.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { availabilityMessage, EARLY_ANCHOR_MESSAGE } from './availability-messages.ts';
import styles from './tutor.module.css';

export interface AddAvailabilityDialogProps {
  /** The route's tutor: 'myself' or an id (a supervisor may add for another tutor). */
  tutorId: string;
  /** Called when the dialog closes; `created` is the new hour's start (a weekly one's first week) after a success, else false. */
  onClose: (created: number | false) => void;
}

/**
 * 'Add availability' (spec 2 §2, §4, §5): a start time no earlier than now and the one-time box.
 * Unchecked makes a weekly 60-minute slot, checked a single meeting. Errors stay in the dialog.
 */
export function AddAvailabilityDialog({ tutorId, onClose }: AddAvailabilityDialogProps) {
  const checkboxId = useId();
  const [start, setStart] = useState('');
  const [oneTime, setOneTime] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const min = dateTimeLocalMin();
  const zone = fieldZoneName(start);

  async function create() {
    if (working) return;
    const epoch = fromDateTimeLocal(start);
    if (Number.isNaN(epoch)) return setError('Please pick a start time.');
    if (epoch * 1000 <= Date.now()) return setError(EARLY_ANCHOR_MESSAGE);
    setWorking(true);
    setError(null);
    const result = oneTime
      ? await createMeeting({ occurrence_epoch: epoch, tutor: tutorId })
      : await createSlot({ duration_mins: 60, anchor_epoch: epoch, tutor: tutorId });
    setWorking(false);
    if (result.status === 'success') onClose(epoch);
    else setError(availabilityMessage(oneTime, result));
  }


  return (
    <FormModal
      title="Add availability"
      submitLabel={oneTime ? 'Create One-off Availability' : 'Create Weekly Availability'}
      working={working}
      onSubmit={() => void create()}
      onClose={() => onClose(false)}
      error={error}
    >
      <TextInput
        label="Start time"
        type="datetime-local"
        min={min}
        max={oneTime ? undefined : `${site.semesterLastReadingDay}T23:59`}
        step={60}
        required
        value={start}
        onChange={setStart}
        hint={oneTime ? `A single meeting at this time (${zone}).` : `A 60-minute meeting every week at this time (${zone}) until the end of the semester.`}
      />
      <div className={styles.checkbox}>
        <input id={checkboxId} type="checkbox" checked={oneTime} onChange={(event) => setOneTime(event.target.checked)} />
        <label htmlFor={checkboxId}>Is this a one-time meeting?</label>
      </div>
    </FormModal>
  );
}
