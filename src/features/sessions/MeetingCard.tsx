import { useState } from 'react';
import { cancelSubscription, skipPayment } from '../../api/customers.ts';
import type { Payment } from '../../contract/entities.ts';
import { capacityLabel, paymentChipLabel, styleLabel } from '../../lib/labels.ts';
import { formatPhone } from '../../lib/phone.ts';
import { formatLongDate, formatTimeRange } from '../../lib/time-format.ts';
import { Button } from '../../ui/Button.tsx';
import { Chip, type ChipTone } from '../../ui/Chip.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { extraTimeNote, isUpcoming, type MeetingGroup } from './group-payments.ts';
import styles from './sessions.module.css';

const statusTone: Record<string, ChipTone> = { succeeded: 'green', subscription_pending: 'brand', processing: 'amber', requires_payment_method: 'red', canceled: 'neutral' };

type Pending = { kind: 'skip'; payment: Payment } | { kind: 'cancel'; payment: Payment } | null;

/** The student's meeting card (spec 2 §2): when, what, the tutor, and skip / cancel for upcoming meetings. */
export function StudentMeetingCard({ group, onChanged }: { group: MeetingGroup; onChanged: () => void }) {
  const { meeting, payments } = group;
  const [pending, setPending] = useState<Pending>(null);
  const upcoming = isUpcoming(meeting);
  const booking = payments.find((p) => !p.is_incremental && p.payment_status !== 'canceled') ?? payments[0]!;
  const note = upcoming ? null : extraTimeNote(payments);
  const title = meeting.offering?.course.course_name ?? 'Tutoring session';

  return (
    <article className={styles.card} aria-label={`${title}, ${formatLongDate(meeting.occurrence_epoch)}`}>
      <header className={styles.cardHeader}>
        <p className={styles.date}>
          <strong>{formatLongDate(meeting.occurrence_epoch)}</strong>
          <span>{formatTimeRange(meeting.occurrence_epoch, meeting.duration_mins)}</span>
        </p>
        <p className={styles.chips}>
          <Chip tone="brand">{title}</Chip>
          {meeting.course_style && <Chip>{styleLabel(meeting.course_style)}</Chip>}
          <Chip>{capacityLabel(meeting.capacity)}</Chip>
          {payments.map((p) => (
            <Chip key={String(p.id)} tone={statusTone[p.payment_status] ?? 'neutral'}>
              {paymentChipLabel(p)}
            </Chip>
          ))}
        </p>
      </header>
      <div className={styles.body}>
        <h3 className={styles.bodyTitle}>Your tutor</h3>
        <p className={styles.person}>
          <img src={`/tutor_images/${meeting.tutor.id}.jpg`} alt="" width="40" height="40" className={styles.photo} />
          <span>
            <strong>{meeting.tutor.name}</strong>
            <br />
            <a href={`tel:+1${meeting.tutor.phone}`}>{formatPhone(meeting.tutor.phone)}</a> · <a href={`mailto:${meeting.tutor.email}`}>{meeting.tutor.email}</a>
          </span>
        </p>
        {note && <p className={styles.note}>{note}</p>}
      </div>
      {upcoming && (
        <footer className={styles.footer}>
          {booking.subscription && (
            <Button variant="secondary" thin onClick={() => setPending({ kind: 'cancel', payment: booking })}>
              Cancel Subscription
            </Button>
          )}
          <Button variant="secondary" thin onClick={() => setPending({ kind: 'skip', payment: booking })}>
            Skip Meeting
          </Button>
        </footer>
      )}
      {pending && (
        <ConfirmDialog
          open
          action={pending.kind === 'skip' ? 'Skip Meeting' : 'Cancel Subscription'}
          what={pending.kind === 'skip' ? 'Meeting' : 'Subscription'}
          body={
            pending.kind === 'skip'
              ? 'You will not be charged for this meeting, and your tutor will be told. Meetings less than 12 hours away cannot be skipped.'
              : 'All later meetings of this weekly subscription will be canceled and not charged.'
          }
          run={() => (pending.kind === 'skip' ? skipPayment(pending.payment.id) : cancelSubscription(pending.payment.subscription!.id))}
          onClose={(changed) => {
            setPending(null);
            if (changed) onChanged();
          }}
        />
      )}
    </article>
  );
}
