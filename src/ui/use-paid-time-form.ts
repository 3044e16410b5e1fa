import { useState } from 'react';
import { approveDuration } from '../api/meetings.ts';
import type { Id } from '../contract/entities.ts';
import { errorMessage } from '../lib/error-messages.ts';
import { NETWORK_MESSAGE } from '../lib/network-message.ts';
import { PAID_TIME_RANGE_MESSAGE, parsePaidMinutes } from '../lib/paid-time.ts';

/**
 * The form behind both 'Edit paid time' dialogs (a staff meeting card's and Payroll's, decision
 * 022): the minutes typed, checked, then approved as the session's paid time. `onClose(true)` once
 * approved; a refusal stays in the dialog as its sentence.
 */
export function usePaidTimeForm(meetingId: Id, enteredMinutes: number, onClose: (changed: boolean) => void) {
  const [text, setText] = useState(String(enteredMinutes));
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  async function submit() {
    const minutes = parsePaidMinutes(text);
    if (minutes === null) return setError(PAID_TIME_RANGE_MESSAGE);
    setWorking(true);
    setError(null);
    const result = await approveDuration(meetingId, minutes);
    setWorking(false);
    if (result.status === 'success') return onClose(true);
    setError(result.status === 'network-error' ? NETWORK_MESSAGE : errorMessage(result.error, 'editMeeting'));
  }

  return { text, setText, error, working, submit };
}
