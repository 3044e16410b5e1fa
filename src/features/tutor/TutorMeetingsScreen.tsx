import { type ReactNode, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { MeetingWithPayments } from '../../contract/entities.ts';
import { Button } from '../../ui/Button.tsx';
import { ChunkSuspense } from '../../ui/ChunkSuspense.tsx';
import { PlusIcon } from '../../ui/action-icons.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { FailureBoundary } from '../../ui/FailureBoundary.tsx';
import { lazyChunk } from '../../ui/lazy-chunk.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { useMoment } from '../../lib/moment.ts';
import { site } from '../../config/site.ts';
import { addDays, daysBetween } from '../../lib/site-days.ts';
import { LIST_PAGE_WEEKS, listPageSpan, type MeetingsView, midnightIn, shiftWeek, type Week, weekAt, weekTitle } from '../../lib/week-range.ts';
import { type Fresh, useFreshHour } from './fresh-hour.ts';
import { useMeetingsView } from './meetings-view-choice.ts';
import { availabilityMeetings, historyMeetings, scheduleMeetings } from './tutor-meetings.ts';
import styles from './tutor.module.css';
import { useScreenTitle } from '../../lib/viewed-tutor.ts';
import type { RenderMeeting } from './render-meeting.ts';
import { type MeetingsLoad, useTutorMeetings } from './use-tutor-meetings.ts';

// The form loads when the + button is pressed: the tutor's first screen carries no dialog code.
const AddAvailabilityDialog = lazyChunk(() => import('./AddAvailabilityDialog.tsx').then((m) => ({ default: m.AddAvailabilityDialog })));
// The week's grid (with its layout) loads when the week view is shown (the list is the default):
// its chrome and loading state are in the first load, so the page the server wrote does not change shape.
const WeekGrid = lazyChunk(() => import('./WeekGrid.tsx').then((m) => ({ default: m.WeekGrid })));
/** Loads the week grid's code: the server's render does, once, so it writes a week the page brought. */
export const preloadWeekGrid = () => WeekGrid.preload();
// Days off load when their button is pressed too.
const DaysOffDialog = lazyChunk(() => import('./DaysOffDialog.tsx').then((m) => ({ default: m.DaysOffDialog })));

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
  /** The list's meetings, at the viewer's moment (the server's while the page is hydrated, so both agree). */
  select: (items: MeetingWithPayments[], nowMs: number) => MeetingWithPayments[];
  empty: string;
  renderMeeting: RenderMeeting;
  label: string;
  /** A new hour's start: its card is brought into view and marked for a moment. */
  fresh?: Fresh;
  /** Reads the list's next weeks; absent once the pages reach the semester's end. */
  more?: () => void;
  /** Reads all the weeks left to the semester's end at once. */
  rest?: () => void;
}

function MeetingList({ load, reload, select, empty, renderMeeting, label, fresh, more, rest }: MeetingListProps) {
  const [shown, setShown] = useState(PAGE);
  const listRef = useRef<HTMLUListElement>(null);
  const { nowMs } = useMoment();
  const items = load.status === 'ready' ? select(load.items, nowMs) : [];
  const freshAt = fresh ? items.findIndex((item) => item.meeting.occurrence_epoch === fresh.epoch) : -1;
  // A new hour past the cards shown yet shows the cards up to it.
  if (freshAt >= shown) setShown(freshAt + 1);
  useFreshHour(listRef, fresh, freshAt >= 0 && freshAt < shown);
  // Pages with nothing to show read the rest of the semester at once, so an empty list says so only
  // when nothing is left: not while those pages (or a reload) are on their way either.
  const emptySoFar = load.status === 'ready' && items.length === 0;
  const readRest = emptySoFar && !load.refreshing && rest !== undefined;
  useEffect(() => {
    if (readRest) rest?.();
  }, [readRest, rest]);
  if (load.status === 'loading' || (emptySoFar && (load.refreshing || rest !== undefined))) return <Loader text="Loading your meetings…" />;
  if (load.status === 'error') {
    return <LoadError message={load.message} onRetry={reload} />;
  }
  if (items.length === 0) return <p className={styles.emptyTitle}>{empty}</p>;
  return (
    <>
      <ul ref={listRef} className={styles.list} aria-label={label} aria-busy={load.refreshing || undefined}>
        {items.slice(0, shown).map((item) => (
          <li key={String(item.meeting.id)} data-epoch={item.meeting.occurrence_epoch} className={styles.listItem}>
            {renderMeeting(item, reload)}
          </li>
        ))}
      </ul>
      {items.length > shown && (
        <div className={styles.more}>
          <Button variant="secondary" onClick={() => setShown(shown + PAGE)}>
            Show more ({items.length - shown} more)
          </Button>
        </div>
      )}
      {items.length <= shown && more && (
        <div className={styles.more}>
          <Button variant="secondary" loading={load.refreshing} onClick={more}>
            Show later weeks
          </Button>
        </div>
      )}
    </>
  );
}

/** The list or the week: two pressed-or-not buttons, the choice remembered for both screens. */
function ViewToggle({ view, onChange }: { view: MeetingsView; onChange: (view: MeetingsView) => void }) {
  return (
    <div role="group" aria-label="View" className={styles.viewToggle}>
      {(['list', 'week'] as const).map((choice) => (
        <button key={choice} type="button" aria-pressed={view === choice} onClick={() => onChange(choice)}>
          {choice === 'list' ? 'List' : 'Week'}
        </button>
      ))}
    </div>
  );
}

/**
 * Which week the view shows, counted from this one: the week itself follows the moment, so the
 * page the server wrote (in the zone of the `tz` cookie) and the browser's own agree on "this week".
 */
function useShownWeek(): { current: Week; week: Week; zone: string; offset: number; setOffset: (offset: number) => void; weekOf: (epoch: number) => number } {
  const moment = useMoment();
  const [offset, setOffset] = useState(0);
  const current = weekAt(moment.nowMs, moment.zone);
  const week = offset === 0 ? current : shiftWeek(current, offset, moment.zone);
  const weekOf = (epoch: number) => Math.round((daysBetween(current.monday, weekAt(epoch * 1000, moment.zone).monday) - 1) / 7);
  return { current, week, zone: moment.zone, offset, setOffset, weekOf };
}

interface WeekPanelProps {
  shown: ReturnType<typeof useShownWeek>;
  load: MeetingsLoad;
  reload: () => void;
  renderMeeting: RenderMeeting;
  fresh?: Fresh;
}

/** The week view: Previous week, Today, Next week and the week's range, then the week's hours (drawn by the grid's code, loaded on demand). */
function WeekPanel({ shown, load, reload, renderMeeting, fresh }: WeekPanelProps) {
  const { week, zone, offset, setOffset } = shown;
  const { nowMs } = useMoment();
  const gridRef = useRef<HTMLDivElement>(null);
  // The week's read holds the new hour once it is this week's.
  useFreshHour(gridRef, fresh, fresh !== undefined && load.status === 'ready' && load.items.some((i) => i.meeting.occurrence_epoch === fresh.epoch));
  const loading = <Loader text="Loading your week…" />;
  return (
    <div className={styles.week}>
      <div className={styles.weekNav}>
        <h2 aria-live="polite">{weekTitle(week)}</h2>
        <Button variant="secondary" thin onClick={() => setOffset(offset - 1)}>
          Previous week
        </Button>
        {/* Never disabled: a keyboard user who pressed it keeps the focus on it. */}
        <Button variant="secondary" thin onClick={() => setOffset(0)}>
          Today
        </Button>
        <Button variant="secondary" thin onClick={() => setOffset(offset + 1)}>
          Next week
        </Button>
      </div>
      {load.status === 'error' ? (
        <LoadError message={load.message} onRetry={reload} />
      ) : load.status === 'loading' ? (
        loading
      ) : (
        // The server writes the grid when the page brought the week (its render has the grid's
        // code, preloadWeekGrid): the browser keeps that HTML until its own copy of the code has
        // loaded, then hydrates it (ChunkSuspense serverWritten), so nothing differs or moves.
        <FailureBoundary where="week view">
          <ChunkSuspense fallback={loading} serverWritten>
            <WeekGrid week={week} zone={zone} nowMs={nowMs} items={load.items} refreshing={load.refreshing} reload={reload} renderMeeting={renderMeeting} gridRef={gridRef} />
          </ChunkSuspense>
        </FailureBoundary>
      )}
    </div>
  );
}

/** The first moment after the semester's last reading day: the list's pages stop there. */
const semesterOver = () => midnightIn(addDays(site.semesterLastReadingDay, 1), site.timeZone);

/**
 * The tutor's meetings as a list or a week, each from its own reads: the week's span, or the list's
 * pages of LIST_PAGE_WEEKS weeks from this week's Monday (the first is the server's first read).
 */
function useViewedMeetings(tutorId: string) {
  const [view, setView] = useMeetingsView();
  const shown = useShownWeek();
  const [pages, setPages] = useState(1);
  const spans = Array.from({ length: pages }, (_, index) => listPageSpan(shown.current, index, shown.zone));
  const [load, reload] = useTutorMeetings(tutorId, view === 'week' ? shown.week : spans);
  // The index of the page that holds the semester's last moment: the list reads no further.
  const lastPage = Math.max(0, Math.floor(shown.weekOf(semesterOver() - 1) / LIST_PAGE_WEEKS));
  const nextPage = useCallback(() => setPages((count) => count + 1), []);
  const more = view === 'list' && pages <= lastPage ? nextPage : undefined;
  /** Reads every page left at once (in parallel): the list has nothing to show yet. */
  const rest = useCallback(() => setPages((count) => Math.max(count, lastPage + 1)), [lastPage]);
  /** Shows the page that holds an hour (a new one), and the pages before it. */
  const showPageOf = (epoch: number) => setPages((count) => Math.max(count, Math.floor(shown.weekOf(epoch) / LIST_PAGE_WEEKS) + 1));
  return { view, setView, shown, load, reload, more, rest: more && rest, showPageOf };
}

type ViewedMeetings = ReturnType<typeof useViewedMeetings>;
/** What a list view shows of the meetings read, and how it is named. */
type ListOf = Pick<MeetingListProps, 'select' | 'empty' | 'label'>;

const SCHEDULE_LIST: ListOf = { select: scheduleMeetings, empty: SCHEDULE_EMPTY, label: 'Booked sessions' };
const AVAILABILITY_LIST: ListOf = { select: availabilityMeetings, empty: AVAILABILITY_EMPTY, label: 'Unbooked availability' };

/** The Schedule's and Availability's body: the week shown, or the screen's list read page by page. */
function ViewedMeetingsBody({ viewed, list, renderMeeting, fresh }: { viewed: ViewedMeetings; list: ListOf; renderMeeting: RenderMeeting; fresh?: Fresh }) {
  const { view, shown, load, reload, more, rest } = viewed;
  return view === 'week' ? (
    <WeekPanel shown={shown} load={load} reload={reload} renderMeeting={renderMeeting} fresh={fresh} />
  ) : (
    <MeetingList load={load} reload={reload} {...list} renderMeeting={renderMeeting} fresh={fresh} more={more} rest={rest} />
  );
}

/** Schedule (spec 2 §2): upcoming booked sessions, earliest first (or the week); `extra` shows above them (the calendar feed). */
export function ScheduleScreen({ tutorId, renderMeeting, extra }: TutorMeetingsScreenProps & { extra?: ReactNode }) {
  const viewed = useViewedMeetings(tutorId);
  const { view, setView } = viewed;
  const scheduleTitle = useScreenTitle('Schedule');
  return (
    <section aria-labelledby="schedule-title">
      <div className={styles.titleRow}>
        <h1 id="schedule-title">{scheduleTitle}</h1>
        <ViewToggle view={view} onChange={setView} />
      </div>
      {extra}
      <ViewedMeetingsBody viewed={viewed} list={SCHEDULE_LIST} renderMeeting={renderMeeting} />
    </section>
  );
}

/** Work History (spec 2 §2): past sessions with customers, newest first, each with its summary box. */
export function WorkHistoryScreen({ tutorId, renderMeeting }: TutorMeetingsScreenProps) {
  const [load, reload] = useTutorMeetings(tutorId);
  const historyTitle = useScreenTitle('Work History');
  return (
    <section aria-labelledby="history-title">
      <h1 id="history-title">{historyTitle}</h1>
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

/** 'Manage Availability' (spec 2 §2): the + button and the unbooked upcoming availability (or the week, booked hours too). */
export function AvailabilityScreen({ tutorId, renderMeeting }: TutorMeetingsScreenProps) {
  const viewed = useViewedMeetings(tutorId);
  const { view, setView, shown, reload, showPageOf } = viewed;
  const availabilityTitle = useScreenTitle('Manage Availability', (name) => `Manage ${name}’s Availability`);
  const [adding, setAdding] = useState(false);
  const [daysOff, setDaysOff] = useState(false);
  const [freshEpoch, setFreshEpoch] = useState<number | null>(null);
  const titleId = useId();
  const fresh: Fresh | undefined = freshEpoch === null ? undefined : { epoch: freshEpoch, shown: () => setFreshEpoch(null) };
  return (
    <section aria-labelledby={titleId}>
      <div className={styles.titleRow}>
        <h1 id={titleId}>{availabilityTitle}</h1>
        <ViewToggle view={view} onChange={setView} />
        <Button variant="secondary" thin onClick={() => setDaysOff(true)}>
          Days off
        </Button>
        <button type="button" className={styles.plusButton} aria-label="Add availability" title="Add availability" onClick={() => setAdding(true)}>
          <PlusIcon />
        </button>
      </div>
      <ViewedMeetingsBody viewed={viewed} list={AVAILABILITY_LIST} renderMeeting={renderMeeting} fresh={fresh} />
      {adding && (
        <FailureBoundary where="availability dialog">
          <Suspense fallback={null}>
            <AddAvailabilityDialog
              tutorId={tutorId}
              onClose={(created) => {
                setAdding(false);
                if (created === false) return;
                // The new hour is shown where it is: the week view moves to its week, the list reads up to it.
                setFreshEpoch(created);
                shown.setOffset(shown.weekOf(created));
                showPageOf(created);
                reload();
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
