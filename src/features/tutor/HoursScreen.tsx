import { useId, useState } from 'react';
import { getTutorHours } from '../../api/pay.ts';
import type { TutorHoursReport } from '../../contract/entities.ts';
import { CONFIRMED_HELP, formatHours, SCHEDULED_HELP } from '../../lib/hours.ts';
import { centsToDollars } from '../../lib/money.ts';
import { formatDay, formatDayRange } from '../../lib/site-days.ts';
import { formatLongDate, formatTimeRange } from '../../lib/time-format.ts';
import { Loader } from '../../ui/Loader.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { PeriodNav } from '../../ui/PeriodNav.tsx';
import { useRead } from '../../ui/use-read.ts';
import { AWAITING_APPROVAL, awaitingSentence } from '../../lib/paid-time.ts';
import { ALL_SUMMARISED, AWAITING_HINT, AWAITING_OWN_HINT, NO_RATE, nextPeriodDay, previousPeriodDay, ratesSentence, UNSUMMARISED_HINT } from './hours-model.ts';
import styles from './hours.module.css';
import { useScreenTitle } from '../../lib/viewed-tutor.ts';
import { shortName } from './tutor-meetings.ts';

export interface HoursScreenProps {
  /** The route's tutor: 'myself' or an id. */
  tutorId: string;
  /** 'My Hours' on one's own dashboard; on another tutor's the heading names them ("Jordan's Hours"). */
  title: string;
  /** Work History, where summaries are entered. */
  historyPath: string;
  /** Whether the reader is the tutor (the rate sentence speaks to them). */
  own: boolean;
}

/**
 * 'My Hours' (issue 24): a pay period's scheduled and confirmed hours week by week, the sessions
 * whose pay waits for a summary, those whose changed duration awaits a supervisor's approval
 * (decision 022), and what the confirmed ones come to at the tutor's hourly rate.
 * The figures are the team view's for the same days (GET /api/tutors/{id}/hours).
 */
export function HoursScreen({ tutorId, title, historyPath, own }: HoursScreenProps) {
  const titleId = useId();
  const heading = useScreenTitle(title, (name) => `${name}’s Hours`);
  // The period shown: a day inside it, or today's period (undefined).
  const [day, setDay] = useState<string | undefined>(undefined);
  // The shown period stays, dimmed, until the next one arrives (`keep`).
  const { state: load, reload } = useRead<TutorHoursReport>(() => getTutorHours(tutorId, day), [tutorId, day], { keep: true });

  return (
    <section aria-labelledby={titleId} className={styles.screen}>
      <h1 id={titleId}>{heading}</h1>
      {load.status === 'loading' && <Loader text="Loading hours…" />}
      {load.status === 'error' && <LoadError message={load.message} onRetry={reload} />}
      {load.status === 'ready' && (
        <Report
          report={load.data}
          refreshing={load.refreshing}
          historyPath={historyPath}
          own={own}
          onPeriod={setDay}
        />
      )}
    </section>
  );
}

function Report({
  report,
  refreshing,
  historyPath,
  own,
  onPeriod,
}: {
  report: TutorHoursReport;
  refreshing: boolean;
  historyPath: string;
  own: boolean;
  onPeriod: (day: string | undefined) => void;
}) {
  const pay = report.pay;
  return (
    <div className={styles.report} aria-busy={refreshing || undefined}>
      <PeriodNav
        name="Pay period"
        label={formatDayRange(report.first_day, report.last_day)}
        onPrevious={() => onPeriod(previousPeriodDay(report))}
        onNext={() => onPeriod(nextPeriodDay(report))}
        onCurrent={() => onPeriod(undefined)}
      />

      <dl className={styles.totals}>
        <div className={styles.total}>
          <dt title={SCHEDULED_HELP}>Scheduled hours</dt>
          <dd>{formatHours(report.scheduled_minutes)}</dd>
        </div>
        <div className={styles.total}>
          <dt title={CONFIRMED_HELP}>Confirmed hours</dt>
          <dd>{formatHours(report.confirmed_minutes)}</dd>
        </div>
        <div className={styles.total}>
          <dt>Pay</dt>
          <dd>{pay ? centsToDollars(pay.cents) : '—'}</dd>
        </div>
      </dl>
      <p className={styles.note}>
        {pay === null
          ? own
            ? NO_RATE
            : 'No hourly rate has been set for this tutor yet (Team View, the tutor’s card).'
          : `Confirmed hours at ${pay.rates.length > 0 ? ratesSentence(pay.rates, formatDay) : 'no rate'}.${
              pay.unrated_minutes > 0 ? ` ${formatHours(pay.unrated_minutes)} confirmed hours fall before the first rate and are not counted.` : ''
            }`}{' '}
        {CONFIRMED_HELP}
      </p>

      <table className={styles.weeks}>
        <caption>Hours by week</caption>
        <thead>
          <tr>
            <th scope="col">Week</th>
            <th scope="col">Scheduled</th>
            <th scope="col">Confirmed</th>
          </tr>
        </thead>
        <tbody>
          {report.weeks.map((week) => (
            <tr key={week.first_day}>
              <th scope="row">{formatDayRange(week.first_day, week.last_day)}</th>
              <td>{formatHours(week.scheduled_minutes)}</td>
              <td>{formatHours(week.confirmed_minutes)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      {report.awaiting_approval.length > 0 && (
        <>
          <h2 className={styles.subheading}>Changed durations {AWAITING_APPROVAL.toLowerCase()}</h2>
          <p className={styles.note}>{own ? AWAITING_OWN_HINT : AWAITING_HINT}</p>
          <ul className={styles.sessions} aria-label={AWAITING_APPROVAL}>
            {report.awaiting_approval.map((session) => (
              <li key={String(session.meeting_id)} className={styles.session}>
                <strong>{formatLongDate(session.occurrence_epoch)}</strong>
                <span>{formatTimeRange(session.occurrence_epoch, session.duration_mins)}</span>
                <span>{session.course_number}</span>
                <span>{awaitingSentence(session.duration_mins, session.paid_minutes, null)}</span>
              </li>
            ))}
          </ul>
        </>
      )}

      <h2 className={styles.subheading}>Sessions missing a summary</h2>
      {report.unsummarised.length === 0 ? (
        <p className={styles.note}>{ALL_SUMMARISED}</p>
      ) : (
        <>
          <p className={styles.note}>
            {UNSUMMARISED_HINT} Summaries are entered in <a href={historyPath}>Work History</a>.
          </p>
          <ul className={styles.sessions}>
            {report.unsummarised.map((session) => (
              <li key={String(session.meeting_id)} className={styles.session}>
                <strong>{formatLongDate(session.occurrence_epoch)}</strong>
                <span>{formatTimeRange(session.occurrence_epoch, session.duration_mins)}</span>
                <span>
                  {session.course_number}
                  {session.customers.length > 0 && ` with ${session.customers.map((c) => shortName(c.firstname, c.lastname)).join(', ')}`}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
