import type { Meeting, Payment } from '../../contract/entities.ts';

/**
 * Booking payments in these states hold the seat for real (paid, scheduled or settling): the same
 * rule as the server's calendar entries (server/domain/booking/booked.ts), which list only such meetings.
 */
const BOOKED_STATUSES: readonly string[] = ['succeeded', 'subscription_pending', 'processing'];

/** The meeting has not ended yet: it is upcoming or in progress. */
export const notEnded = (meeting: Pick<Meeting, 'occurrence_epoch' | 'duration_mins'>, nowMs = Date.now()) =>
  (meeting.occurrence_epoch + meeting.duration_mins * 60) * 1000 > nowMs;

/**
 * Whether a meeting card offers 'Add to calendar': the meeting is upcoming or in progress, and
 * among `payments` (the student's own, or all of the meeting's for staff) a booking still holds a
 * seat. A skipped meeting (its booking canceled), a canceled one (every booking refunded) or an
 * unbooked slot has no calendar entry.
 */
export function canAddToCalendar(meeting: Pick<Meeting, 'occurrence_epoch' | 'duration_mins'>, payments: Pick<Payment, 'is_incremental' | 'payment_status'>[], nowMs = Date.now()): boolean {
  return notEnded(meeting, nowMs) && payments.some((p) => !p.is_incremental && BOOKED_STATUSES.includes(p.payment_status));
}
