import { useState } from 'react';
import type { ApiResult } from '../../api/http.ts';
import { deleteHour, endSeries } from '../../api/take-back.ts';
import type { HoursTakenBack, Meeting } from '../../contract/entities.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { BOOKED_STAY, bookedHourLine, plural } from '../../lib/hours-taken-back.ts';
import { useMoment } from '../../lib/moment.ts';
import { dayInZone, formatDay } from '../../lib/site-days.ts';
import { formatSessionTime, formatTimeRange } from '../../lib/time-format.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { useRead } from '../../ui/use-read.ts';
import { useViewedTutor } from '../../lib/viewed-tutor.ts';
import styles from './take-back.module.css';

/**
 * The staff card's dialogs that take an unbooked hour back (docs/contract-extensions.md, 'Delete
 * and end'): delete a one-off or one week of a series, or end a series from a date. They load when
 * one is opened (StaffMeetingCard). A refusal stays in the dialog, in words (error-messages.ts).
 */

export interface TakeBackDialogProps {
  meeting: Meeting;
  /** Called when the dialog closes; `changed` is true once something was taken back. */
  onClose: (changed: boolean) => void;
}

const failureText = (result: Exclude<ApiResult<unknown>, { status: 'success' }>) =>
  result.status === 'network-error' ? NETWORK_MESSAGE : errorMessage(result.error, 'takeBack');

/** 'Delete this hour?' (one-off) or 'Remove this week?' (a week of a series). */
export function DeleteHourDialog({ meeting, onClose }: TakeBackDialogProps) {
  const owner = useViewedTutor();
  const weekly = Boolean(meeting.slot);
  const { zone } = useMoment();
  const [phase, setPhase] = useState<{ name: 'asking' | 'working' | 'done' } | { name: 'failed'; message: string }>({ name: 'asking' });
  const when = formatSessionTime(meeting.occurrence_epoch, meeting.duration_mins, { timeZone: zone });

  if (phase.name === 'done') {
    return (
      <Modal key="done" open onClose={() => onClose(true)} title={weekly ? 'Week removed' : 'Hour deleted'} primary={{ label: 'Close', onClick: () => onClose(true) }}>
        <p>{when} is no longer offered.</p>
      </Modal>
    );
  }
  const working = phase.name === 'working';
  return (
    <Modal
      open
      onClose={() => onClose(false)}
      dismissible={!working}
      title={weekly ? 'Remove this week?' : 'Delete this hour?'}
      primary={{
        label: weekly ? 'Remove this week' : 'Delete',
        variant: 'red',
        loading: working,
        onClick: async () => {
          setPhase({ name: 'working' });
          const result = await deleteHour(meeting.id);
          setPhase(result.status === 'success' ? { name: 'done' } : { name: 'failed', message: failureText(result) });
        },
      }}
      secondary={[{ label: 'Nevermind', onClick: () => onClose(false), disabled: working }]}
    >
      <p>
        {when} is taken off {owner ? `${owner.name}’s` : 'your'} availability: nobody can book it any more.
        {weekly && ' The other weeks of the series stay.'}
      </p>
      {phase.name === 'failed' && (
        <p role="alert" className={styles.error}>
          {phase.message}
        </p>
      )}
    </Modal>
  );
}

/** The booked hours a call left, with their customers, and what to do about them. */
function BookedHours({ taken, timeZone }: { taken: HoursTakenBack; timeZone: string }) {
  if (taken.booked.length === 0) return null;
  return (
    <div className={styles.booked}>
      <p>
        <strong>{plural(taken.booked.length, 'booked session')} stay:</strong>
      </p>
      <ul aria-label="Booked sessions that stay">
        {taken.booked.map((hour) => (
          <li key={String(hour.meeting.id)}>{bookedHourLine(hour, timeZone)}</li>
        ))}
      </ul>
      <p>{BOOKED_STAY}</p>
    </div>
  );
}

/** A date input's day → its midnight in the browser's zone, in epoch seconds (NaN when it is not a date). */
function midnightOf(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return NaN;
  return Math.floor(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime() / 1000);
}

/**
 * 'End this weekly series?': from a chosen day (this week's by default), every unbooked week goes
 * and the series is no longer offered. Before the tutor confirms, it lists what would go and the
 * booked weeks that stay with their customers (the server's dry run); after, what went.
 */
export function EndSeriesDialog({ meeting, onClose }: TakeBackDialogProps) {
  const owner = useViewedTutor();
  const { zone, nowMs } = useMoment();
  const today = dayInZone(nowMs, zone);
  const [day, setDay] = useState(() => dayInZone(meeting.occurrence_epoch * 1000, zone));
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [done, setDone] = useState<HoursTakenBack | null>(null);
  const slotId = meeting.slot?.id;
  const from = midnightOf(day);
  const dayProblem = Number.isNaN(from) ? 'Please pick a day.' : day < today ? 'Please pick today or a later day.' : null;

  // The server's dry run for the day asked about; none while the day is not one to ask about.
  const asking = slotId !== undefined && !dayProblem;
  const { state: preview } = useRead<HoursTakenBack>(asking ? () => endSeries(slotId, from, true) : null, [slotId, from, asking], { context: 'takeBack' });

  if (done) {
    return (
      <Modal key="done" open onClose={() => onClose(true)} title="Series ended" primary={{ label: 'Close', onClick: () => onClose(true) }}>
        <p>
          {done.removed.length === 0 ? 'No unbooked week was left to remove.' : `${plural(done.removed.length, 'unbooked week')} removed.`} The series is no longer
          offered from {formatDay(day)} on.
        </p>
        <BookedHours taken={done} timeZone={zone} />
      </Modal>
    );
  }

  async function submit() {
    if (slotId === undefined) return;
    if (dayProblem) return setError(dayProblem);
    setWorking(true);
    setError(null);
    const result = await endSeries(slotId, from);
    setWorking(false);
    if (result.status === 'success') setDone(result.data);
    else setError(failureText(result));
  }

  return (
    <FormModal title="End this weekly series?" submitLabel="End series" cancelLabel="Nevermind" working={working} onSubmit={() => void submit()} onClose={() => onClose(false)} error={error}>
      <p className={styles.lead}>
        Every unbooked week {owner ? `of ${owner.name}’s series ` : ''}from this day on is removed, and the series is no longer offered from then on.
      </p>
      <TextInput label="End the series from" type="date" required min={today} value={day} onChange={setDay} hint={`The ${formatTimeRange(meeting.occurrence_epoch, meeting.duration_mins, zone)} weeks on this day and later go.`} />
      <div className={styles.preview} aria-live="polite">
        {asking && preview.status === 'loading' && <p>Checking the weeks…</p>}
        {asking && preview.status === 'error' && <p className={styles.error}>{preview.message}</p>}
        {asking && preview.status === 'ready' && (
          <>
            <p>
              {preview.data.removed.length === 0 ? 'No unbooked week is on or after this day.' : `${plural(preview.data.removed.length, 'unbooked week')} will be removed.`}
            </p>
            <BookedHours taken={preview.data} timeZone={zone} />
          </>
        )}
      </div>
    </FormModal>
  );
}
