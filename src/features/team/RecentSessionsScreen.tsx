import { type ReactNode, useState } from 'react';
import { getRecentSessions } from '../../api/team.ts';
import type { MeetingWithPayments } from '../../contract/entities.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { Button } from '../../ui/Button.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { useRead } from '../../ui/use-read.ts';
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

/** The sessions shown, and whether an answer was a full page (more may follow). */
type Shown = { items: MeetingWithPayments[]; more: boolean };

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
  const { state: load, reload, setData } = useRead<Shown>(
    () => getRecentSessions(undefined, pageSize).then((result) => (result.status === 'success' ? { ...result, data: { items: result.data, more: result.data.length >= pageSize } } : result)),
    [pageSize],
  );
  const [paging, setPaging] = useState<'idle' | 'loading' | { error: string }>('idle');

  async function showMore() {
    if (load.status !== 'ready' || paging === 'loading' || load.data.items.length === 0) return;
    const { items } = load.data;
    setPaging('loading');
    const result = await getRecentSessions(items[items.length - 1]!.meeting, pageSize);
    if (result.status !== 'success') return setPaging({ error: failureText(result) });
    setPaging('idle');
    setData({ items: append(items, result.data), more: result.data.length >= pageSize });
  }

  let content: ReactNode;
  if (load.status === 'loading') content = <Loader text="Loading recent sessions…" />;
  else if (load.status === 'error' && load.denied) {
    content = (
      <p className={styles.notice} role="alert">
        {RECENT_DENIED} <a href={schedulePath}>Go to your schedule</a>
      </p>
    );
  } else if (load.status === 'error') content = <LoadError message={load.message} onRetry={reload} />;
  else if (load.data.items.length === 0) {
    content = (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>{RECENT_EMPTY}</p>
        <p className={styles.muted}>Sessions appear here once they have taken place.</p>
      </div>
    );
  } else {
    content = (
      <>
        <ul className={styles.sessions} aria-label="Recent sessions" aria-busy={paging === 'loading' || undefined}>
          {load.data.items.map((item) => (
            <li key={String(item.meeting.id)}>{renderMeeting(item)}</li>
          ))}
        </ul>
        {typeof paging === 'object' && <LoadError message={`More sessions could not be loaded: ${paging.error}`} onRetry={() => void showMore()} />}
        {load.data.more && typeof paging !== 'object' && (
          <div className={styles.more}>
            <Button variant="secondary" loading={paging === 'loading'} onClick={() => void showMore()}>
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
