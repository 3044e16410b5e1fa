import { useEffect, useState } from 'react';
import { getMyGradebooks } from '../../api/customers.ts';
import { getTutorGradebooks } from '../../api/gradebooks.ts';
import type { ApiResult } from '../../api/http.ts';
import type { Gradebook, Id } from '../../contract/entities.ts';
import { weightsAreComplete } from '../../lib/grades.ts';
import { Button } from '../../ui/Button.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { useStepFocus } from '../../ui/use-step-focus.ts';
import { AddGradeForm } from './AddGradeForm.tsx';
import styles from './gradebook.module.css';
import { GradeList } from './GradeList.tsx';
import { GradeSummary } from './GradeSummary.tsx';
import { GuaranteeWaived, Onboarding } from './Onboarding.tsx';
import { SetupPanel } from './SetupPanel.tsx';
import { type GradebookData, useGradebookData } from './use-gradebook.ts';

type Mode = 'auto' | 'onboarding' | 'setup' | 'grades' | 'waived';
type Viewer = 'student' | 'tutor';
/** undefined while loading, null when there is no such gradebook, 'error' when it could not be loaded. */
type Lookup = Gradebook | null | 'error' | undefined;

const isAuthFailure = (result: ApiResult<unknown>) =>
  result.status === 'failure' && (result.error.type === 'Unauthorized' || result.error.type === 'NotAuthorized' || result.error.type === 'NoAuth');

/** The student's gradebook screen (spec 2 §2): onboarding, setup, or summary with grades. */
export function StudentGradebookScreen({ gradebookId }: { gradebookId: Id }) {
  const [gradebook, setGradebook] = useState<Lookup>(undefined);
  const [data, reload] = useGradebookData(gradebookId);

  useEffect(() => {
    void getMyGradebooks().then((result) => {
      if (result.status === 'success') setGradebook(result.data.find((g) => String(g.id) === String(gradebookId)) ?? null);
      else if (isAuthFailure(result)) window.location.assign('/');
      else setGradebook('error');
    });
  }, [gradebookId]);

  return <GradebookView viewer="student" gradebook={gradebook} data={data} reload={reload} />;
}

/**
 * The tutor view of one gradebook (spec 2 §2): no onboarding, setup choices as for tutors. The
 * gradebook is looked up in the tutor's list, then (a supervisor's all-gradebooks link) in all of them.
 */
export function TutorGradebookScreen({ tutorId, gradebookId }: { tutorId: string; gradebookId: Id }) {
  const [gradebook, setGradebook] = useState<Lookup>(undefined);
  const [data, reload] = useGradebookData(gradebookId);

  useEffect(() => {
    let current = true;
    const find = (list: Gradebook[]) => list.find((g) => String(g.id) === String(gradebookId)) ?? null;
    void (async () => {
      const own = await getTutorGradebooks(tutorId, false);
      if (!current) return;
      if (own.status !== 'success') {
        if (isAuthFailure(own)) return window.location.assign('/');
        return setGradebook('error');
      }
      const found = find(own.data);
      if (found) return setGradebook(found);
      const all = await getTutorGradebooks(tutorId, true);
      if (!current) return;
      setGradebook(all.status === 'success' ? find(all.data) : null);
    })();
    return () => {
      current = false;
    };
  }, [tutorId, gradebookId]);

  return <GradebookView viewer="tutor" gradebook={gradebook} data={data} reload={reload} />;
}

function GradebookView({ viewer, gradebook, data, reload }: { viewer: Viewer; gradebook: Lookup; data: GradebookData; reload: () => void }) {
  const [mode, setMode] = useState<Mode>('auto');
  // Onboarding, setup and grades replace each other when the student moves on: focus moves to the
  // new part's first heading (the title above them stays an h1).
  const stepRef = useStepFocus<HTMLDivElement>(mode);

  if (gradebook === undefined || data.status === 'loading')
    return <Loader text={viewer === 'student' ? 'Loading your gradebook…' : 'Loading the gradebook…'} />;
  if (gradebook === 'error') {
    return (
      <>
        <h1>Gradebook</h1>
        <div className={styles.alert} role="alert">
          Error loading data
        </div>
      </>
    );
  }
  if (gradebook === null) {
    return (
      <>
        <h1>Gradebook</h1>
        <p className={styles.alert} role="alert">
          This gradebook no longer exists. Please refresh and try agian
        </p>
      </>
    );
  }
  const title = (
    <>
      <h1>{gradebook.course.course_number} Gradebook</h1>
      {viewer === 'tutor' && (
        <p className={styles.subtitle}>
          {gradebook.customer.firstname} {gradebook.customer.lastname.charAt(0)}. · {gradebook.course.course_name}
        </p>
      )}
    </>
  );
  if (data.status === 'error') {
    return (
      <>
        {title}
        <div className={styles.alert} role="alert">
          Error loading data
        </div>
        <Button variant="secondary" onClick={reload}>
          Try again
        </Button>
      </>
    );
  }

  const empty = data.categories.length === 0;
  // Grades show once setup is done: categories whose weights add up (a half-finished setup resumes).
  // Students start with onboarding; the tutor view never shows it.
  const setupDone = weightsAreComplete(data.categories);
  const current: Mode = mode !== 'auto' ? mode : viewer === 'student' && empty && !gradebook.archived ? 'onboarding' : setupDone ? 'grades' : 'setup';
  return (
    <div ref={stepRef} className={styles.screen}>
      {viewer === 'tutor' ? <div>{title}</div> : title}
      {current === 'onboarding' && (
        <Onboarding
          gradebookId={gradebook.id}
          courseNumber={gradebook.course.course_number}
          onReady={() => setMode('setup')}
          onWaived={() => setMode('waived')}
        />
      )}
      {current === 'waived' && <GuaranteeWaived />}
      {current === 'setup' && (
        <SetupPanel viewer={viewer} gradebookId={gradebook.id} categories={data.categories} onChanged={reload} onDone={() => setMode('grades')} />
      )}
      {current === 'grades' && (
        <>
          <GradeSummary categories={data.categories} grades={data.grades} />
          <AddGradeForm gradebookId={gradebook.id} categories={data.categories} gradesLoaded onAdded={reload} />
          <GradeList gradebookId={gradebook.id} categories={data.categories} grades={data.grades} onChanged={reload} />
          <div>
            <Button variant="secondary" thin onClick={() => setMode('setup')}>
              Edit categories
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
