import type { ApiResult } from '../../api/http.ts';
import { getTutorMeetings, tutorMeetingsPath } from '../../api/meetings.ts';
import type { MeetingWithPayments } from '../../contract/entities.ts';
import { useRead } from '../../ui/use-read.ts';

export type MeetingsLoad =
  { status: 'loading' } | { status: 'ready'; items: MeetingWithPayments[]; refreshing: boolean } | { status: 'error'; message: string };

/** A span of epoch seconds (a week of the week view). */
export interface MeetingsSpan {
  from: number;
  to: number;
}

/** The meetings read, and which spans they are ('all': the whole calendar; else `from-to` of each span, in order). */
interface Shown {
  key: string;
  items: MeetingWithPayments[];
}

const LOADING: MeetingsLoad = { status: 'loading' };
const keyOf = (asked: MeetingsSpan[] | undefined) => (asked ? asked.map((span) => `${span.from}-${span.to}`).join(',') : 'all');
const spansOf = (key: string) => (key === 'all' ? [undefined] : key.split(',').map((span) => ({ from: Number(span.split('-')[0]), to: Number(span.split('-')[1]) })));
/** The meetings `shown` are a first part of those asked for: the list has a further page. */
const addsPages = (key: string, shown: Shown) => key.startsWith(`${shown.key},`);

/** Reads the spans of `key` that `shown` lacks (all of them unless it is their first part), one GET each, in order. */
async function readMeetings(tutorId: string, key: string, shown: Shown | undefined): Promise<ApiResult<Shown>> {
  const kept = shown && addsPages(key, shown) ? shown : undefined;
  const spans = spansOf(key).slice(kept ? spansOf(kept.key).length : 0);
  const results = await Promise.all(spans.map((span) => getTutorMeetings(tutorId, span)));
  const items = [...(kept?.items ?? [])];
  for (const result of results) {
    if (result.status !== 'success') return result;
    items.push(...result.data);
  }
  return { status: 'success', data: { key, items } };
}

/**
 * The tutor's meetings: the whole calendar (one GET /api/tutors/{id}/meetings), one span (a week of
 * the week view), or several (the list's pages, one GET each, in order), through useRead. `reload`
 * fetches them again while the current ones stay on screen, and so does a page added to the list
 * (its key extends the last; only the new page is read); another week shows its loading state until
 * its answer is there (the last week's hours are not this one's). Mount it again (a React key) for
 * another tutor. The first span's meetings may come with the page (the server's first read). A
 * missing sign-in goes to sign in again; an account that may not see them goes home.
 */
export function useTutorMeetings(tutorId: string, spans?: MeetingsSpan | MeetingsSpan[]): [MeetingsLoad, () => void] {
  const asked = spans === undefined ? undefined : Array.isArray(spans) ? spans : [spans];
  const key = keyOf(asked);
  const { state, reload } = useRead<Shown, MeetingWithPayments[]>((shown) => readMeetings(tutorId, key, shown), [tutorId, key], {
    // The page brings the first read only (one span, or the whole calendar).
    firstPath: asked && asked.length > 1 ? undefined : tutorMeetingsPath(tutorId, asked?.[0]),
    fromPage: (items) => ({ key, items }),
    keep: (shown) => addsPages(key, shown),
    onDenied: () => window.location.assign('/'),
  });
  if (state.status !== 'ready') return [state, reload];
  const { data, refreshing } = state;
  if (data.key === key) return [{ status: 'ready', items: data.items, refreshing }, reload];
  // Before the read of new spans starts: a page added to the list keeps the pages before it on screen.
  return [addsPages(key, data) ? { status: 'ready', items: data.items, refreshing: true } : LOADING, reload];
}
