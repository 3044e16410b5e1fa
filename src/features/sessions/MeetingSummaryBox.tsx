import { useId, useState } from 'react';
import { setMeetingNotes } from '../../api/meetings.ts';
import type { Id } from '../../contract/entities.ts';
import { SendIcon } from '../../ui/action-icons.tsx';
import { Spinner } from '../../ui/Loader.tsx';
import { NETWORK_MESSAGE } from './meeting-messages.ts';
import { errorMessageLater } from '../../lib/error-message-later.ts';
import styles from './staff.module.css';

export const SUMMARY_EMPTY_HINT = 'Please enter a summary to get paid for this session.';
export const SUMMARY_UNSAVED_HINT = 'Remember to submit!';

export interface MeetingSummaryBoxProps {
  meetingId: Id;
  /** The summary the server holds (give the box a new key when it changes elsewhere). */
  notes: string;
  /** Called with the summary once the server has it. */
  onSaved: (notes: string) => void;
}

/** 'One-Line Meeting Summary:' (spec 2 §2): a tutor is paid for a session once it has a summary. */
export function MeetingSummaryBox({ meetingId, notes, onSaved }: MeetingSummaryBoxProps) {
  const inputId = useId();
  const [saved, setSaved] = useState(notes);
  const [draft, setDraft] = useState(notes);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);

  async function submit() {
    const text = draft.trim();
    if (saving || text === saved) return setDraft(text);
    setSaving(true);
    setError(null);
    const result = await setMeetingNotes(meetingId, text);
    setSaving(false);
    if (result.status !== 'success') return setError(result.status === 'network-error' ? NETWORK_MESSAGE : await errorMessageLater(result.error));
    setSaved(text);
    setDraft(text);
    setJustSaved(true);
    onSaved(text);
  }

  let hint: { text: string; tone: 'warn' | 'ok' | 'muted' } | null = null;
  if (draft.trim() === '') hint = { text: SUMMARY_EMPTY_HINT, tone: 'warn' };
  else if (draft !== saved) hint = { text: SUMMARY_UNSAVED_HINT, tone: 'warn' };
  else if (justSaved) hint = { text: 'Saved', tone: 'ok' };
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;

  return (
    <form
      className={styles.summary}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={inputId} className={styles.summaryLabel}>
        One-Line Meeting Summary:
      </label>
      <div className={styles.summaryRow}>
        <input
          id={inputId}
          className={styles.summaryInput}
          value={draft}
          maxLength={500}
          onChange={(event) => {
            setDraft(event.target.value);
            setJustSaved(false);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined}
        />
        <button type="submit" className={styles.iconButton} aria-label="Submit summary" title="Submit summary" aria-busy={saving || undefined}>
          {saving ? <Spinner size={18} label="" /> : <SendIcon />}
        </button>
      </div>
      <p id={hintId} className={`${styles.summaryHint} ${hint ? styles[hint.tone] : ''}`} aria-live="polite">
        {hint?.text}
      </p>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
