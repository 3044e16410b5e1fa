import type { ApiResult } from '../../api/http.ts';
import { NETWORK_MESSAGE, overlapFailureMessage, rawFailureText } from '../../lib/api-messages.ts';

export const EARLY_ANCHOR_MESSAGE = 'Please pick a time in the future (consider next week at the same time)';

/** Spec 2 §8, Availability: the add-availability dialog's failure messages; other types are shown raw. */
export function availabilityMessage(oneTime: boolean, result: Exclude<ApiResult<unknown>, { status: 'success' }>): string {
  if (result.status === 'network-error') return NETWORK_MESSAGE;
  if (result.error.type === 'Overlap') return overlapFailureMessage(oneTime ? 'meeting' : 'slot', result.error);
  if (result.error.type === 'EarlyAnchor') return EARLY_ANCHOR_MESSAGE;
  return rawFailureText(result.error);
}
