import type { ApiResult } from '../../api/http.ts';
import type { OvertimePreview } from '../../contract/entities.ts';
import { MAX_DURATION_MINUTES } from '../../contract/limits.ts';
import { centsToDollars } from '../../lib/money.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import { contextMessages, errorMessages, errorMessage } from '../../lib/error-messages.ts';

export { NETWORK_MESSAGE };

type Unsuccessful = Exclude<ApiResult<unknown>, { status: 'success' }>;

export const DURATION_CHANGED_MESSAGE = errorMessages.DurationChanged;
export const NOT_STARTED_MESSAGE = errorMessages.MeetingNotStarted;
export const PAST_START_MESSAGE = contextMessages.editMeeting.EarlyAnchor;
export const STARTED_NO_MOVE_MESSAGE = 'This session has started, so its time can no longer change.';
export { MAX_DURATION_MINUTES };
export const DURATION_RANGE_MESSAGE = `Please enter a duration from 1 to ${MAX_DURATION_MINUTES} minutes.`;

type PreviewCharge = OvertimePreview['charges'][number];

/**
 * The edit dialog's question before it charges overtime: 'Charge {customer} ${amount} for {minutes}
 * extra minutes?'; overtime of a session booked with an hour of a package names the hours it takes
 * ('Take 1 hour of Sam Lee's hours for 60 extra minutes?', and the card's part after it).
 */
export function chargeQuestion(charge: PreviewCharge): string {
  const name = `${charge.customer.firstname} ${charge.customer.lastname}`.trim();
  const hours = charge.hours ?? 0;
  if (hours === 0) return `Charge ${name} ${centsToDollars(charge.amount_cents)} for ${charge.minutes} extra minutes?`;
  const taken = `Take ${hours} ${hours === 1 ? 'hour' : 'hours'} of ${name}'s hours`;
  return charge.amount_cents === 0
    ? `${taken} for ${charge.minutes} extra minutes?`
    : `${taken} and charge ${centsToDollars(charge.amount_cents)} for ${charge.minutes} extra minutes?`;
}

/** Under the question: the card it goes to, or that the hours pay it all. */
export function chargeMeans(charge: PreviewCharge): string {
  if (charge.amount_cents === 0) return 'Paid with hours of their packages: nothing goes to a card.';
  return charge.card_last_four ? `Card ending in ${charge.card_last_four}.` : 'No card on file: the charge will show as Failed.';
}

/** The dialog's confirm button: 'Charge $N', or 'Take hours' when hours pay it all. */
export function confirmChargesLabel(totalCents: number): string {
  return totalCents > 0 ? `Charge ${centsToDollars(totalCents)}` : 'Take hours';
}

/** The edit dialog's failure messages (reschedule and duration change). */
export function editMeetingMessage(result: Unsuccessful): string {
  return result.status === 'network-error' ? NETWORK_MESSAGE : errorMessage(result.error, 'editMeeting');
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
