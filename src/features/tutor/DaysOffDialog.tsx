import { useId, useState } from 'react';
import type { ApiResult } from '../../api/http.ts';
import { getDaysOff, takeBackDaysOff, takeDaysOff } from '../../api/take-back.ts';
import { site } from '../../config/site.ts';
import type { DayOff, DayOffTaken, Id } from '../../contract/entities.ts';
import { NETWORK_MESSAGE } from '../../lib/network-message.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { BOOKED_STAY, bookedHourLine, plural } from '../../lib/hours-taken-back.ts';
import { useMoment } from '../../lib/moment.ts';
import { dayInZone, formatDayRange } from '../../lib/site-days.ts';
import { Button } from '../../ui/Button.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { useRead } from '../../ui/use-read.ts';
import { daysOffProblem, TAKE_BACK_NOTE } from './days-off-model.ts';
import { useViewedTutor } from '../../lib/viewed-tutor.ts';
import styles from './days-off.module.css';

export interface DaysOffDialogProps {
  /** The route's tutor: 'myself' or an id (a supervisor may manage another tutor's). */
  tutorId: string;
  /** Called when the dialog closes; `changed` is true once hours were taken back. */
  onClose: (changed: boolean) => void;
}

const failureText = (result: Exclude<ApiResult<unknown>, { status: 'success' }>) =>
  result.status === 'network-error' ? NETWORK_MESSAGE : errorMessage(result.error, 'takeBack');

/** 'Pacific Standard Time': the site's zone, in which days off are whole days. */
function siteZoneName(nowMs: number): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: site.timeZone, timeZoneName: 'long' }).formatToParts(nowMs);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? site.timeZone;
}

/**
 * 'Days off' (Availability screen): the days off the tutor has, each taken back with a click, and a
 * first and last day to take more. Unbooked hours on them are removed and nothing is booked or added
 * there; booked sessions stay, listed in the summary with their customers.
 */
export function DaysOffDialog({ tutorId, onClose }: DaysOffDialogProps) {
  const owner = useViewedTutor();
  const { nowMs, zone } = useMoment();
  const today = dayInZone(nowMs, site.timeZone);
  const listTitle = useId();
  const [firstDay, setFirstDay] = useState('');
  const [lastDay, setLastDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [done, setDone] = useState<DayOffTaken | null>(null);
  // The days off are read again after one is taken back; a refusal follows useRead's one rule.
  const { state: list, reload } = useRead<DayOff[]>(() => getDaysOff(tutorId), [tutorId], { context: 'takeBack' });
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [takingBack, setTakingBack] = useState<Id | null>(null);

  if (done) {
    const { day_off: dayOff, removed, booked } = done;
    return (
      <Modal key="done" open onClose={() => onClose(true)} title="Days off taken" primary={{ label: 'Close', onClick: () => onClose(true) }}>
        <p>
          {formatDayRange(dayOff.first_day, dayOff.last_day)}:{' '}
          {removed.length === 0 ? 'you had no unbooked hour on these days.' : `${plural(removed.length, 'unbooked hour')} removed.`} Nothing can be booked or
          added on them now.
        </p>
        {booked.length > 0 && (
          <div className={styles.booked}>
            <p>
              <strong>{plural(booked.length, 'booked session')} stay:</strong>
            </p>
            <ul aria-label="Booked sessions that stay">
              {booked.map((hour) => (
                <li key={String(hour.meeting.id)}>{bookedHourLine(hour, zone)}</li>
              ))}
            </ul>
            <p>{BOOKED_STAY}</p>
          </div>
        )}
      </Modal>
    );
  }

  async function submit() {
    const problem = daysOffProblem(firstDay, lastDay, today);
    if (problem) return setError(problem);
    setWorking(true);
    setError(null);
    const result = await takeDaysOff(tutorId, { first_day: firstDay, last_day: lastDay });
    setWorking(false);
    if (result.status === 'success') setDone(result.data);
    else setError(failureText(result));
  }

  async function takeBack(dayOff: DayOff) {
    setTakingBack(dayOff.id);
    const result = await takeBackDaysOff(tutorId, dayOff.id);
    setTakingBack(null);
    const range = formatDayRange(dayOff.first_day, dayOff.last_day);
    setStatus(result.status === 'success' ? { ok: true, text: `${range} taken back. ${TAKE_BACK_NOTE}` } : { ok: false, text: failureText(result) });
    reload();
  }

  return (
    <FormModal title={owner ? `Days off for ${owner.name}` : 'Days off'} submitLabel="Take days off" cancelLabel="Close" working={working} onSubmit={() => void submit()} onClose={() => onClose(false)} error={error}>
      <p className={styles.note}>
        Whole days on the campus clock ({siteZoneName(nowMs)}). {owner ? `${owner.name}’s` : 'Your'} unbooked hours on them are removed and nothing can be
        booked or added there; booked sessions stay.
      </p>
      <div className={styles.days}>
        <TextInput
          label="First day off"
          type="date"
          required
          min={today}
          value={firstDay}
          onChange={(value) => {
            setFirstDay(value);
            // One day off by default: the last day follows the first until it is set later.
            if (lastDay === '' || lastDay < value) setLastDay(value);
          }}
        />
        <TextInput label="Last day off" type="date" required min={firstDay || today} value={lastDay} onChange={setLastDay} />
      </div>
      <section className={styles.section} aria-labelledby={listTitle}>
        <h3 id={listTitle}>Your days off</h3>
        {list.status === 'loading' && <p>Loading…</p>}
        {list.status === 'error' && <p className={styles.error}>{list.message}</p>}
        {list.status === 'ready' && list.data.length === 0 && <p>None ahead.</p>}
        {list.status === 'ready' && list.data.length > 0 && (
          <ul className={styles.list}>
            {list.data.map((dayOff) => {
              const range = formatDayRange(dayOff.first_day, dayOff.last_day);
              return (
                <li key={String(dayOff.id)}>
                  <span>{range}</span>
                  <Button type="button" variant="secondary" thin loading={takingBack === dayOff.id} aria-label={`Take back ${range}`} onClick={() => void takeBack(dayOff)}>
                    Take back
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <p role="status" className={status?.ok === false ? styles.error : styles.status}>
          {status?.text}
        </p>
      </section>
    </FormModal>
  );
}
