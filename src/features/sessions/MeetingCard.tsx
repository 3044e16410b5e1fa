import { type ReactNode, Suspense, useId, useState } from 'react';
import { meetingCalendarPath } from '../../api/calendar.ts';
import { site } from '../../config/site.ts';
import type { Meeting, Payment } from '../../contract/entities.ts';
import { capacityLabel, paymentChipLabel, styleLabel } from '../../lib/labels.ts';
import { SKIP_CLOSED, skipClosed } from '../../lib/late-change.ts';
import { formatPhone } from '../../lib/phone.ts';
import { campusTime, formatLongDate, formatTimeRange } from '../../lib/time-format.ts';
import { Button } from '../../ui/Button.tsx';
import buttonStyles from '../../ui/Button.module.css';
import { Chip, type ChipTone } from '../../ui/Chip.tsx';
import { FailureBoundary } from '../../ui/FailureBoundary.tsx';
import { lazyChunk } from '../../ui/lazy-chunk.ts';
import { canAddToCalendar } from './calendar-link.ts';
import { extraTimeNote, isUpcoming, type MeetingGroup } from './group-payments.ts';
import styles from './sessions.module.css';
import { useAfterPaint } from '../../ui/use-after-paint.ts';
import { useMoment } from '../../lib/moment.ts';

export const statusTone: Record<string, ChipTone> = {
  succeeded: 'green',
  subscription_pending: 'brand',
  processing: 'amber',
  requires_payment_method: 'red',
  canceled: 'neutral',
};

export const meetingTitle = (meeting: Meeting) => meeting.offering?.course.course_name ?? 'Tutoring session';

export interface MeetingCardProps {
  meeting: Meeting;
  /** Chips after the course, style and capacity ones (the student's payment status). */
  chips?: ReactNode;
  /** A control at the header's end (the staff's edit icon). */
  action?: ReactNode;
  /** A mark before the date (a missing summary). */
  marker?: ReactNode;
  /** 'Your tutor' for students, 'Attendees' for staff. */
  bodyTitle: string;
  children?: ReactNode;
  /** The footer's buttons; no footer without them. */
  footer?: ReactNode;
  /** Dialogs and other content outside the card's layout. */
  extra?: ReactNode;
}

/**
 * The meeting card shared by the student and staff views (spec 2 §2): the date, the time, chips for
 * the course, style and capacity, a titled body and an optional footer. The variants fill it in.
 */
export function MeetingCard({ meeting, chips, action, marker, bodyTitle, children, footer, extra }: MeetingCardProps) {
  const title = meetingTitle(meeting);
  const { zone } = useMoment();
  const date = formatLongDate(meeting.occurrence_epoch, zone);
  const campus = meeting.course_style === 'in-person' && campusTime(meeting.occurrence_epoch, meeting.duration_mins, zone);
  return (
    <article className={styles.card} aria-label={`${title}, ${date}`}>
      <header className={styles.cardHeader}>
        <div className={styles.headerRow}>
          <p className={styles.date}>
            {marker}
            <strong>{date}</strong>
            <span>{formatTimeRange(meeting.occurrence_epoch, meeting.duration_mins, zone)}</span>
            {campus && <span>{campus}</span>}
          </p>
          {action}
        </div>
        <p className={styles.chips}>
          {meeting.offering && <Chip tone="brand">{title}</Chip>}
          {meeting.course_style && <Chip>{styleLabel(meeting.course_style)}</Chip>}
          <Chip>{capacityLabel(meeting.capacity)}</Chip>
          {chips}
        </p>
      </header>
      <div className={styles.body}>
        <h2 className={styles.bodyTitle}>{bodyTitle}</h2>
        {children}
      </div>
      {footer && <footer className={styles.footer}>{footer}</footer>}
      {extra}
    </article>
  );
}

/**
 * 'Add to calendar': a plain link to the meeting's .ics (the same entry its invites carry), styled
 * as the card's thin secondary buttons. The browser downloads it with the session cookie.
 */
export function AddToCalendarLink({ meeting }: { meeting: Meeting }) {
  return (
    <a
      href={meetingCalendarPath(meeting.id)}
      download={`session-${meeting.id}.ics`}
      className={`${buttonStyles.button} ${buttonStyles.secondary} ${buttonStyles.thin} ${styles.calendarLink}`}
    >
      Add to calendar
    </a>
  );
}

type Pending = { kind: 'skip' | 'cancel'; payment: Payment } | null;

// The confirmation (with the modal) is fetched when a student first skips or cancels, not with the list.
const StudentChangeDialog = lazyChunk(() => import('./StudentChangeDialog.tsx'));

/** The student's meeting card (spec 2 §2): when, what, the tutor, and skip / cancel for upcoming meetings. */
export function StudentMeetingCard({ group, onChanged }: { group: MeetingGroup; onChanged: () => void }) {
  const { meeting, payments } = group;
  const [pending, setPending] = useState<Pending>(null);
  const painted = useAfterPaint();
  const { nowMs } = useMoment();
  const upcoming = isUpcoming(meeting, nowMs);
  const booking = payments.find((p) => !p.is_incremental && p.payment_status !== 'canceled') ?? payments[0]!;
  const note = upcoming ? null : extraTimeNote(payments);
  // Upcoming or in progress, and not skipped: the customer's own booking still holds the seat.
  const calendar = canAddToCalendar(meeting, payments, nowMs);
  // Shown closed by the viewer's clock; the server's decides (a late skip is refused, TooLate).
  const closed = upcoming && skipClosed(meeting.occurrence_epoch, nowMs);
  const closedId = useId();

  return (
    <MeetingCard
      meeting={meeting}
      bodyTitle="Your tutor"
      chips={payments.map((p) => (
        <Chip key={String(p.id)} tone={statusTone[p.payment_status] ?? 'neutral'}>
          {paymentChipLabel(p, upcoming)}
        </Chip>
      ))}
      footer={
        (upcoming || calendar) && (
          <>
            {upcoming && booking.subscription && (
              <Button variant="secondary" thin onClick={() => setPending({ kind: 'cancel', payment: booking })}>
                Cancel Subscription
              </Button>
            )}
            {upcoming && (
              <Button variant="secondary" thin disabled={closed} aria-describedby={closed ? closedId : undefined} onClick={() => setPending({ kind: 'skip', payment: booking })}>
                Skip Meeting
              </Button>
            )}
            {calendar && <AddToCalendarLink meeting={meeting} />}
          </>
        )
      }
      extra={
        pending && (
          // A dialog whose code does not load says so in the card; the list stays.
          <FailureBoundary where="confirm dialog">
            <Suspense fallback={null}>
              <StudentChangeDialog
                {...pending}
                closed={closed}
                onClose={(changed) => {
                  setPending(null);
                  if (changed) onChanged();
                }}
              />
            </Suspense>
          </FailureBoundary>
        )
      }
    >
      <p className={styles.person}>
        {/* After the text is on screen, and lazy: a long list's photos load as they come near. */}
        <img src={painted ? `/tutor_images/${meeting.tutor.id}.jpg` : undefined} alt="" width="40" height="40" className={styles.photo} loading="lazy" decoding="async" />
        <span>
          <strong>{meeting.tutor.name}</strong>
          <br />
          <a href={`tel:+1${meeting.tutor.phone}`}>{formatPhone(meeting.tutor.phone)}</a> · <a href={`mailto:${meeting.tutor.email}`}>{meeting.tutor.email}</a>
        </span>
      </p>
      {note && <p className={styles.note}>{note}</p>}
      {/* The homework of the session's lesson report; drawn as the card's notes, as this code is in every dashboard's first load. */}
      {meeting.homework && <p className={styles.note}>{`Homework: ${meeting.homework}`}</p>}
      {closed && (
        <p id={closedId} className={styles.note}>
          {SKIP_CLOSED.split('{phone}')[0]}
          <a href={`tel:+1${site.supportPhone}`}>{formatPhone(site.supportPhone)}</a>
        </p>
      )}
    </MeetingCard>
  );
}
