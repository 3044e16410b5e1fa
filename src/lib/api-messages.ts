import type { ApiError } from '../contract/envelope.ts';
import { overlapMessage } from './overlap-message.ts';

/** The start of the conflicting meeting named by an Overlap failure (`error.meeting`), when present. */
export function overlapConflictEpoch(error: ApiError): number | null {
  const meeting = error.meeting as { occurrence_epoch?: unknown } | null | undefined;
  return typeof meeting?.occurrence_epoch === 'number' ? meeting.occurrence_epoch : null;
}

/**
 * Spec 2 §8, Overlap: 'This meeting overlaps with your meeting on …' (or 'This slot …' for weekly
 * availability); without the conflict's time, a plain sentence.
 */
export function overlapFailureMessage(subject: 'meeting' | 'slot', error: ApiError, timeZone?: string): string {
  const epoch = overlapConflictEpoch(error);
  return epoch === null ? `This ${subject} overlaps with one of your meetings` : overlapMessage(subject, epoch, timeZone);
}

/**
 * A failure type shown as is (spec: other types are shown raw), or, for bad input whose answer names
 * the offending fields (`error.fields`: field → reason), those reasons.
 */
export function rawFailureText(error: ApiError): string {
  const fields = error.fields;
  if (error.type === 'BadInput' && typeof fields === 'object' && fields !== null) {
    const reasons = Object.values(fields).filter((reason): reason is string => typeof reason === 'string' && reason.trim() !== '');
    if (reasons.length > 0) return reasons.join('. ');
  }
  return error.type;
}
