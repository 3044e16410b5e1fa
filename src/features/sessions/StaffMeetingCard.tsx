import { Suspense, useState } from 'react';
import { cancelMeeting, refundOvertime } from '../../api/meetings.ts';
import type { Meeting } from '../../contract/entities.ts';
import { paymentChipLabel } from '../../lib/labels.ts';
import { formatPhone } from '../../lib/phone.ts';
import { Button } from '../../ui/Button.tsx';
import { Chip } from '../../ui/Chip.tsx';
import { EditIcon, RepeatIcon } from '../../ui/action-icons.tsx';
import { useMoment } from '../../lib/moment.ts';
import { FailureBoundary } from '../../ui/FailureBoundary.tsx';
import { lazyChunk } from '../../ui/lazy-chunk.ts';
import { attendeesOf, hasActivePayments, type StaffPayment } from './attendees.ts';
import { isUpcoming } from './group-payments.ts';
import { AddToCalendarLink, MeetingCard, statusTone } from './MeetingCard.tsx';
import { canAddToCalendar } from './calendar-link.ts';
import { MeetingSummaryBox } from './MeetingSummaryBox.tsx';
import { PaidTimeNote } from './PaidTimeNote.tsx';
import { reportOf } from './lesson-report.ts';
import { useViewedTutor } from '../../lib/viewed-tutor.ts';
import styles from './staff.module.css';

// The dialogs load when one is opened: the schedule's first load carries the cards only.
const EditMeetingDialog = lazyChunk(() => import('./EditMeetingDialog.tsx').then((m) => ({ default: m.EditMeetingDialog })));
const ConfirmDialog = lazyChunk(() => import('./ConfirmDialog.tsx').then((m) => ({ default: m.ConfirmDialog })));
const ReasonDialog = lazyChunk(() => import('./ReasonDialog.tsx').then((m) => ({ default: m.ReasonDialog })));
// Taking an unbooked hour back: one chunk for both dialogs.
const DeleteHourDialog = lazyChunk(() => import('./TakeBackDialogs.tsx').then((m) => ({ default: m.DeleteHourDialog })));
const EndSeriesDialog = lazyChunk(() => import('./TakeBackDialogs.tsx').then((m) => ({ default: m.EndSeriesDialog })));
// A supervisor's re-assign of a booked session to another tutor.
const ReassignDialog = lazyChunk(() => import('./ReassignDialog.tsx').then((m) => ({ default: m.ReassignDialog })));
// A supervisor's edit of a session's paid time (decision 022).
const PaidTimeDialog = lazyChunk(() => import('./PaidTimeDialog.tsx').then((m) => ({ default: m.PaidTimeDialog })));

export const UNBOOKED_TEXT = 'This slot is unbooked';
export const EDIT_TOOLTIP = 'Reschedule/Enter Overtime';
export const EARLIER_BOOKINGS = 'Earlier bookings (canceled/refunded)';
export const REASSIGN_LABEL = 'Re-assign…';

export interface StaffMeetingCardProps {
  meeting: Meeting;
  /** The meeting's payments (a tutor's meeting list carries them without the meeting). */
  payments: StaffPayment[];
  /** Called after the meeting was canceled, moved or its duration changed. */
  onChanged: () => void;
  /** Shows the footer for a past meeting too (upcoming meetings always have it). */
  forceFooter?: boolean;
  /** Work history: the one-line summary box, and a marker while the summary is missing. */
  withSummary?: boolean;
  /** The viewer is a supervisor: a booked session ahead can be re-assigned, one that has started canceled with a reason, overtime refunded. */
  supervisor?: boolean;
}

/** The box starts over when a reload brings another summary or report (one saved elsewhere). */
const reportKey = (meeting: Meeting) => JSON.stringify([meeting.notes, meeting.attendance, meeting.homework, meeting.private_note]);

/** A payment line a supervisor may refund: an overtime charge that went through. */
const refundable = (payment: StaffPayment) => payment.is_incremental && payment.payment_status === 'succeeded';

/**
 * The staff's meeting card (spec 2 §2): the shared card with the attendees (name, phone, email, a
 * weekly-subscription mark and a line per payment), the edit icon, and Cancel Meeting and
 * Reschedule/Edit Duration in the footer. A changed duration shows 'Awaiting approval' until a
 * supervisor approves it (decision 022): from another tutor's dashboard, a supervisor approves or
 * edits it here.
 */
export function StaffMeetingCard({ meeting, payments, onChanged, forceFooter = false, withSummary = false, supervisor = false }: StaffMeetingCardProps) {
  const [dialog, setDialog] = useState<'edit' | 'cancel' | 'late-cancel' | 'delete' | 'end-series' | 'reassign' | 'paid-time' | { refund: StaffPayment } | null>(null);
  const { nowMs } = useMoment();
  // In another tutor's dashboard, the confirmations say whose session it is.
  const owner = useViewedTutor();
  // The summary saved here shows at once; a reload that brings other notes replaces it.
  const [notes, setNotes] = useState({ from: meeting.notes, value: meeting.notes });
  if (notes.from !== meeting.notes) setNotes({ from: meeting.notes, value: meeting.notes });
  const attendees = attendeesOf(payments);
  // Customers whose every payment was canceled or refunded are folded away: a freed slot reads as unbooked.
  const attending = attendees.filter((attendee) => hasActivePayments(attendee.payments));
  const earlier = attendees.filter((attendee) => !hasActivePayments(attendee.payments));
  const active = attending.length > 0;
  const upcoming = isUpcoming(meeting, nowMs);
  // Once started, only a supervisor cancels, with a reason (the server's rule, meeting-rules.ts).
  const lateCancel = supervisor && !upcoming && active;
  const showFooter = forceFooter || upcoming || lateCancel;
  // A booked session ahead goes to another tutor only by a supervisor (the server's rule too: reassign.ts).
  const reassign = supervisor && upcoming && active;
  // Unbooked availability ahead, nobody paying for it: the tutor can take it back (the server decides).
  const takeBack = upcoming && !active && meeting.reservations_taken === 0;
  const weekOfSeries = Boolean(meeting.slot);
  // Someone holds a seat and the meeting has not ended (an in-progress one keeps just this link).
  const calendar = canAddToCalendar(meeting, payments, nowMs);
  const renderAttendees = (list: typeof attendees) => (
    <ul className={styles.attendees}>
      {list.map(({ customer, payments: own, weekly }) => {
        const name = `${customer.firstname} ${customer.lastname}`.trim();
        return (
          <li key={String(customer.id)} className={styles.attendee}>
            <p className={styles.attendeeName}>
              <strong>{name}</strong>
              {weekly && (
                <span className={styles.weekly} role="img" aria-label="Weekly subscription" title="Weekly subscription">
                  <RepeatIcon />
                </span>
              )}
            </p>
            <p className={styles.contact}>
              <a href={`tel:+1${customer.phone}`}>{formatPhone(customer.phone)}</a>
              <a href={`mailto:${customer.email}`}>{customer.email}</a>
            </p>
            <ul className={styles.paymentLines} aria-label={`Payments of ${name}`}>
              {own.map((payment) => (
                <li key={String(payment.id)}>
                  <Chip tone={statusTone[payment.payment_status] ?? 'neutral'}>{paymentChipLabel(payment, upcoming)}</Chip>
                  {supervisor && refundable(payment) && (
                    <button type="button" className={styles.refund} aria-label={`Refund ${payment.minutes_paid} min overtime of ${name}`} onClick={() => setDialog({ refund: payment })}>
                      Refund
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );

  const closeDialog = (changed: boolean) => {
    setDialog(null);
    if (changed) onChanged();
  };

  return (
    <MeetingCard
      meeting={meeting}
      bodyTitle="Attendees"
      marker={
        withSummary && notes.value.trim() === '' ? (
          <span className={styles.missing} role="img" aria-label="Summary missing" title="Summary missing" />
        ) : undefined
      }
      action={
        <button type="button" className={styles.iconButton} title={EDIT_TOOLTIP} aria-label={EDIT_TOOLTIP} onClick={() => setDialog('edit')}>
          <EditIcon />
        </button>
      }
      footer={
        (showFooter || calendar) && (
          <>
            {showFooter && active && !lateCancel && (
              <Button variant="secondary" thin onClick={() => setDialog('cancel')}>
                Cancel Meeting
              </Button>
            )}
            {lateCancel && (
              <Button variant="secondary" thin onClick={() => setDialog('late-cancel')}>
                Cancel and Refund
              </Button>
            )}
            {showFooter && (
              <Button variant="secondary" thin onClick={() => setDialog('edit')}>
                Reschedule/Edit Duration
              </Button>
            )}
            {reassign && (
              <Button variant="secondary" thin onClick={() => setDialog('reassign')}>
                {REASSIGN_LABEL}
              </Button>
            )}
            {takeBack && (
              <Button variant="secondary" thin onClick={() => setDialog('delete')}>
                {weekOfSeries ? 'Remove this week' : 'Delete'}
              </Button>
            )}
            {takeBack && weekOfSeries && (
              <Button variant="secondary" thin onClick={() => setDialog('end-series')}>
                End series…
              </Button>
            )}
            {calendar && <AddToCalendarLink meeting={meeting} />}
          </>
        )
      }
      extra={
        dialog !== null && (
          <FailureBoundary where="meeting dialog">
            <Suspense fallback={null}>
              {dialog === 'edit' && <EditMeetingDialog meeting={meeting} onClose={closeDialog} />}
              {dialog === 'delete' && <DeleteHourDialog meeting={meeting} onClose={closeDialog} />}
              {dialog === 'end-series' && <EndSeriesDialog meeting={meeting} onClose={closeDialog} />}
              {dialog === 'paid-time' && <PaidTimeDialog meeting={meeting} onClose={closeDialog} />}
              {dialog === 'reassign' && (
                <ReassignDialog meeting={meeting} customers={attending.map(({ customer }) => `${customer.firstname} ${customer.lastname}`.trim())} onClose={closeDialog} />
              )}
              {dialog === 'cancel' && (
                <ConfirmDialog
                  open
                  action="Cancel Meeting"
                  what="Tutor Meeting"
                  body={`${owner ? `This is ${owner.name}’s session. ` : ''}Every attendee of this meeting is refunded and told that it is canceled.`}
                  run={() => cancelMeeting(meeting.id)}
                  onClose={closeDialog}
                />
              )}
              {dialog === 'late-cancel' && (
                <ReasonDialog
                  title="Cancel and refund this session?"
                  body={`${owner ? `This is ${owner.name}’s session. ` : ''}This session has started. Every payment for it, overtime included, is refunded and each attendee is told. The reason is kept with the cancel.`}
                  submitLabel="Cancel and Refund"
                  run={(reason) => cancelMeeting(meeting.id, reason)}
                  onClose={closeDialog}
                />
              )}
              {typeof dialog === 'object' && dialog !== null && (
                <ReasonDialog
                  title="Refund this overtime charge?"
                  body={`The ${dialog.refund.minutes_paid} minutes of overtime charged to ${dialog.refund.customer.firstname} ${dialog.refund.customer.lastname} are refunded to their card, and they get a refund receipt. The reason is kept with the refund.`}
                  submitLabel="Refund"
                  run={(reason) => refundOvertime(dialog.refund.id, reason)}
                  onClose={closeDialog}
                />
              )}
            </Suspense>
          </FailureBoundary>
        )
      }
    >
      {!active && <p className={styles.unbooked}>{UNBOOKED_TEXT}</p>}
      {attending.length > 0 && renderAttendees(attending)}
      {/* A booked session's paid time: a change awaiting approval, which a supervisor in another tutor's dashboard approves. */}
      {active && <PaidTimeNote meeting={meeting} canApprove={supervisor && owner !== null} onChanged={onChanged} onEdit={() => setDialog('paid-time')} />}
      {earlier.length > 0 && (
        <details className={styles.earlier}>
          <summary>{EARLIER_BOOKINGS}</summary>
          {renderAttendees(earlier)}
        </details>
      )}
      {withSummary && (
        <MeetingSummaryBox
          key={reportKey(meeting)}
          meetingId={meeting.id}
          notes={notes.value}
          report={reportOf(meeting)}
          onSaved={(value) => setNotes({ from: meeting.notes, value })}
        />
      )}
    </MeetingCard>
  );
}
