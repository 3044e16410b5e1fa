import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { createCalendarFeed, deleteCalendarFeed, getCalendarFeed } from '../../api/calendar-feed.ts';
import type { ApiResult } from '../../api/http.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import { errorMessageLater } from '../../lib/error-message-later.ts';
import { formatLongDate } from '../../lib/time-format.ts';
import { Button } from '../../ui/Button.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { useRead } from '../../ui/use-read.ts';
import styles from './calendar-feed.module.css';

export const FEED_OFF_TEXT = 'Subscribe to your sessions in Google Calendar, Apple Calendar or Outlook.';
export const FEED_PRIVATE_NOTE = 'Keep this link private: anyone with it can see your sessions. It is shown only now.';
/** A customer whose session came from the booking contact form has not proven the account yet. */
export const FEED_NEEDS_LOGIN = 'To get a calendar link, log out and log in again with the link we email you or a texted code.';
export const feedOnText = (createdEpoch: number | null) =>
  createdEpoch === null ? 'Your calendar feed is on.' : `Your calendar feed is on (made ${formatLongDate(createdEpoch)}).`;

type Feed =
  | { state: 'off' }
  | { state: 'on'; createdEpoch: number | null }
  /** Just made: the secret address, which the server never shows again. */
  | { state: 'new'; url: string };

type Copy = { state: 'idle' } | { state: 'copied' } | { state: 'select' };

// The sentences load only when a failure is shown: the panel is part of a dashboard's first load.
const failureText = async (result: Exclude<ApiResult<unknown>, { status: 'success' }>) =>
  result.status === 'network-error' ? NETWORK_MESSAGE : errorMessageLater(result.error);

/**
 * The private calendar feed of the signed-in customer or tutor (issue 12, item 3): a secret
 * address calendar apps subscribe to. Off: an offer to make one. Just made: the address to copy,
 * shown once (the server keeps only its hash). On: since when, a new address (the old one stops
 * working) or off.
 */
export function CalendarFeed() {
  // A signed-in account that may not have a feed (NotAuthorized: not proven yet) is told how to get one.
  const read = useRead<Feed>(async () => {
    const result = await getCalendarFeed();
    return result.status === 'success' ? { status: 'success', data: result.data.active ? { state: 'on', createdEpoch: result.data.created_epoch } : { state: 'off' } } : result;
  }, []);
  const { state: load, setData: setFeed } = read;
  const [busy, setBusy] = useState<'create' | 'delete' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [copy, setCopy] = useState<Copy>({ state: 'idle' });
  const titleId = useId();
  const urlId = useId();
  const urlInput = useRef<HTMLInputElement>(null);
  const feed = load.status === 'ready' ? load.data : null;

  // A new address arrives with its field: select it, so a keyboard user can copy at once.
  useEffect(() => {
    if (feed?.state === 'new') urlInput.current?.focus();
  }, [feed]);

  async function makeLink() {
    if (busy) return;
    setBusy('create');
    setActionError(null);
    const result = await createCalendarFeed();
    setBusy(null);
    if (result.status !== 'success') return setActionError(await failureText(result));
    setCopy({ state: 'idle' });
    setFeed({ state: 'new', url: result.data.url });
  }

  async function turnOff() {
    if (busy) return;
    setBusy('delete');
    setActionError(null);
    const result = await deleteCalendarFeed();
    setBusy(null);
    if (result.status !== 'success') return setActionError(await failureText(result));
    setFeed({ state: 'off' });
  }

  async function copyLink(url: string) {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setCopy({ state: 'copied' });
    } catch {
      // No clipboard access (an older browser, or a page without permission): select the text for the user.
      urlInput.current?.focus();
      urlInput.current?.select();
      setCopy({ state: 'select' });
    }
  }

  let content: ReactNode;
  if (load.status === 'loading') content = <Loader text="Loading your calendar feed…" />;
  else if (load.status === 'error') content = load.denied ? <p className={styles.text}>{FEED_NEEDS_LOGIN}</p> : <LoadError message={load.message} onRetry={read.reload} />;
  else if (feed === null) content = null;
  else if (feed.state === 'off') {
    content = (
      <>
        <p className={styles.text}>{FEED_OFF_TEXT}</p>
        <div className={styles.actions}>
          <Button variant="secondary" thin loading={busy === 'create'} onClick={() => void makeLink()}>
            Get calendar link
          </Button>
        </div>
      </>
    );
  } else if (feed.state === 'new') {
    content = <NewFeedLink url={feed.url} urlId={urlId} urlInput={urlInput} copy={copy} onCopy={() => void copyLink(feed.url)} turningOff={busy === 'delete'} onTurnOff={() => void turnOff()} />;
  } else {
    content = (
      <>
        <p className={styles.text}>{feedOnText(feed.createdEpoch)}</p>
        <p className={styles.hint}>A new link stops the old one: calendars subscribed to it stop updating.</p>
        <div className={styles.actions}>
          <Button variant="secondary" thin loading={busy === 'create'} disabled={busy === 'delete'} onClick={() => void makeLink()}>
            Make a new link
          </Button>
          <Button variant="secondary" thin loading={busy === 'delete'} disabled={busy === 'create'} onClick={() => void turnOff()}>
            Turn off
          </Button>
        </div>
      </>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        Calendar feed
      </h2>
      {content}
      {actionError && (
        <p className={styles.error} role="alert">
          {actionError}
        </p>
      )}
    </section>
  );
}

interface NewFeedLinkProps {
  url: string;
  urlId: string;
  urlInput: RefObject<HTMLInputElement | null>;
  copy: Copy;
  onCopy: () => void;
  turningOff: boolean;
  onTurnOff: () => void;
}

/** A feed just made: its address to copy (shown this once), what copying did, and Turn off. */
function NewFeedLink({ url, urlId, urlInput, copy, onCopy, turningOff, onTurnOff }: NewFeedLinkProps) {
  return (
    <>
      <label htmlFor={urlId} className={styles.label}>
        Your calendar link
      </label>
      <div className={styles.urlRow}>
        <input
          id={urlId}
          ref={urlInput}
          className={styles.url}
          type="text"
          readOnly
          value={url}
          aria-describedby={`${urlId}-note`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" thin onClick={onCopy}>
          Copy
        </Button>
      </div>
      <p className={styles.status} role="status">
        {copy.state === 'copied' ? 'Copied.' : copy.state === 'select' ? 'The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.' : ''}
      </p>
      <p id={`${urlId}-note`} className={styles.note}>
        {FEED_PRIVATE_NOTE}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" thin loading={turningOff} onClick={onTurnOff}>
          Turn off
        </Button>
      </div>
    </>
  );
}
