import { type DependencyList, useEffect, useRef, useState } from 'react';
import { forgetFirstAnswer, spendFirstAnswer } from '../api/first-answers.ts';
import { useFirstData } from './first-data.ts';
import type { ApiResult } from '../api/http.ts';
import type { MessageContext } from '../lib/error-messages.ts';
import { NETWORK_MESSAGE } from '../lib/network-message.ts';
import { errorMessageLater } from '../lib/error-message-later.ts';
import { signInAgain } from '../lib/sign-in-again.ts';

/**
 * What a screen shows of one read. `refreshing`: a reload (or, with `keep`, a new key) is under
 * way while the data last read stays on screen. `denied`: the account is signed in but may not
 * read this (NotAuthorized, Unauthorized); the message says so.
 */
export type ReadState<T> = { status: 'loading' } | { status: 'ready'; data: T; refreshing: boolean } | { status: 'error'; message: string; denied: boolean };

export interface ReadOptions<T = unknown, P = T> {
  /** The address of the read's answer in the page (first-answers.ts): the first render shows it, with no fetch. */
  firstPath?: string;
  /**
   * The page's answer stays once shown, for the page's other readers of it (the session check,
   * auth-state.ts; the tutor of a dashboard, read by its sidebar and its screen): a part that
   * hydrates later renders it as the server did. A reload fetches anew all the same.
   */
  shared?: boolean;
  /** What the screen shows of that answer, when it keeps more than the answer (which reads it stands for). */
  fromPage?: (answer: P) => T;
  /** When `deps` change, keep the data on screen (`refreshing`) instead of showing the loader; or whether to, given that data. */
  keep?: boolean | ((shown: T) => boolean);
  /** A signed-in account that may not read this goes there (instead of the error with `denied`). */
  onDenied?: () => void;
  /** The words of a failure, as the screen's writes word them (error-messages.ts): a dialog's read. */
  context?: MessageContext;
}

export interface Read<T> {
  state: ReadState<T>;
  /** Reads again: the data stays on screen meanwhile (`refreshing`); after an error, the loader. */
  reload: () => void;
  /** Shows data the screen got otherwise (the answer of a save, a further page). */
  setData: (data: T) => void;
  /** Changes the data shown, if any (a card's edit), from what is on screen now. */
  update: (change: (data: T) => T) => void;
}

const LOADING = { status: 'loading' } as const;

/**
 * The one way a screen reads: `read` runs on mount, whenever `deps` change and on reload. An
 * answer that is no longer wanted (deps changed, a newer reload, unmounted) is dropped. A null
 * `read` (nothing to ask yet, such as a period that is not one) reads nothing and shows loading.
 * `read` is given the data on screen when it is up to date (not being read again): a read that
 * adds to it (a further page) asks only for what it lacks.
 *
 * Failures, one rule for every screen (docs/decisions/019-one-read-hook.md):
 * - NoAuth (no sign-in, or it ended): home to sign in, which comes back here (signInAgain);
 * - NotAuthorized / Unauthorized (signed in, wrong account): `onDenied` if the screen has a place
 *   to send the person, otherwise the error with `denied` and its sentence;
 * - anything else: the error with its sentence (the sentences load only when shown), or the
 *   network sentence when no answer came.
 */
export function useRead<T, P = T>(
  read: ((shown: T | undefined) => Promise<ApiResult<T>>) | null,
  deps: DependencyList,
  { firstPath, shared, fromPage, keep, onDenied, context }: ReadOptions<T, P> = {},
): Read<T> {
  const firstData = useFirstData();
  const [state, setState] = useState<ReadState<T>>(() => {
    const answer = firstPath === undefined ? undefined : firstData<P>(firstPath);
    return answer === undefined ? LOADING : { status: 'ready', data: fromPage ? fromPage(answer) : (answer as unknown as T), refreshing: false };
  });
  const [version, setVersion] = useState(0);
  // Shown from the page: the first effect reads nothing, and a later visit fetches anew.
  const shownFromPage = useRef(state.status === 'ready');
  const lastVersion = useRef(version);

  useEffect(() => {
    if (shownFromPage.current) {
      shownFromPage.current = false;
      if (shared) spendFirstAnswer(firstPath!);
      else forgetFirstAnswer(firstPath!);
      return;
    }
    // New deps (not a reload): the last data belongs to other deps.
    if (lastVersion.current === version || !read)
      setState((now) => (read && now.status === 'ready' && (typeof keep === 'function' ? keep(now.data) : keep) ? { ...now, refreshing: true } : LOADING));
    lastVersion.current = version;
    if (!read) return;
    let current = true;
    void read(state.status === 'ready' && !state.refreshing ? state.data : undefined).then(async (result) => {
      if (!current) return;
      if (result.status === 'success') return setState({ status: 'ready', data: result.data, refreshing: false });
      const type = result.error.type;
      if (type === 'NoAuth') return signInAgain();
      const denied = type === 'NotAuthorized' || type === 'Unauthorized';
      if (denied && onDenied) return onDenied();
      const message = result.status === 'network-error' ? NETWORK_MESSAGE : await errorMessageLater(result.error, context);
      if (current) setState({ status: 'error', message, denied });
    });
    return () => {
      current = false;
    };
    // `read`, `keep`, `onDenied` and the data on screen are taken as they are when `deps` change: callers pass new closures each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, version]);

  return {
    state,
    reload: () => {
      setState((now) => (now.status === 'ready' ? { ...now, refreshing: true } : LOADING));
      setVersion((v) => v + 1);
    },
    setData: (data) => setState({ status: 'ready', data, refreshing: false }),
    update: (change) => setState((now) => (now.status === 'ready' ? { ...now, data: change(now.data) } : now)),
  };
}
