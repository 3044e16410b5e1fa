import { useCallback, useEffect, useRef, useState } from 'react';
import { firstData, forgetFirstAnswer } from '../../api/first-answers.ts';
import { getTutorMeetings, tutorMeetingsPath } from '../../api/meetings.ts';
import type { MeetingWithPayments } from '../../contract/entities.ts';
import { NETWORK_MESSAGE } from '../../lib/api-messages.ts';
import { errorMessageLater } from '../../lib/error-message-later.ts';
import { isAuthFailure } from './tutor-meetings.ts';

export type MeetingsLoad =
  { status: 'loading' } | { status: 'ready'; items: MeetingWithPayments[]; refreshing: boolean } | { status: 'error'; message: string };

/**
 * The tutor's meetings (one GET /api/tutors/{id}/meetings); `reload` fetches them again while the
 * current list stays on screen. Mount it again (a React key) for another tutor. A missing or insufficient session leads home.
 */
export function useTutorMeetings(tutorId: string): [MeetingsLoad, () => void] {
  // The meetings that came with the page, if any: the first render shows them (and matches the server's).
  const [load, setLoad] = useState<MeetingsLoad>(() => {
    const items = firstData<MeetingWithPayments[]>(tutorMeetingsPath(tutorId));
    return items ? { status: 'ready', items, refreshing: false } : { status: 'loading' };
  });
  const shownFromPage = useRef(load.status === 'ready');
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (shownFromPage.current) {
      shownFromPage.current = false;
      forgetFirstAnswer(tutorMeetingsPath(tutorId));
      return;
    }
    let current = true;
    void getTutorMeetings(tutorId).then(async (result) => {
      if (!current) return;
      if (result.status === 'success') return setLoad({ status: 'ready', items: result.data, refreshing: false });
      if (result.status === 'failure' && isAuthFailure(result.error.type)) return window.location.assign('/');
      const message = result.status === 'network-error' ? NETWORK_MESSAGE : await errorMessageLater(result.error);
      if (current) setLoad({ status: 'error', message });
    });
    return () => {
      current = false;
    };
  }, [tutorId, version]);

  const reload = useCallback(() => {
    setLoad((previous) => (previous.status === 'ready' ? { ...previous, refreshing: true } : { status: 'loading' }));
    setVersion((v) => v + 1);
  }, []);
  return [load, reload];
}
