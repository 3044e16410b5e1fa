import { useState } from 'react';
import { getCourses } from '../../api/catalog.ts';
import type { Tutor } from '../../contract/entities.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { useRead } from '../../ui/use-read.ts';
import { TutorCard } from './TutorCard.tsx';
import type { CoursesLoad } from './TutorDetails.tsx';
import { groupCoursesBySchool, type SchoolGroup, visibleTutors } from './team-model.ts';
import type { TeamReads } from './use-team-reads.ts';
import styles from './team.module.css';

export interface TutorCardsPanelProps {
  reads: Pick<TeamReads, 'tutors' | 'hours' | 'onboarding' | 'setOnboarding' | 'reloadTutors'>;
  showArchived: boolean;
  /** The period is not one (From after To): the cards show no figures, since the last range's would mislead. */
  noPeriod: boolean;
  /** The signed-in tutor's id: their own card has no Archive. Null while unknown. */
  viewerId: string | null;
  /** Photos uploaded on this screen, by tutor id (their versioned addresses). */
  photos: Map<string, string>;
  dashboardPath: (tutorId: string) => string;
  tutorSchedulePath?: (tutorId: string) => string;
  onArchive: (tutor: Tutor) => void;
  onChangePhoto: (tutor: Tutor) => void;
}

/** The team's cards, a card per tutor shown (archived ones when asked), or why there are none. */
export function TutorCardsPanel({ reads, showArchived, noPeriod, viewerId, photos, dashboardPath, tutorSchedulePath, onArchive, onChangePhoto }: TutorCardsPanelProps) {
  const { tutors, hours, onboarding } = reads;
  // The courses are read when a first card is opened (its qualifications), not before.
  const [wantCourses, setWantCourses] = useState(false);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
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

  if (tutors.state.status === 'loading') return <Loader text="Loading your team…" />;
  if (tutors.state.status === 'error') return <LoadError message={tutors.state.message} onRetry={reads.reloadTutors} />;
  const all = tutors.state.data;
  const shown = visibleTutors(all, showArchived);
  const hiddenCount = all.length - shown.length;
  return (
    <>
      {hours.state.status === 'error' && <LoadError message={`Hours could not be loaded: ${hours.state.message}`} onRetry={hours.reload} />}
      {shown.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{all.length === 0 ? 'No tutors yet' : 'No active tutors'}</p>
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
                hours={noPeriod ? 'none' : hours.state.status === 'ready' ? (hours.state.data.get(id) ?? { tutor_id: tutor.id, scheduled_minutes: 0, confirmed_minutes: 0 }) : null}
                own={viewerId === null ? null : viewerId === id}
                onboarding={onboarding.get(id)}
                dashboardPath={dashboardPath(id)}
                expanded={expanded.has(id)}
                onToggle={() => toggleExpanded(id)}
                onArchive={() => onArchive(tutor)}
                photoUrl={photos.get(id)}
                onChangePhoto={() => onChangePhoto(tutor)}
                details={{
                  courses,
                  schedulePath: tutorSchedulePath?.(id),
                  onRetryCourses: coursesRead.reload,
                  onOnboardingChanged: reads.setOnboarding,
                  onTutorChanged: (changed) => tutors.update((list) => list.map((x) => (String(x.id) === id ? changed : x))),
                }}
              />
            );
          })}
        </ul>
      )}
    </>
  );
}
