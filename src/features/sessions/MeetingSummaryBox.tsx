import { useId, useState } from 'react';
import { setMeetingNotes } from '../../api/meetings.ts';
import type { Id } from '../../contract/entities.ts';
import { SendIcon } from '../../ui/action-icons.tsx';
import { ChunkSuspense } from '../../ui/ChunkSuspense.tsx';
import { FailureBoundary } from '../../ui/FailureBoundary.tsx';
import { lazyChunk } from '../../ui/lazy-chunk.ts';
import { Spinner } from '../../ui/Loader.tsx';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import { errorMessageLater } from '../../lib/error-message-later.ts';
import { hasReport, type LessonReportDraft, reportFields, sameReport, trimReport } from './lesson-report.ts';
import styles from './staff.module.css';

// The report's fields load when 'Lesson report' is first opened: the dashboard's first load stays light.
const LessonReportFields = lazyChunk(() => import('./LessonReportFields.tsx'));

export const SUMMARY_EMPTY_HINT = 'Please enter a summary to get paid for this session.';
export const SUMMARY_UNSAVED_HINT = 'Remember to submit!';

const NO_REPORT: LessonReportDraft = { attendance: null, homework: '', private_note: '' };

export interface MeetingSummaryBoxProps {
  meetingId: Id;
  /** The summary the server holds (give the box a new key when it changes elsewhere). */
  notes: string;
  /** The lesson report the server holds (attendance, homework, private note); none when absent. */
  report?: LessonReportDraft;
  /** Called with the summary once the server has it. */
  onSaved: (notes: string) => void;
}

/**
 * 'One-Line Meeting Summary:' (spec 2 §2): a tutor is paid for a session once it has a summary.
 * Under it, 'Lesson report' opens the report's fields (attendance, homework for the student, a
 * private note for staff); the one submit sends the summary and, once opened, the report with it.
 */
export function MeetingSummaryBox({ meetingId, notes, report = NO_REPORT, onSaved }: MeetingSummaryBoxProps) {
  const inputId = useId();
  const [saved, setSaved] = useState({ notes, report });
  const [draft, setDraft] = useState(notes);
  const [reportDraft, setReportDraft] = useState(report);
  // A report on file shows at once; otherwise the fields wait to be asked for.
  const [reportOpen, setReportOpen] = useState(() => hasReport(report));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const reportChanged = !sameReport(reportDraft, saved.report);

  async function submit() {
    const text = draft.trim();
    if (saving || (text === saved.notes && !reportChanged)) return setDraft(text);
    setSaving(true);
    setError(null);
    // The report goes once its fields were opened (or changed, then closed): the summary alone is the spec's call.
    const result = await setMeetingNotes(meetingId, text, reportOpen || reportChanged ? reportFields(reportDraft) : {});
    setSaving(false);
    // What was typed stays in the fields whatever the failure.
    if (result.status !== 'success') return setError(result.status === 'network-error' ? NETWORK_MESSAGE : await errorMessageLater(result.error));
    const kept = trimReport(reportDraft);
    setSaved({ notes: text, report: kept });
    setDraft(text);
    setReportDraft(kept);
    setJustSaved(true);
    onSaved(text);
  }

  let hint: { text: string; tone: 'warn' | 'ok' | 'muted' } | null = null;
  if (draft.trim() === '') hint = { text: SUMMARY_EMPTY_HINT, tone: 'warn' };
  else if (draft !== saved.notes || reportChanged) hint = { text: SUMMARY_UNSAVED_HINT, tone: 'warn' };
  else if (justSaved) hint = { text: 'Saved', tone: 'ok' };
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const reportId = `${inputId}-report`;

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
      <button type="button" className={styles.disclosure} aria-expanded={reportOpen} aria-controls={reportOpen ? reportId : undefined} onClick={() => setReportOpen(!reportOpen)}>
        Lesson report
      </button>
      {reportOpen && (
        <div id={reportId}>
          <FailureBoundary where="lesson report">
            {/* A report on file opens the fields at once: a page the server wrote hydrates with the fallback, then loads them. */}
            <ChunkSuspense fallback={<Spinner size={20} label="Loading the lesson report" />}>
              <LessonReportFields
                value={reportDraft}
                onChange={(next) => {
                  setReportDraft(next);
                  setJustSaved(false);
                }}
              />
              <button type="submit" className={styles.reportSubmit} aria-busy={saving || undefined}>
                {saving ? 'Submitting…' : 'Submit summary and report'}
              </button>
            </ChunkSuspense>
          </FailureBoundary>
        </div>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
