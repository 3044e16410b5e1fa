import { useEffect, useRef, useState } from 'react';
import { firstData, forgetFirstAnswer } from '../../api/first-answers.ts';
import { getTutorMeetings, tutorMeetingsPath } from '../../api/meetings.ts';
import type { MeetingWithPayments } from '../../contract/entities.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
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

/** The meetings of every span asked for, when each came with the page (the server's first read). */
function pageMeetings(tutorId: string, asked: MeetingsSpan[] | undefined): MeetingWithPayments[] | undefined {
  const answers = (asked ?? [undefined]).map((span) => firstData<MeetingWithPayments[]>(tutorMeetingsPath(tutorId, span)));
  return answers.every((items) => items !== undefined) ? answers.flat() : undefined;
}

type Answer = Awaited<ReturnType<typeof getTutorMeetings>>;

/**
 * The tutor's meetings: the whole calendar (one GET /api/tutors/{id}/meetings), one span (a week of
 * the week view), or several (the list's pages, one GET each, in order). `reload` fetches them again
 * while the current ones stay on screen, and so does a page added to the list (its key extends the
 * last); another week shows its loading state until its answer is there (the last week's hours are
 * not this one's). Mount it again (a React key) for another tutor. A missing or insufficient
 * session leads home.
 */
export function useTutorMeetings(tutorId: string, spans?: MeetingsSpan | MeetingsSpan[]): [MeetingsLoad, () => void] {
  const asked = spans === undefined ? undefined : Array.isArray(spans) ? spans : [spans];
  const key = asked ? asked.map((span) => `${span.from}-${span.to}`).join(',') : 'all';
  // The meetings that came with the page, if any: the first render shows them (and matches the server's).
  const [answer, setAnswer] = useState<{ key: string; version: number; load: MeetingsLoad }>(() => {
    const items = pageMeetings(tutorId, asked);
    return { key, version: 0, load: items ? { status: 'ready', items, refreshing: false } : LOADING };
  });
  const shownFromPage = useRef(answer.load.status === 'ready');
  const [version, setVersion] = useState(0);
  // What the next read may keep: the pages read before a page was added (not after a reload). A
  // ref, read when the key changes: the answer it comes from is not a reason to read again.
  const kept = useRef<{ key: string; items: MeetingWithPayments[] } | undefined>(undefined);
  // (Declared before the read's effect, so it runs first.)
  useEffect(() => {
    kept.current = answer.version === version && answer.load.status === 'ready' && key.startsWith(`${answer.key},`) ? { key: answer.key, items: answer.load.items } : undefined;
  });

  useEffect(() => {
    const all = key === 'all' ? [undefined] : key.split(',').map((span) => ({ from: Number(span.split('-')[0]), to: Number(span.split('-')[1]) }));
    if (shownFromPage.current) {
      // Shown from the page's answers: a later read (another week, a reload) asks the server.
      shownFromPage.current = false;
      for (const span of all) forgetFirstAnswer(tutorMeetingsPath(tutorId, span));
      return;
    }
    const keptKey = kept.current?.key;
    const keptItems = kept.current?.items;
    let current = true;
    // A page added to the list reads only itself.
    const reads = keptKey === undefined ? all : all.slice(keptKey.split(',').length);
    void Promise.all(reads.map((span) => getTutorMeetings(tutorId, span))).then(async (results) => {
      if (!current) return;
      const failed = results.find((result): result is Exclude<Answer, { status: 'success' }> => result.status !== 'success');
      if (!failed) {
        const items = [...(keptItems ?? []), ...results.flatMap((result) => (result.status === 'success' ? result.data : []))];
        return setAnswer({ key, version, load: { status: 'ready', items, refreshing: false } });
      }
      if (failed.status === 'failure' && isAuthFailure(failed.error.type)) return window.location.assign('/');
      const message = failed.status === 'network-error' ? NETWORK_MESSAGE : await errorMessageLater(failed.error);
      if (current) setAnswer({ key, version, load: { status: 'error', message } });
    });
    return () => {
      current = false;
    };
  }, [tutorId, key, version]);

  const reload = () => {
    setAnswer((previous) => (previous.load.status === 'ready' ? { ...previous, load: { ...previous.load, refreshing: true } } : { ...previous, load: LOADING }));
    setVersion((v) => v + 1);
  };
  if (answer.key === key) return [answer.load, reload];
  // A page added to the list: the pages before it stay on screen meanwhile.
  return [answer.load.status === 'ready' && key.startsWith(`${answer.key},`) ? { ...answer.load, refreshing: true } : LOADING, reload];
}
