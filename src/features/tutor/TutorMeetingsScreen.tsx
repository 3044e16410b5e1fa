import { type ReactNode, Suspense, useId, useState } from 'react';
import type { MeetingWithPayments } from '../../contract/entities.ts';
import { useMoment } from '../../lib/moment.ts';
import { Button } from '../../ui/Button.tsx';
import { PlusIcon } from '../../ui/action-icons.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { FailureBoundary } from '../../ui/FailureBoundary.tsx';
import { lazyChunk } from '../../ui/lazy-chunk.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { availabilityMeetings, historyMeetings, scheduleMeetings } from './tutor-meetings.ts';
import styles from './tutor.module.css';
import { type MeetingsLoad, useTutorMeetings } from './use-tutor-meetings.ts';

// The form loads when the + button is pressed: the tutor's first screen carries no dialog code.
const AddAvailabilityDialog = lazyChunk(() => import('./AddAvailabilityDialog.tsx').then((m) => ({ default: m.AddAvailabilityDialog })));
// Days off load when their button is pressed too.
const DaysOffDialog = lazyChunk(() => import('./DaysOffDialog.tsx').then((m) => ({ default: m.DaysOffDialog })));

/** Draws one meeting (the island passes the staff meeting card); `onChanged` reloads the list. */
export type RenderMeeting = (item: MeetingWithPayments, onChanged: () => void) => ReactNode;

export interface TutorMeetingsScreenProps {
  /** The route's tutor: 'myself' or an id. */
  tutorId: string;
  renderMeeting: RenderMeeting;
}

export const SCHEDULE_EMPTY = 'You have no booked sessions. Please make sure you have availability listed in the Availability tab';
export const AVAILABILITY_EMPTY = 'Use the + button above to add availability';
export const HISTORY_EMPTY = 'You have no work history, please check back after working some sessions';

/** Long lists (weekly availability runs to the semester's end) show this many at first. */
const PAGE = 100;

interface MeetingListProps {
  load: MeetingsLoad;
  reload: () => void;
  /** The list's meetings of all the tutor's, at the viewer's moment (the server's while hydrating). */
  select: (items: MeetingWithPayments[], nowMs: number) => MeetingWithPayments[];
  empty: string;
  renderMeeting: RenderMeeting;
  label: string;
}

function MeetingList({ load, reload, select, empty, renderMeeting, label }: MeetingListProps) {
  const [shown, setShown] = useState(PAGE);
  const { nowMs } = useMoment();
  if (load.status === 'loading') return <Loader text="Loading your meetings…" />;
  if (load.status === 'error') {
    return <LoadError message={load.message} onRetry={reload} />;
  }
  const items = select(load.items, nowMs);
  if (items.length === 0) return <p className={styles.emptyTitle}>{empty}</p>;
  return (
    <>
      <ul className={styles.list} aria-label={label} aria-busy={load.refreshing || undefined}>
        {items.slice(0, shown).map((item) => (
          <li key={String(item.meeting.id)}>{renderMeeting(item, reload)}</li>
        ))}
      </ul>
      {items.length > shown && (
        <div className={styles.more}>
          <Button variant="secondary" onClick={() => setShown(shown + PAGE)}>
            Show more ({items.length - shown} more)
          </Button>
        </div>
      )}
    </>
  );
}

/** Schedule (spec 2 §2): upcoming booked sessions, earliest first; `extra` shows above them (the calendar feed). */
export function ScheduleScreen({ tutorId, renderMeeting, extra }: TutorMeetingsScreenProps & { extra?: ReactNode }) {
  const [load, reload] = useTutorMeetings(tutorId);
  return (
    <section aria-labelledby="schedule-title">
      <h1 id="schedule-title">Schedule</h1>
      {extra}
      <MeetingList
        load={load}
        reload={reload}
        select={scheduleMeetings}
        empty={SCHEDULE_EMPTY}
        renderMeeting={renderMeeting}
        label="Booked sessions"
      />
    </section>
  );
}

/** Work History (spec 2 §2): past sessions with customers, newest first, each with its summary box. */
export function WorkHistoryScreen({ tutorId, renderMeeting }: TutorMeetingsScreenProps) {
  const [load, reload] = useTutorMeetings(tutorId);
  return (
    <section aria-labelledby="history-title">
      <h1 id="history-title">Work History</h1>
      <MeetingList
        load={load}
        reload={reload}
        select={historyMeetings}
        empty={HISTORY_EMPTY}
        renderMeeting={renderMeeting}
        label="Past sessions"
      />
    </section>
  );
}

/** 'Manage Availability' (spec 2 §2): the + button and the unbooked upcoming availability. */
export function AvailabilityScreen({ tutorId, renderMeeting }: TutorMeetingsScreenProps) {
  const [load, reload] = useTutorMeetings(tutorId);
  const [adding, setAdding] = useState(false);
  const [daysOff, setDaysOff] = useState(false);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <div className={styles.titleRow}>
        <h1 id={titleId}>Manage Availability</h1>
        <Button variant="secondary" thin onClick={() => setDaysOff(true)}>
          Days off
        </Button>
        <button type="button" className={styles.plusButton} aria-label="Add availability" title="Add availability" onClick={() => setAdding(true)}>
          <PlusIcon />
        </button>
      </div>
      <MeetingList
        load={load}
        reload={reload}
        select={availabilityMeetings}
        empty={AVAILABILITY_EMPTY}
        renderMeeting={renderMeeting}
        label="Unbooked availability"
      />
      {adding && (
        <FailureBoundary where="availability dialog">
          <Suspense fallback={null}>
            <AddAvailabilityDialog
              tutorId={tutorId}
              onClose={(created) => {
                setAdding(false);
                if (created) reload();
              }}
            />
          </Suspense>
        </FailureBoundary>
      )}
      {daysOff && (
        <FailureBoundary where="days off dialog">
          <Suspense fallback={null}>
            <DaysOffDialog
              tutorId={tutorId}
              onClose={(changed) => {
                setDaysOff(false);
                if (changed) reload();
              }}
            />
          </Suspense>
        </FailureBoundary>
      )}
    </section>
  );
}
