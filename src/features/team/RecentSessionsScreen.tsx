import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { getRecentSessions } from '../../api/team.ts';
import type { MeetingWithPayments } from '../../contract/entities.ts';
import { NETWORK_MESSAGE } from '../../lib/api-messages.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { Button } from '../../ui/Button.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import styles from './team.module.css';

export interface RecentSessionsScreenProps {
  /** Draws one session (the island passes the sessions feature's summary card). */
  renderMeeting: (item: MeetingWithPayments) => ReactNode;
  /** The viewer's own schedule, where a tutor without the supervisor role is sent. */
  schedulePath: string;
  /** Sessions per request; fewer in an answer means the end. */
  pageSize?: number;
}

export const RECENT_TITLE = 'Recent Sessions';
export const RECENT_EMPTY = 'No sessions yet';
export const RECENT_DENIED = 'Recent Sessions are for supervisors only.';

type Load =
  | { status: 'loading' }
  | { status: 'denied' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: MeetingWithPayments[]; more: boolean; paging: 'idle' | 'loading' | { error: string } };

type Failed = Exclude<Awaited<ReturnType<typeof getRecentSessions>>, { status: 'success' }>;
const failureText = (result: Failed) => (result.status === 'network-error' ? NETWORK_MESSAGE : errorMessage(result.error));

/** Appends a page, skipping sessions already shown (two sessions may share a start time). */
function append(items: MeetingWithPayments[], page: MeetingWithPayments[]): MeetingWithPayments[] {
  const seen = new Set(items.map((item) => String(item.meeting.id)));
  return [...items, ...page.filter((item) => !seen.has(String(item.meeting.id)))];
}

/**
 * Recent Sessions (spec 2 §2 'all-summaries', supervisor only): sessions that took place, across all
 * tutors, newest first, with their tutor and summary; 'Show more' pages back from the last one shown.
 */
export function RecentSessionsScreen({ renderMeeting, schedulePath, pageSize = 50 }: RecentSessionsScreenProps) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    void getRecentSessions(undefined, pageSize).then((result) => {
      if (!current) return;
      if (result.status === 'success') return setLoad({ status: 'ready', items: result.data, more: result.data.length >= pageSize, paging: 'idle' });
      if (result.status === 'failure' && result.error.type === 'NoAuth') return window.location.assign('/');
      if (result.status === 'failure' && (result.error.type === 'NotAuthorized' || result.error.type === 'Unauthorized')) return setLoad({ status: 'denied' });
      setLoad({ status: 'error', message: failureText(result) });
    });
    return () => {
      current = false;
    };
  }, [pageSize, version]);

  const showMore = useCallback(async () => {
    if (load.status !== 'ready' || load.paging === 'loading' || load.items.length === 0) return;
    const last = load.items[load.items.length - 1]!.meeting;
    setLoad({ ...load, paging: 'loading' });
    const result = await getRecentSessions(last, pageSize);
    setLoad((now) => {
      if (now.status !== 'ready') return now;
      if (result.status === 'success') return { status: 'ready', items: append(now.items, result.data), more: result.data.length >= pageSize, paging: 'idle' };
      return { ...now, paging: { error: failureText(result) } };
    });
  }, [load, pageSize]);

  let content: ReactNode;
  if (load.status === 'loading') content = <Loader text="Loading recent sessions…" />;
  else if (load.status === 'denied') {
    content = (
      <p className={styles.notice} role="alert">
        {RECENT_DENIED} <a href={schedulePath}>Go to your schedule</a>
      </p>
    );
  } else if (load.status === 'error') {
    content = (
      <LoadError
        message={load.message}
        onRetry={() => {
          setLoad({ status: 'loading' });
          setVersion((v) => v + 1);
        }}
      />
    );
  } else if (load.items.length === 0) {
    content = (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>{RECENT_EMPTY}</p>
        <p className={styles.muted}>Sessions appear here once they have taken place.</p>
      </div>
    );
  } else {
    content = (
      <>
        <ul className={styles.sessions} aria-label="Recent sessions" aria-busy={load.paging === 'loading' || undefined}>
          {load.items.map((item) => (
            <li key={String(item.meeting.id)}>{renderMeeting(item)}</li>
          ))}
        </ul>
        {typeof load.paging === 'object' && <LoadError message={`More sessions could not be loaded: ${load.paging.error}`} onRetry={() => void showMore()} />}
        {load.more && typeof load.paging !== 'object' && (
          <div className={styles.more}>
            <Button variant="secondary" loading={load.paging === 'loading'} onClick={() => void showMore()}>
              Show more
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="recent-title" className={styles.screen}>
      <h1 id="recent-title">{RECENT_TITLE}</h1>
      {content}
    </section>
  );
}
