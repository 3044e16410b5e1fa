import { Fragment, type ReactNode, useState } from 'react';
import { getMyPayments, MY_PAYMENTS } from '../../api/customers.ts';
import { Button } from '../../ui/Button.tsx';
import { useMoment } from '../../lib/moment.ts';
import { Loader } from '../../ui/Loader.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { useRead } from '../../ui/use-read.ts';
import { historyGroups, type ListedGroup, showUpcoming, upcomingGroups } from './group-payments.ts';
import { meetingTitle, StudentMeetingCard } from './MeetingCard.tsx';
import styles from './sessions.module.css';

export interface SessionsScreenProps {
  kind: 'upcoming' | 'history';
  /** The booking flow, shown when nothing is upcoming or on 'Book another session'; it calls `reload` after a payment. */
  renderBooking?: (reload: () => void) => ReactNode;
  /** Shown under the upcoming sessions' title, above the list (the calendar feed button, whose panel the island loads on demand). */
  upcomingExtra?: ReactNode;
  /** Told after a skip or a canceled subscription (the sidebar's credits may have changed: an hour came back). */
  onChanged?: () => void;
}

/** The student sessions screen (spec 2 §2): upcoming or previous sessions from the customer's payments. */
export function SessionsScreen({ kind, renderBooking, upcomingExtra, onChanged }: SessionsScreenProps) {
  // The payments that came with the page, if any, show at once (as the server rendered them).
  const { state: load, reload } = useRead(getMyPayments, [], { firstPath: MY_PAYMENTS });
  const { nowMs } = useMoment();
  // 'Book another session' opened, and the weekly subscriptions whose meetings are all shown.
  const [booking, setBooking] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const booked = () => {
    setBooking(false);
    reload();
  };

  const title = kind === 'upcoming' ? 'Upcoming Sessions' : 'Previous Sessions';
  let content: ReactNode;
  if (load.status === 'loading') content = <Loader text="Loading your sessions…" />;
  else if (load.status === 'error') {
    content = <LoadError message={load.message} onRetry={reload} />;
  } else {
    const groups = kind === 'upcoming' ? upcomingGroups(load.data, nowMs) : historyGroups(load.data, nowMs);
    if (groups.length === 0 && kind === 'upcoming') {
      content = (
        <div className={styles.empty}>
          {/* An h2: the booking flow's steps under it are h3s. */}
          <h2 className={styles.emptyTitle}>Book a session to get started</h2>
          {renderBooking?.(booked)}
        </div>
      );
    } else if (groups.length === 0) {
      content = (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>You have no previous sessions</p>
          <a className={styles.buttonLink} href="/" target="_self">
            Book sessions
          </a>
        </div>
      );
    } else {
      const toggle = (id: string) => {
        const next = new Set(expanded);
        if (!next.delete(id)) next.add(id);
        setExpanded(next);
      };
      const listed: ListedGroup[] = kind === 'upcoming' ? showUpcoming(groups, expanded) : groups;
      content = (
        <div className={styles.list}>
          {renderBooking && kind === 'upcoming' && (
            <>
              <Button variant="secondary" className={styles.start} aria-expanded={booking} onClick={() => setBooking(!booking)}>
                Book another session
              </Button>
              {booking && (
                // An h2 above the booking flow's steps (h3s), as on the empty screen.
                <section aria-labelledby="book-another-title">
                  <h2 id="book-another-title" className={styles.emptyTitle}>
                    Book a session
                  </h2>
                  {renderBooking(booked)}
                </section>
              )}
            </>
          )}
          {listed.map(({ more, ...group }) => {
            const label = more && (expanded.has(more.id) ? 'Show fewer' : `Show all ${more.total}`);
            return (
              <Fragment key={String(group.meeting.id)}>
                <StudentMeetingCard
                  group={group}
                  onChanged={() => {
                    reload();
                    onChanged?.();
                  }}
                />
                {more && (
                  // Named with its course too: several subscriptions may each have one.
                  <Button variant="secondary" thin className={styles.start} aria-expanded={expanded.has(more.id)} aria-label={`${label} ${meetingTitle(group.meeting)} sessions`} onClick={() => toggle(more.id)}>
                    {label}
                  </Button>
                )}
              </Fragment>
            );
          })}
        </div>
      );
    }
  }
  return (
    <section aria-labelledby="sessions-title">
      <h1 id="sessions-title">{title}</h1>
      {kind === 'upcoming' && upcomingExtra}
      {content}
    </section>
  );
}
