import { useEffect, useState } from 'react';
import { getMyGradebooks } from '../../api/customers.ts';
import type { Gradebook, Id } from '../../contract/entities.ts';
import { weightsAreComplete } from '../../lib/grades.ts';
import { Button } from '../../ui/Button.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { AddGradeForm } from './AddGradeForm.tsx';
import styles from './gradebook.module.css';
import { GradeList } from './GradeList.tsx';
import { GradeSummary } from './GradeSummary.tsx';
import { GuaranteeWaived, Onboarding } from './Onboarding.tsx';
import { SetupPanel } from './SetupPanel.tsx';
import { useGradebookData } from './use-gradebook.ts';

type Mode = 'auto' | 'onboarding' | 'setup' | 'grades' | 'waived';

/** The student's gradebook screen (spec 2 §2): onboarding, setup, or summary with grades. */
export function StudentGradebookScreen({ gradebookId }: { gradebookId: Id }) {
  // undefined while loading, null when there is no such gradebook, 'error' when it could not be loaded
  const [gradebook, setGradebook] = useState<Gradebook | null | 'error' | undefined>(undefined);
  const [data, reload] = useGradebookData(gradebookId);
  const [mode, setMode] = useState<Mode>('auto');

  useEffect(() => {
    void getMyGradebooks().then((result) => {
      if (result.status === 'success') setGradebook(result.data.find((g) => String(g.id) === String(gradebookId)) ?? null);
      else if (result.status === 'failure' && (result.error.type === 'Unauthorized' || result.error.type === 'NoAuth')) window.location.assign('/');
      else setGradebook('error');
    });
  }, [gradebookId]);

  if (gradebook === undefined || data.status === 'loading') return <Loader text="Loading your gradebook…" />;
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
  const title = <h1>{gradebook.course.course_number} Gradebook</h1>;
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
  const current: Mode = mode !== 'auto' ? mode : empty && !gradebook.archived ? 'onboarding' : weightsAreComplete(data.categories) ? 'grades' : 'setup';
  return (
    <div className={styles.screen}>
      {title}
      {current === 'onboarding' && (
        <Onboarding gradebookId={gradebook.id} courseNumber={gradebook.course.course_number} onReady={() => setMode('setup')} onWaived={() => setMode('waived')} />
      )}
      {current === 'waived' && <GuaranteeWaived />}
      {current === 'setup' && <SetupPanel gradebookId={gradebook.id} categories={data.categories} onChanged={reload} onDone={() => setMode('grades')} />}
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
