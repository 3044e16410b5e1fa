import type { ReactNode } from 'react';
import { getTutorGradebooks } from '../../api/gradebooks.ts';
import type { TutorGradebook } from '../../contract/entities.ts';
import { formatOverall, gradePercent } from '../../lib/grades.ts';
import { Chip } from '../../ui/Chip.tsx';
import { ClaimsSection } from './ClaimsSection.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { useRead } from '../../ui/use-read.ts';
import { shortName } from './tutor-meetings.ts';
import { useScreenTitle } from '../../lib/viewed-tutor.ts';
import styles from './tutor.module.css';

export interface GradebooksScreenProps {
  /** The route's tutor: 'myself' or an id. */
  tutorId: string;
  /** The address of one gradebook's tutor view. */
  gradebookPath: (gradebookId: string) => string;
  /** A supervisor's 'All Gradebooks' (spec 2 §2): every tutor's gradebooks (show-all mode). */
  showAll?: boolean;
}

export const GRADEBOOKS_EMPTY = 'No gradebooks yet';

/** 'Your Gradebooks' or, in show-all mode, 'All Gradebooks' (spec 2 §2): a card per gradebook, from one call. */
export function GradebooksScreen({ tutorId, gradebookPath, showAll = false }: GradebooksScreenProps) {
  const { state: load, reload } = useRead<TutorGradebook[]>(() => getTutorGradebooks(tutorId, showAll), [tutorId, showAll]);

  const title = useScreenTitle('Your Gradebooks', (name) => `${name}’s Gradebooks`);
  let content: ReactNode;
  if (load.status === 'loading') content = <Loader text="Loading gradebooks…" />;
  else if (load.status === 'error') {
    content = <LoadError message={load.message} onRetry={reload} />;
  } else if (load.data.length === 0) {
    content = (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>{GRADEBOOKS_EMPTY}</p>
        <p className={styles.muted}>
          {showAll
            ? 'A gradebook appears here when a student books a session for a course.'
            : 'A gradebook appears here when one of your students books a session for a course.'}
        </p>
      </div>
    );
  } else {
    content = (
      <ul className={styles.gradebooks} aria-label="Gradebooks">
        {load.data.map((gradebook) => {
          const id = String(gradebook.id);
          const nameId = `gradebook-${id}-name`;
          const grade = gradebook.last_grade;
          return (
            <li key={id} className={styles.gradebook}>
              <p className={styles.overall}>
                <span className="visually-hidden">Overall grade </span>
                {formatOverall(gradebook.overall_score)}
              </p>
              <div className={styles.gradebookText}>
                <h2 id={nameId} className={styles.gradebookName}>
                  {shortName(gradebook.customer.firstname, gradebook.customer.lastname)}
                </h2>
                <p className={styles.course}>
                  {gradebook.course.course_name} <span className={styles.muted}>({gradebook.course.course_number})</span>
                </p>
                <p className={styles.lastGrade}>
                  {grade ? (
                    <>
                      Last grade: {grade.name} <strong>{gradePercent(grade)}</strong>
                    </>
                  ) : (
                    <span className={styles.muted}>No grades yet</span>
                  )}
                </p>
                {gradebook.archived && <Chip>Guarantee waived</Chip>}
              </div>
              <a className={styles.viewLink} href={gradebookPath(id)} aria-describedby={nameId}>
                View Gradebook
              </a>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby="gradebooks-title">
      <h1 id="gradebooks-title">{showAll ? 'All Gradebooks' : title}</h1>
      {showAll && <ClaimsSection />}
      {content}
    </section>
  );
}
