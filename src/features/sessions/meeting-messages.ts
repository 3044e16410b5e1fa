import type { ApiResult } from '../../api/http.ts';
import { NETWORK_MESSAGE, overlapFailureMessage, rawFailureText } from '../../lib/api-messages.ts';

export { NETWORK_MESSAGE };

type Unsuccessful = Exclude<ApiResult<unknown>, { status: 'success' }>;

export const DURATION_CHANGED_MESSAGE = 'A meeting whose duration was changed cannot be moved into the future.';
export const NOT_STARTED_MESSAGE = 'The duration can be changed once the meeting has started.';
export const PAST_START_MESSAGE = 'A meeting that has not started yet can only move to a time in the future.';

/** The edit dialog's failure messages (reschedule and duration change). */
export function editMeetingMessage(result: Unsuccessful): string {
  if (result.status === 'network-error') return NETWORK_MESSAGE;
  switch (result.error.type) {
    case 'Overlap':
      return overlapFailureMessage('meeting', result.error);
    case 'DurationChanged':
      return DURATION_CHANGED_MESSAGE;
    case 'MeetingNotStarted':
      return NOT_STARTED_MESSAGE;
    case 'EarlyAnchor':
      return PAST_START_MESSAGE;
    default:
      return rawFailureText(result.error);
  }
}

export const WARNING_NOT_RESCHEDULABLE = 'A meeting with a modified duration cannot be rescheduled into the future.';
export const WARNING_BILLED = 'Above 75 minutes, the customer is charged for the extra time, rounded to the nearest 30 minutes.';
export const WARNING_NO_REFUND = 'Decreasing the duration does not refund the customer.';

/** Spec 2 §5, Edit meeting: the warnings that apply to a duration typed in the dialog. */
export function durationWarnings(minutes: number, currentMinutes: number): string[] {
  if (!Number.isFinite(minutes)) return [];
  const warnings: string[] = [];
  if (minutes !== 60) warnings.push(WARNING_NOT_RESCHEDULABLE);
  if (minutes > 75) warnings.push(WARNING_BILLED);
  if (minutes < currentMinutes) warnings.push(WARNING_NO_REFUND);
  return warnings;
}
