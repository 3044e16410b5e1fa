import { useState } from 'react';
import { approveDuration } from '../../api/meetings.ts';
import type { Meeting } from '../../contract/entities.ts';
import { MAX_DURATION_MINUTES } from '../../contract/limits.ts';
import { PAID_TIME_RANGE_MESSAGE, parsePaidMinutes } from '../../lib/paid-time.ts';
import { useViewedTutor } from '../../lib/viewed-tutor.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { editMeetingMessage } from './meeting-messages.ts';

export interface PaidTimeDialogProps {
  meeting: Pick<Meeting, 'id' | 'duration_mins'>;
  /** Called when the dialog closes; `changed` is true once the paid time was approved. */
  onClose: (changed: boolean) => void;
}

/**
 * A supervisor edits a session's paid time (decision 022): the minutes typed are approved and
 * paid. The session's duration and its customers' charges stay as entered.
 */
export function PaidTimeDialog({ meeting, onClose }: PaidTimeDialogProps) {
  const owner = useViewedTutor();
  const [text, setText] = useState(String(meeting.duration_mins));
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  async function submit() {
    const minutes = parsePaidMinutes(text);
    if (minutes === null) return setError(PAID_TIME_RANGE_MESSAGE);
    setWorking(true);
    setError(null);
    const result = await approveDuration(meeting.id, minutes);
    setWorking(false);
    if (result.status === 'success') return onClose(true);
    setError(editMeetingMessage(result));
  }

  return (
    <FormModal title="Edit paid time" submitLabel="Approve" cancelLabel="Close" working={working} onSubmit={() => void submit()} onClose={() => onClose(false)} error={error}>
      <p>
        {owner ? `This is ${owner.name}’s session. ` : ''}It lasted {meeting.duration_mins} minutes for its customers, whose charges stay as they are. The tutor is paid the
        minutes approved here.
      </p>
      <TextInput label="Paid minutes" type="number" inputMode="numeric" min={0} max={MAX_DURATION_MINUTES} step={1} required value={text} onChange={setText} />
    </FormModal>
  );
}
