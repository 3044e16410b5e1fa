import type { Meeting } from '../../contract/entities.ts';
import { MAX_DURATION_MINUTES } from '../../contract/limits.ts';
import { useViewedTutor } from '../../lib/viewed-tutor.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { usePaidTimeForm } from '../../ui/use-paid-time-form.ts';

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
  const { text, setText, error, working, submit } = usePaidTimeForm(meeting.id, meeting.duration_mins, onClose);

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
