import { useState } from 'react';
import type { ApiResult } from '../../api/http.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { editMeetingMessage } from './meeting-messages.ts';

export interface ReasonDialogProps {
  title: string;
  /** What happens, in a sentence, above the reason. */
  body: string;
  submitLabel: string;
  run: (reason: string) => Promise<ApiResult<unknown>>;
  /** Called when the dialog closes; `changed` is true after a success. */
  onClose: (changed: boolean) => void;
}

export const REASON_MISSING = 'Please give a reason: it is kept with the refund.';

/** A supervisor's money action that needs a reason (a late cancel, an overtime refund): asked, kept, then done. */
export function ReasonDialog({ title, body, submitLabel, run, onClose }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  async function submit() {
    if (reason.trim() === '') return setError(REASON_MISSING);
    setWorking(true);
    setError(null);
    const result = await run(reason.trim());
    setWorking(false);
    if (result.status === 'success') return onClose(true);
    setError(editMeetingMessage(result));
  }

  return (
    <FormModal title={title} submitLabel={submitLabel} cancelLabel="Nevermind" working={working} onSubmit={() => void submit()} onClose={() => onClose(false)} error={error}>
      <p>{body}</p>
      <TextInput label="Reason" required maxLength={500} value={reason} onChange={setReason} />
    </FormModal>
  );
}
