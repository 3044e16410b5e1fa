import { type ReactNode, useId, useState } from 'react';
import { getCourses, getTutors } from '../../api/catalog.ts';
import type { ApiResult } from '../../api/http.ts';
import { getTeamHours, getTeamOnboarding } from '../../api/team.ts';
import type { OnboardingProgress, Tutor, TutorHours } from '../../contract/entities.ts';
import { onboardingItems } from '../../contract/onboarding.ts';
import { PlusIcon } from '../../ui/action-icons.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { DateRangeFields } from '../../ui/DateRangeFields.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { useAddressSearch } from '../../ui/use-address-search.ts';
import { useRead } from '../../ui/use-read.ts';
import { useMoment } from '../../lib/moment.ts';
import { ArchiveTutorDialog } from './ArchiveTutorDialog.tsx';
import { CreateTutorDialog, TutorChecklistDialog } from './CreateTutorDialog.tsx';
import { PhotoDialog } from './PhotoDialog.tsx';
import { TutorCard } from './TutorCard.tsx';
import type { CoursesLoad } from './TutorDetails.tsx';
import { CONFIRMED_HELP, groupCoursesBySchool, rangeEpochs, SCHEDULED_HELP, type SchoolGroup, teamViewFromSearch, teamViewSearch, visibleTutors } from './team-model.ts';
import { useViewerId } from './use-viewer.ts';
import styles from './team.module.css';

export interface TeamScreenProps {
  /** The route's tutor: the team view belongs to a supervisor viewing 'myself'. */
  tutorId: string;
  /** The address of a tutor's dashboard (their work history). */
  dashboardPath: (tutorId: string) => string;
  /** The viewer's own schedule, where a tutor without the supervisor role is sent. */
  schedulePath: string;
  /** The supervisor's own team view (when this route names another tutor). */
  ownTeamPath: string;
  /** A tutor's Schedule, where their booked sessions are re-assigned (the archive refusals that name them link there). */
  tutorSchedulePath?: (tutorId: string) => string;
}


const NOT_SUPERVISOR = 'The team view is for supervisors only.';
const NO_PROGRESS = new Map<string, OnboardingProgress>();

/** 'Your Team' (spec 2 §2, §6): a card per tutor with the hours of the chosen period. */
export function TeamScreen({ tutorId, dashboardPath, schedulePath, ownTeamPath, tutorSchedulePath }: TeamScreenProps) {
  const archivedId = useId();
  // The dates and 'Show Archived' live in the address too: a reload, or Back from a tutor's dashboard, keeps them.
  // The default period is the viewer's moment's (the server's while the page hydrates), not the machine's clock.
  const { nowMs } = useMoment();
  const [initial] = useState(() => teamViewFromSearch(typeof window === 'undefined' ? '' : window.location.search, new Date(nowMs)));
  const [range, setRange] = useState(initial.range);
  const [showArchived, setShowArchived] = useState(initial.showArchived);
  const viewerId = useViewerId();
  useAddressSearch(teamViewSearch({ range, showArchived }));
  // The courses are read when a first card is opened (its qualifications), not before.
  const [wantCourses, setWantCourses] = useState(false);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Tutor | null>(null);
  const [archiving, setArchiving] = useState<Tutor | null>(null);
  const [photoOf, setPhotoOf] = useState<Tutor | null>(null);
  // Photos uploaded here, by tutor id: their versioned addresses show the new photo at once.
  const [photos, setPhotos] = useState<Map<string, string>>(() => new Map());
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const own = tutorId === 'myself';
  const epochs = rangeEpochs(range.from, range.to);

  const { state: tutors, reload: reloadTutorList, update: updateTutors } = useRead<Tutor[]>(own ? () => getTutors() as Promise<ApiResult<Tutor[]>> : null, [own]);
  // Each tutor's onboarding progress, for the cards' 'Onboarding 3/6'; a card's checklist updates it.
  // Without it the cards only lack the chip: a failure here says nothing more.
  const progress = useRead<Map<string, OnboardingProgress>>(
    own ? () => getTeamOnboarding().then((result) => (result.status === 'success' ? { ...result, data: new Map(result.data.map((p) => [String(p.tutor_id), p])) } : result)) : null,
    [own],
  );
  const onboarding = progress.state.status === 'ready' ? progress.state.data : NO_PROGRESS;
  const reloadTutors = () => {
    reloadTutorList();
    progress.reload();
  };

  const from = epochs?.from;
  const to = epochs?.to;
  // Another range: the cards keep the last figures until its own come; a range that is not one reads nothing.
  const { state: hours, reload: reloadHours } = useRead<Map<string, TutorHours>>(
    own && from !== undefined && to !== undefined
      ? () => getTeamHours(from, to).then((result) => (result.status === 'success' ? { ...result, data: new Map(result.data.map((h) => [String(h.tutor_id), h])) } : result))
      : null,
    [own, from, to],
    { keep: true },
  );

  const coursesRead = useRead<SchoolGroup[]>(
    wantCourses ? () => getCourses().then((result) => (result.status === 'success' ? { ...result, data: groupCoursesBySchool(result.data) } : result)) : null,
    [wantCourses],
  );
  const courses: CoursesLoad = coursesRead.state.status === 'ready' ? { status: 'ready', groups: coursesRead.state.data } : coursesRead.state;

  function toggleExpanded(id: string) {
    setWantCourses(true);
    setExpanded((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  if (!own) {
    return (
      <section aria-labelledby="team-title">
        <h1 id="team-title">Your Team</h1>
        <p className={styles.notice}>
          The team view belongs to your own dashboard. <a href={ownTeamPath}>Open your team view</a>
        </p>
      </section>
    );
  }

  if ((tutors.status === 'error' && tutors.denied) || (hours.status === 'error' && hours.denied)) {
    return (
      <section aria-labelledby="team-title">
        <h1 id="team-title">Your Team</h1>
        <p className={styles.notice} role="alert">
          {NOT_SUPERVISOR} <a href={schedulePath}>Go to your schedule</a>
        </p>
      </section>
    );
  }

  let content: ReactNode;
  if (tutors.status === 'loading') content = <Loader text="Loading your team…" />;
  else if (tutors.status === 'error') {
    content = <LoadError message={tutors.message} onRetry={reloadTutors} />;
  } else {
    const shown = visibleTutors(tutors.data, showArchived);
    const hiddenCount = tutors.data.length - shown.length;
    content = (
      <>
        {hours.status === 'error' && (
          <LoadError message={`Hours could not be loaded: ${hours.message}`} onRetry={reloadHours} />
        )}
        {shown.length === 0 ? (
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>{tutors.data.length === 0 ? 'No tutors yet' : 'No active tutors'}</p>
            <p className={styles.muted}>
              {hiddenCount > 0 ? `${hiddenCount} archived tutor${hiddenCount === 1 ? ' is' : 's are'} hidden: check Show Archived to see them.` : 'Use the + button to create a tutor.'}
            </p>
          </div>
        ) : (
          <ul className={styles.cards} aria-label="Tutors">
            {shown.map((tutor) => {
              const id = String(tutor.id);
              return (
                <TutorCard
                  key={id}
                  tutor={tutor}
                  // No figures for a range that is not one (From after To): the last range's would mislead.
                  hours={epochs === null ? 'none' : hours.status === 'ready' ? (hours.data.get(id) ?? { tutor_id: tutor.id, scheduled_minutes: 0, confirmed_minutes: 0 }) : null}
                  own={viewerId === null ? null : viewerId === id}
                  onboarding={onboarding.get(id)}
                  dashboardPath={dashboardPath(id)}
                  expanded={expanded.has(id)}
                  onToggle={() => toggleExpanded(id)}
                  onArchive={() => setArchiving(tutor)}
                  photoUrl={photos.get(id)}
                  onChangePhoto={() => setPhotoOf(tutor)}
                  details={{
                    courses,
                    schedulePath: tutorSchedulePath?.(id),
                    onRetryCourses: coursesRead.reload,
                    onOnboardingChanged: (tutorId, done, hasPhoto) =>
                      progress.update((map) => new Map(map).set(tutorId, { tutor_id: Number(tutorId), done, total: onboardingItems.length, has_photo: hasPhoto })),
                    onTutorChanged: (changed) =>
                      updateTutors((list) => list.map((x) => (String(x.id) === id ? changed : x))),
                  }}
                />
              );
            })}
          </ul>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="team-title" className={styles.screen}>
      <div className={styles.titleRow}>
        <h1 id="team-title">Your Team</h1>
        <button
          type="button"
          className={styles.plusButton}
          aria-label="Create a Tutor"
          title="Create a Tutor"
          onClick={() => {
            setShowArchived(true);
            setCreating(true);
          }}
        >
          <PlusIcon />
        </button>
      </div>
      <div className={styles.controls}>
        <fieldset className={styles.range}>
          <legend className={styles.label}>View summary by time period</legend>
          <DateRangeFields from={range.from} to={range.to} onChange={(field, value) => setRange((r) => ({ ...r, [field]: value }))} invalid={epochs === null} bounded />
          {epochs === null && (
            <p className={styles.error} role="alert">
              Please pick a From date on or before the To date.
            </p>
          )}
        </fieldset>
        <div className={styles.checkbox}>
          <input id={archivedId} type="checkbox" checked={showArchived} onChange={(event) => setShowArchived(event.target.checked)} />
          <label htmlFor={archivedId}>Show Archived</label>
        </div>
      </div>
      <p className={styles.legend}>
        {SCHEDULED_HELP} {CONFIRMED_HELP}
      </p>
      {content}
      {creating && (
        <CreateTutorDialog
          onClose={(tutor) => {
            setCreating(false);
            if (tutor) {
              setCreated(tutor);
              updateTutors((list) => (list.some((x) => String(x.id) === String(tutor.id)) ? list : [...list, tutor]));
            }
          }}
        />
      )}
      {created && (
        <TutorChecklistDialog
          tutor={created}
          onNext={() => {
            setCreated(null);
            setPhotoOf(created);
            reloadTutors();
          }}
          onClose={() => {
            setCreated(null);
            reloadTutors();
          }}
        />
      )}
      {photoOf && (
        <PhotoDialog
          tutorId={photoOf.id}
          tutorName={photoOf.name}
          onUploaded={(url) => setPhotos((map) => new Map(map).set(String(photoOf.id), url))}
          onClose={() => setPhotoOf(null)}
        />
      )}
      {archiving && (
        <ArchiveTutorDialog
          tutor={archiving}
          schedulePath={tutorSchedulePath?.(String(archiving.id))}
          onClose={(changed) => {
            setArchiving(null);
            if (changed) {
              reloadTutors();
              reloadHours();
            }
          }}
        />
      )}
    </section>
  );
}
