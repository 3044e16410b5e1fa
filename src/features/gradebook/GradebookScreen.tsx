import { useState } from 'react';
import { getMyGradebooks } from '../../api/customers.ts';
import { getTutorGradebooks } from '../../api/gradebooks.ts';
import type { Gradebook, Id } from '../../contract/entities.ts';
import { weightsAreComplete } from '../../lib/grades.ts';
import { Button } from '../../ui/Button.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { type Read, useRead } from '../../ui/use-read.ts';
import { useStepFocus } from '../../ui/use-step-focus.ts';
import { AddGradeForm } from './AddGradeForm.tsx';
import styles from './gradebook.module.css';
import { GradeList } from './GradeList.tsx';
import { GradeSummary } from './GradeSummary.tsx';
import { GuaranteeLine } from './GuaranteeLine.tsx';
import { GuaranteeWaived, Onboarding } from './Onboarding.tsx';
import { SetupPanel } from './SetupPanel.tsx';
import { type GradebookData, useGradebookData } from './use-gradebook.ts';

type Mode = 'auto' | 'onboarding' | 'setup' | 'grades' | 'waived';
type Viewer = 'student' | 'tutor';
/** The gradebook looked up in a list: null when there is no such gradebook. */
type Lookup = Read<Gradebook | null>;

const findIn = (list: Gradebook[], gradebookId: Id) => list.find((g) => String(g.id) === String(gradebookId)) ?? null;

/**
 * The student's gradebook screen (spec 2 §2): onboarding, setup, or summary with grades. Refusals
 * follow useRead's one rule (docs/decisions/019-one-read-hook.md): signed out, sign in and come
 * back; another account, told so.
 */
export function StudentGradebookScreen({ gradebookId }: { gradebookId: Id }) {
  const lookup = useRead<Gradebook | null>(
    async () => {
      const result = await getMyGradebooks();
      return result.status === 'success' ? { status: 'success', data: findIn(result.data, gradebookId) } : result;
    },
    [gradebookId],
  );
  const [data, reload] = useGradebookData(gradebookId);
  return <GradebookView viewer="student" lookup={lookup} data={data} reload={reload} />;
}

/**
 * The tutor view of one gradebook (spec 2 §2): no onboarding, setup choices as for tutors. The
 * gradebook is looked up in the tutor's list, then (a supervisor's all-gradebooks link) in all of
 * them; a refusal of the second list reads as no such gradebook.
 */
export function TutorGradebookScreen({ tutorId, gradebookId }: { tutorId: string; gradebookId: Id }) {
  const lookup = useRead<Gradebook | null>(
    async () => {
      const own = await getTutorGradebooks(tutorId, false);
      if (own.status !== 'success') return own;
      const found = findIn(own.data, gradebookId);
      if (found) return { status: 'success', data: found };
      const all = await getTutorGradebooks(tutorId, true);
      return { status: 'success', data: all.status === 'success' ? findIn(all.data, gradebookId) : null };
    },
    [tutorId, gradebookId],
  );
  const [data, reload] = useGradebookData(gradebookId);
  return <GradebookView viewer="tutor" lookup={lookup} data={data} reload={reload} />;
}

function GradebookView({ viewer, lookup, data, reload }: { viewer: Viewer; lookup: Lookup; data: GradebookData; reload: () => void }) {
  const [mode, setMode] = useState<Mode>('auto');
  // Onboarding, setup and grades replace each other when the student moves on: focus moves to the
  // new part's first heading (the title above them stays an h1).
  const stepRef = useStepFocus<HTMLDivElement>(mode);

  const found = lookup.state;
  if (found.status === 'loading' || data.status === 'loading')
    return <Loader text={viewer === 'student' ? 'Loading your gradebook…' : 'Loading the gradebook…'} />;
  if (found.status === 'error') {
    return (
      <>
        <h1>Gradebook</h1>
        <LoadError message={found.message} onRetry={lookup.reload} />
      </>
    );
  }
  const gradebook = found.data;
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
      {current !== 'onboarding' && <GuaranteeLine gradebookId={gradebook.id} gradesSeen={data.grades.length} student={viewer === 'student'} />}
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
