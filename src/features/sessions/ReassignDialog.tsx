import { type ReactNode, useId, useState } from 'react';
import type { ApiResult } from '../../api/http.ts';
import { getReassignCandidates, reassignMeeting } from '../../api/reassign.ts';
import type { Meeting, Reassigned, ReassignCandidates } from '../../contract/entities.ts';
import { site } from '../../config/site.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { useMoment } from '../../lib/moment.ts';
import { dayInZone } from '../../lib/site-days.ts';
import { formatSessionTime } from '../../lib/time-format.ts';
import { Button } from '../../ui/Button.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { useRead } from '../../ui/use-read.ts';
import { useViewedTutor } from '../../lib/viewed-tutor.ts';
import { choiceKey, choicesOf, doneLines, type ReassignScope, reassignInput, sessionsLine, unavailableReason } from './reassign-model.ts';
import styles from './reassign.module.css';

/**
 * 'Re-assign this session' (issue 25): a supervisor gives a booked session to another tutor
 * qualified for its course, at its time or at another tutor's open hour, or a weekly series from a
 * day on (docs/contract-extensions.md). The server lists who is free (GET …/reassign-candidates)
 * and decides; a refusal stays in the dialog, in words. Loaded when it is opened (StaffMeetingCard).
 */

export interface ReassignDialogProps {
  meeting: Meeting;
  /** The session's customers, by name. */
  customers: string[];
  /** Called when the dialog closes; `changed` is true once the session was re-assigned. */
  onClose: (changed: boolean) => void;
}

type Failed = Exclude<ApiResult<unknown>, { status: 'success' }>;
const failureText = (result: Failed) => (result.status === 'network-error' ? NETWORK_MESSAGE : errorMessage(result.error, 'reassign'));

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function ReassignDialog({ meeting, customers, onClose }: ReassignDialogProps) {
  const owner = useViewedTutor();
  const { zone, nowMs } = useMoment();
  const weekly = Boolean(meeting.slot);
  const groupName = useId();
  const [scope, setScope] = useState<ReassignScope>('one');
  // Days are the campus's, as the server reads them (a series' weeks keep its wall-clock time).
  const [fromDay, setFromDay] = useState(() => dayInZone(meeting.occurrence_epoch * 1000, site.timeZone));
  const [choice, setChoice] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Reassigned | null>(null);

  const dayProblem = scope === 'series' && !DAY.test(fromDay) ? 'Please pick a day.' : null;
  const asked = scope === 'series' ? fromDay : undefined;
  // Who is free, for the scope and day asked about (none while the day is not one); read again after a refused re-assign.
  const candidates = useRead<ReassignCandidates>(dayProblem ? null : () => getReassignCandidates(meeting.id, asked), [meeting.id, asked, dayProblem], { context: 'reassign' });
  const shown = dayProblem ? null : candidates.state;
  const choices = shown?.status === 'ready' ? choicesOf(shown.data) : new Map();

  if (done) {
    return (
      <Modal key="done" open onClose={() => onClose(true)} title="Session re-assigned" primary={{ label: 'Close', onClick: () => onClose(true) }}>
        <div role="status" className={styles.done}>
          {doneLines(done, zone).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      </Modal>
    );
  }

  async function submit() {
    if (dayProblem) return setError(dayProblem);
    const chosen = choice === null ? undefined : choices.get(choice);
    if (!chosen) return setError('Please choose who takes the session.');
    setWorking(true);
    setError(null);
    const result = await reassignMeeting(meeting.id, reassignInput(chosen, scope, fromDay));
    setWorking(false);
    if (result.status === 'success') return setDone(result.data);
    setError(failureText(result));
    // The calendars changed since the list was read: read it again (the list stays meanwhile).
    candidates.reload();
  }

  const changeScope = (next: ReassignScope) => {
    setScope(next);
    setChoice(null);
    setError(null);
  };
  const when = formatSessionTime(meeting.occurrence_epoch, meeting.duration_mins, { timeZone: zone });
  const course = meeting.offering?.course.course_number ?? 'This session';
  const radio = (value: string, label: string, note?: string) => (
    <label key={value} className={styles.option}>
      <input type="radio" name={groupName} value={value} checked={choice === value} onChange={() => setChoice(value)} />
      <span>
        <span className={styles.optionName}>{label}</span>
        {note && <span className={styles.note}> {note}</span>}
      </span>
    </label>
  );

  return (
    <FormModal title="Re-assign this session" submitLabel="Re-assign" cancelLabel="Close" working={working} onSubmit={() => void submit()} onClose={() => onClose(false)} error={error}>
      <p className={styles.lead}>
        {course} · {when}
        {customers.length > 0 && `, with ${customers.join(' and ')}`}: now {owner ? `${owner.name}’s` : 'your'} session. The customer keeps what they
        paid (nothing is refunded or charged); the customer and both tutors are told.
      </p>
      {weekly && (
        <fieldset className={styles.group}>
          <legend>What moves</legend>
          <label className={styles.option}>
            <input type="radio" name={`${groupName}-scope`} checked={scope === 'one'} onChange={() => changeScope('one')} />
            <span>Only this session</span>
          </label>
          <label className={styles.option}>
            <input type="radio" name={`${groupName}-scope`} checked={scope === 'series'} onChange={() => changeScope('series')} />
            <span>The weekly series from a day on</span>
          </label>
          {scope === 'series' && (
            <TextInput
              label="Move the weeks from"
              type="date"
              required
              min={dayInZone(nowMs, site.timeZone)}
              value={fromDay}
              onChange={(value) => {
                setFromDay(value);
                setChoice(null);
              }}
              hint="Every booked week on this day (campus time) and later moves, each at its own time; the weeks before stay."
              error={dayProblem ?? undefined}
            />
          )}
        </fieldset>
      )}
      <div className={styles.candidates} aria-live="polite" aria-busy={shown?.status === 'loading' || (shown?.status === 'ready' && shown.refreshing)}>
        {shown?.status === 'loading' && <p className={styles.muted}>Finding qualified tutors…</p>}
        {shown?.status === 'error' && (
          <div className={styles.failed}>
            <p className={styles.error}>{shown.message}</p>
            <Button variant="secondary" thin onClick={candidates.reload}>
              Try again
            </Button>
          </div>
        )}
        {shown?.status === 'ready' && <Candidates data={shown.data} zone={zone} radio={radio} />}
      </div>
    </FormModal>
  );
}

/** The choices: qualified tutors free at the session's time (or every week's), then other tutors' open hours. */
function Candidates({ data, zone, radio }: { data: ReassignCandidates; zone: string; radio: (value: string, label: string, note?: string) => ReactNode }) {
  const series = data.from_date !== null;
  const nobody = data.free.length === 0 && data.unavailable.length === 0 && data.other_times.length === 0;
  if (nobody) {
    return (
      <p className={styles.muted}>
        No other tutor is qualified for {data.meeting.course.course_number}. Add the qualification on a tutor’s card in Team View first.
      </p>
    );
  }
  return (
    <>
      <fieldset className={styles.group}>
        <legend>{series ? `At the same times: ${sessionsLine(data.sessions, zone)}` : 'At the same time'}</legend>
        {data.free.length === 0 && <p className={styles.muted}>No other qualified tutor is free then.</p>}
        {data.free.map((f) => radio(choiceKey({ kind: 'same', tutor: f.tutor.id }), f.tutor.name, f.hours_used.length > 0 ? '(their open hour then is used)' : undefined))}
        {data.unavailable.length > 0 && (
          <ul className={styles.unavailable} aria-label="Qualified, not free then">
            {data.unavailable.map((u) => (
              <li key={String(u.tutor.id)}>
                {u.tutor.name} {unavailableReason(u, zone)}
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      {!series && (
        <fieldset className={styles.group}>
          <legend>Or at another time: their open hours in the next two weeks</legend>
          {data.other_times.length === 0 && <p className={styles.muted}>No other qualified tutor has an open hour the session can move to.</p>}
          {data.other_times.map((o) =>
            radio(choiceKey({ kind: 'other', tutor: o.tutor.id, hour: o.hour.id, epoch: o.hour.occurrence_epoch }), o.tutor.name, formatSessionTime(o.hour.occurrence_epoch, o.hour.duration_mins, { timeZone: zone })),
          )}
        </fieldset>
      )}
    </>
  );
}
