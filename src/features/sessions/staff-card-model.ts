import type { Meeting } from '../../contract/entities.ts';
import { type Attendee, attendeesOf, hasActivePayments, type StaffPayment } from './attendees.ts';
import { canAddToCalendar } from './calendar-link.ts';
import { isUpcoming } from './group-payments.ts';

/**
 * What the staff's meeting card (StaffMeetingCard.tsx) offers its viewer, apart from React so the
 * rules are tested as a plain function: who attends, which actions the footer holds and in what
 * order, and what a supervisor may do beyond a tutor. The server decides each action again
 * (meeting-rules.ts, reassign.ts): the card only leaves out what would be refused.
 */

export const REASSIGN_LABEL = 'Re-assign…';

/** A dialog the card opens; an overtime refund names its payment. */
export type StaffCardDialog = 'edit' | 'cancel' | 'late-cancel' | 'delete' | 'end-series' | 'reassign' | 'paid-time' | { refund: StaffPayment };

/** A footer button: the dialog it opens and its words. Every action offered can be taken (none shows disabled). */
export interface StaffCardAction {
  dialog: Exclude<StaffCardDialog, object>;
  label: string;
}

export interface StaffCardInput {
  meeting: Meeting;
  payments: StaffPayment[];
  nowMs: number;
  /** The viewer is a supervisor. */
  supervisor: boolean;
  /** The viewer is in another tutor's dashboard (the meeting is not theirs). */
  viewingOther: boolean;
  /** The footer shows for a past meeting too (work history). */
  forceFooter: boolean;
}

export interface StaffCard {
  /** Customers with a payment still standing: the card's attendees. */
  attending: Attendee[];
  /** Customers whose every payment was canceled or refunded, folded away under 'Earlier bookings'. */
  earlier: Attendee[];
  /** Someone attends: otherwise the slot reads as unbooked. */
  booked: boolean;
  /** The payment lines say what is still to come (Scheduled) or what happened (Paid). */
  upcoming: boolean;
  /** The footer, or null for none: its buttons in order, then 'Add to calendar' when `calendar`. */
  footer: { actions: StaffCardAction[]; calendar: boolean } | null;
  /** A supervisor viewing another tutor's session approves its changed paid time (decision 022). */
  approvePaidTime: boolean;
}

/** A payment line a supervisor may refund: an overtime charge that went through. */
const refundable = (payment: StaffPayment) => payment.is_incremental && payment.payment_status === 'succeeded';

/** Whether the viewer is offered 'Refund' on this payment line. */
export const canRefund = (payment: StaffPayment, supervisor: boolean) => supervisor && refundable(payment);

export function staffCard({ meeting, payments, nowMs, supervisor, viewingOther, forceFooter }: StaffCardInput): StaffCard {
  const attendees = attendeesOf(payments);
  // Customers whose every payment was canceled or refunded are folded away: a freed slot reads as unbooked.
  const attending = attendees.filter((attendee) => hasActivePayments(attendee.payments));
  const earlier = attendees.filter((attendee) => !hasActivePayments(attendee.payments));
  const booked = attending.length > 0;
  const upcoming = isUpcoming(meeting, nowMs);
  // Once started, only a supervisor cancels, with a reason (the server's rule, meeting-rules.ts).
  const lateCancel = supervisor && !upcoming && booked;
  const showActions = forceFooter || upcoming || lateCancel;
  // A booked session ahead goes to another tutor only by a supervisor (the server's rule too: reassign.ts).
  const reassign = supervisor && upcoming && booked;
  // Unbooked availability ahead, nobody paying for it: the tutor can take it back (the server decides).
  const takeBack = upcoming && !booked && meeting.reservations_taken === 0;
  const weekOfSeries = Boolean(meeting.slot);
  // Someone holds a seat and the meeting has not ended (an in-progress one keeps just this link).
  const calendar = canAddToCalendar(meeting, payments, nowMs);

  const offered: [boolean, StaffCardAction][] = [
    [showActions && booked && !lateCancel, { dialog: 'cancel', label: 'Cancel Meeting' }],
    [lateCancel, { dialog: 'late-cancel', label: 'Cancel and Refund' }],
    [showActions, { dialog: 'edit', label: 'Reschedule/Edit Duration' }],
    [reassign, { dialog: 'reassign', label: REASSIGN_LABEL }],
    [takeBack, { dialog: 'delete', label: weekOfSeries ? 'Remove this week' : 'Delete' }],
    [takeBack && weekOfSeries, { dialog: 'end-series', label: 'End series…' }],
  ];
  const actions = offered.filter(([shown]) => shown).map(([, action]) => action);
  return {
    attending,
    earlier,
    booked,
    upcoming,
    footer: showActions || calendar ? { actions, calendar } : null,
    approvePaidTime: supervisor && viewingOther,
  };
}
