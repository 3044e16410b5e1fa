import type { ApiResult } from '../../api/http.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import { errorMessage, errorMessages } from '../../lib/error-messages.ts';

export const EARLY_ANCHOR_MESSAGE = errorMessages.EarlyAnchor;

/** Spec 2 §8, Availability: the add-availability dialog's failure messages ('This slot …' for weekly availability). */
export function availabilityMessage(oneTime: boolean, result: Exclude<ApiResult<unknown>, { status: 'success' }>): string {
  return result.status === 'network-error' ? NETWORK_MESSAGE : errorMessage(result.error, oneTime ? undefined : 'weeklySlot');
}
