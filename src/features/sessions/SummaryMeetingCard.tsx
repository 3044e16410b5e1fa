import type { Meeting } from '../../contract/entities.ts';
import { attendeesOf, type StaffPayment } from './attendees.ts';
import { MeetingCard } from './MeetingCard.tsx';
import { ATTENDANCE_LABELS, ONLY_STAFF } from './lesson-report.ts';
import styles from './staff.module.css';

export const NO_SUMMARY = 'No summary yet';

export interface SummaryMeetingCardProps {
  meeting: Meeting;
  payments: StaffPayment[];
}

/**
 * A session in the supervisor's Recent Sessions (spec 2 §2 'all-summaries'): the shared card with the
 * tutor, the attendees' names and the one-line summary, or a marker while it is missing. Read only.
 */
export function SummaryMeetingCard({ meeting, payments }: SummaryMeetingCardProps) {
  const attendees = attendeesOf(payments.filter((p) => p.payment_status !== 'canceled'));
  const summary = meeting.notes.trim();
  return (
    <MeetingCard
      meeting={meeting}
      bodyTitle="Session"
      marker={summary === '' ? <span className={styles.missing} role="img" aria-label="Summary missing" title="Summary missing" /> : undefined}
    >
      <dl className={styles.summaryFacts}>
        <div>
          <dt>Tutor</dt>
          <dd>{meeting.tutor.name}</dd>
        </div>
        <div>
          <dt>Attendees</dt>
          <dd>{attendees.length > 0 ? attendees.map(({ customer }) => `${customer.firstname} ${customer.lastname}`.trim()).join(', ') : '—'}</dd>
        </div>
        <div>
          <dt>Summary</dt>
          <dd className={summary === '' ? styles.noSummary : undefined}>{summary === '' ? NO_SUMMARY : summary}</dd>
        </div>
        {/* The lesson report, where the tutor filed one. */}
        {meeting.attendance && (
          <div>
            <dt>Attendance</dt>
            <dd>{ATTENDANCE_LABELS[meeting.attendance]}</dd>
          </div>
        )}
        {meeting.homework && (
          <div>
            <dt>Homework</dt>
            <dd className={styles.preWrap}>{meeting.homework}</dd>
          </div>
        )}
        {meeting.private_note && (
          <div>
            <dt>Private note</dt>
            <dd className={styles.preWrap}>
              {meeting.private_note} <span className={styles.staffOnly}>({ONLY_STAFF})</span>
            </dd>
          </div>
        )}
      </dl>
    </MeetingCard>
  );
}
