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
import type { Attendee, StaffPayment } from './attendees.ts';
import { AddToCalendarLink, MeetingCard, statusTone } from './MeetingCard.tsx';
import { MeetingSummaryBox } from './MeetingSummaryBox.tsx';
import { PaidTimeNote } from './PaidTimeNote.tsx';
import { reportOf } from './lesson-report.ts';
import { useViewedTutor } from '../../lib/viewed-tutor.ts';
import { canRefund, type StaffCardDialog, staffCard } from './staff-card-model.ts';
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

/**
 * The staff's meeting card (spec 2 §2): the shared card with the attendees (name, phone, email, a
 * weekly-subscription mark and a line per payment), the edit icon, and Cancel Meeting and
 * Reschedule/Edit Duration in the footer. A changed duration shows 'Awaiting approval' until a
 * supervisor approves it (decision 022): from another tutor's dashboard, a supervisor approves or
 * edits it here. Which actions it offers is staff-card-model.ts's to say.
 */
export function StaffMeetingCard({ meeting, payments, onChanged, forceFooter = false, withSummary = false, supervisor = false }: StaffMeetingCardProps) {
  const [dialog, setDialog] = useState<StaffCardDialog | null>(null);
  const { nowMs } = useMoment();
  // In another tutor's dashboard, the confirmations say whose session it is.
  const owner = useViewedTutor();
  // The summary saved here shows at once; a reload that brings other notes replaces it.
  const [notes, setNotes] = useState({ from: meeting.notes, value: meeting.notes });
  if (notes.from !== meeting.notes) setNotes({ from: meeting.notes, value: meeting.notes });
  const card = staffCard({ meeting, payments, nowMs, supervisor, viewingOther: owner !== null, forceFooter });
  const attendeeList = (list: Attendee[]) => <AttendeeList attendees={list} upcoming={card.upcoming} supervisor={supervisor} onRefund={(payment) => setDialog({ refund: payment })} />;

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
        card.footer && (
          <>
            {card.footer.actions.map(({ dialog: opens, label }) => (
              <Button key={opens} variant="secondary" thin onClick={() => setDialog(opens)}>
                {label}
              </Button>
            ))}
            {card.footer.calendar && <AddToCalendarLink meeting={meeting} />}
          </>
        )
      }
      extra={dialog !== null && <StaffCardDialogs dialog={dialog} meeting={meeting} attending={card.attending} ownerName={owner?.name ?? null} onClose={closeDialog} />}
    >
      {!card.booked && <p className={styles.unbooked}>{UNBOOKED_TEXT}</p>}
      {card.attending.length > 0 && attendeeList(card.attending)}
      {/* A booked session's paid time: a change awaiting approval, which a supervisor in another tutor's dashboard approves. */}
      {card.booked && <PaidTimeNote meeting={meeting} canApprove={card.approvePaidTime} onChanged={onChanged} onEdit={() => setDialog('paid-time')} />}
      {card.earlier.length > 0 && (
        <details className={styles.earlier}>
          <summary>{EARLIER_BOOKINGS}</summary>
          {attendeeList(card.earlier)}
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

const fullName = (customer: StaffPayment['customer']) => `${customer.firstname} ${customer.lastname}`.trim();

interface AttendeeListProps {
  attendees: Attendee[];
  /** The payment lines say what is still to come, or what happened. */
  upcoming: boolean;
  supervisor: boolean;
  onRefund: (payment: StaffPayment) => void;
}

/** Each attendee: name, weekly mark, phone and email, and a line per payment (with Refund for a supervisor). */
function AttendeeList({ attendees, upcoming, supervisor, onRefund }: AttendeeListProps) {
  return (
    <ul className={styles.attendees}>
      {attendees.map(({ customer, payments: own, weekly }) => {
        const name = fullName(customer);
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
                  {canRefund(payment, supervisor) && (
                    <button type="button" className={styles.refund} aria-label={`Refund ${payment.minutes_paid} min overtime of ${name}`} onClick={() => onRefund(payment)}>
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
}

interface StaffCardDialogsProps {
  dialog: StaffCardDialog;
  meeting: Meeting;
  attending: Attendee[];
  /** Whose session it is, in another tutor's dashboard: the confirmations say so. */
  ownerName: string | null;
  onClose: (changed: boolean) => void;
}

/** The open dialog of the card, loaded on demand. */
function StaffCardDialogs({ dialog, meeting, attending, ownerName, onClose }: StaffCardDialogsProps) {
  const whose = ownerName ? `This is ${ownerName}’s session. ` : '';
  return (
    <FailureBoundary where="meeting dialog">
      <Suspense fallback={null}>
        {dialog === 'edit' && <EditMeetingDialog meeting={meeting} onClose={onClose} />}
        {dialog === 'delete' && <DeleteHourDialog meeting={meeting} onClose={onClose} />}
        {dialog === 'end-series' && <EndSeriesDialog meeting={meeting} onClose={onClose} />}
        {dialog === 'paid-time' && <PaidTimeDialog meeting={meeting} onClose={onClose} />}
        {dialog === 'reassign' && <ReassignDialog meeting={meeting} customers={attending.map(({ customer }) => fullName(customer))} onClose={onClose} />}
        {dialog === 'cancel' && (
          <ConfirmDialog
            open
            action="Cancel Meeting"
            what="Tutor Meeting"
            body={`${whose}Every attendee of this meeting is refunded and told that it is canceled.`}
            run={() => cancelMeeting(meeting.id)}
            onClose={onClose}
          />
        )}
        {dialog === 'late-cancel' && (
          <ReasonDialog
            title="Cancel and refund this session?"
            body={`${whose}This session has started. Every payment for it, overtime included, is refunded and each attendee is told. The reason is kept with the cancel.`}
            submitLabel="Cancel and Refund"
            run={(reason) => cancelMeeting(meeting.id, reason)}
            onClose={onClose}
          />
        )}
        {typeof dialog === 'object' && (
          <ReasonDialog
            title="Refund this overtime charge?"
            body={`The ${dialog.refund.minutes_paid} minutes of overtime charged to ${dialog.refund.customer.firstname} ${dialog.refund.customer.lastname} are refunded to their card, and they get a refund receipt. The reason is kept with the refund.`}
            submitLabel="Refund"
            run={(reason) => refundOvertime(dialog.refund.id, reason)}
            onClose={onClose}
          />
        )}
      </Suspense>
    </FailureBoundary>
  );
}
