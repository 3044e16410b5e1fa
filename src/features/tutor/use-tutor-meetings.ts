import { useCallback, useEffect, useState } from 'react';
import { getTutorMeetings } from '../../api/meetings.ts';
import type { MeetingWithPayments } from '../../contract/entities.ts';
import { NETWORK_MESSAGE } from '../../lib/api-messages.ts';
import { errorMessageLater } from '../../lib/error-message-later.ts';
import { isAuthFailure } from './tutor-meetings.ts';

export type MeetingsLoad =
  { status: 'loading' } | { status: 'ready'; items: MeetingWithPayments[]; refreshing: boolean } | { status: 'error'; message: string };

/** A span of epoch seconds (a week of the week view). */
export interface MeetingsSpan {
  from: number;
  to: number;
}

const LOADING: MeetingsLoad = { status: 'loading' };

/**
 * The tutor's meetings (one GET /api/tutors/{id}/meetings, for the whole calendar or one span);
 * `reload` fetches them again while the current list stays on screen. Another span shows its
 * loading state until its answer is there (the last span's hours are not this one's). Mount it
 * again (a React key) for another tutor. A missing or insufficient session leads home.
 */
export function useTutorMeetings(tutorId: string, span?: MeetingsSpan): [MeetingsLoad, () => void] {
  const key = span ? `${span.from}-${span.to}` : 'all';
  const [answer, setAnswer] = useState<{ key: string; load: MeetingsLoad }>({ key, load: LOADING });
  const [version, setVersion] = useState(0);
  const from = span?.from;
  const to = span?.to;

  useEffect(() => {
    let current = true;
    const asked = from !== undefined && to !== undefined ? { from, to } : undefined;
    void getTutorMeetings(tutorId, asked).then(async (result) => {
      if (!current) return;
      if (result.status === 'success') return setAnswer({ key, load: { status: 'ready', items: result.data, refreshing: false } });
      if (result.status === 'failure' && isAuthFailure(result.error.type)) return window.location.assign('/');
      const message = result.status === 'network-error' ? NETWORK_MESSAGE : await errorMessageLater(result.error);
      if (current) setAnswer({ key, load: { status: 'error', message } });
    });
    return () => {
      current = false;
    };
  }, [tutorId, key, from, to, version]);

  const reload = useCallback(() => {
    setAnswer((previous) => (previous.load.status === 'ready' ? { ...previous, load: { ...previous.load, refreshing: true } } : { ...previous, load: LOADING }));
    setVersion((v) => v + 1);
  }, []);
  return [answer.key === key ? answer.load : LOADING, reload];
}
