import { useState } from 'react';
import { archiveGradebook } from '../../api/gradebooks.ts';
import type { Id } from '../../contract/entities.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useStepFocus } from '../../ui/use-step-focus.ts';
import styles from './gradebook.module.css';
import { archiveMessage } from './validation.ts';

type Step = 'welcome' | 'guarantee' | 'syllabus' | 'waived';

/**
 * Student gradebook onboarding (spec 2 §2): welcome → keep or waive the guarantee → "You'll need
 * your syllabus" → setup. Waiving is irreversible: it asks first, then archives the gradebook.
 */
export function Onboarding({ gradebookId, courseNumber, onReady, onWaived }: { gradebookId: Id; courseNumber: string; onReady: () => void; onWaived: () => void }) {
  const [step, setStep] = useState<Step>('welcome');
  const [confirming, setConfirming] = useState(false);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Each step replaces the last: focus moves to its heading.
  const stepRef = useStepFocus<HTMLElement>(step);

  if (step === 'welcome') {
    return (
      <section ref={stepRef} className={styles.panel} aria-labelledby="onboarding-title">
        <h2 id="onboarding-title">Welcome to your {courseNumber} gradebook</h2>
        <p>Your gradebook keeps your grades in one place and shows your tutor where to focus, so every session counts.</p>
        <div>
          <Button onClick={() => setStep('guarantee')}>Next</Button>
        </div>
      </section>
    );
  }
  if (step === 'guarantee') {
    return (
      <section ref={stepRef} className={styles.panel} aria-labelledby="onboarding-title">
        <h2 id="onboarding-title">Your pass guarantee</h2>
        <p>
          If you do not pass after at least 12 hours of one-on-one tutoring, we refund you. To keep the guarantee, enter each grade within 7 days of
          receiving it (see the <a href="/terms">terms</a>). If you would rather not track your grades, you can waive the guarantee; this cannot be undone.
        </p>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button onClick={() => setStep('syllabus')}>Keep the Guarantee</Button>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Waive the Guarantee
          </Button>
        </div>
        <Modal
          open={confirming}
          onClose={() => setConfirming(false)}
          dismissible={!working}
          title="Waive the guarantee?"
          primary={{
            label: 'Waive the Guarantee',
            variant: 'red',
            loading: working,
            onClick: async () => {
              setWorking(true);
              const result = await archiveGradebook(gradebookId);
              setWorking(false);
              setConfirming(false);
              if (result.status === 'success') {
                setError(null);
                setStep('waived');
                onWaived();
              } else setError(archiveMessage(result.status === 'failure' ? result.error.type : null));
            },
          }}
          secondary={[{ label: 'Keep the Guarantee', onClick: () => setConfirming(false), disabled: working }]}
        >
          <p>Waiving is permanent: this course will not be covered by the pass guarantee.</p>
        </Modal>
      </section>
    );
  }
  if (step === 'syllabus') {
    return (
      <section ref={stepRef} className={styles.panel} aria-labelledby="onboarding-title">
        <h2 id="onboarding-title">You'll need your syllabus</h2>
        <p>Find the grading section of your {courseNumber} syllabus: the categories (homework, quizzes, exams…), their weights, and any dropped scores.</p>
        <div>
          <Button onClick={onReady}>I'm Ready!</Button>
        </div>
      </section>
    );
  }
  return <GuaranteeWaived />;
}

export function GuaranteeWaived() {
  return (
    <section className={styles.panel} aria-labelledby="waived-title">
      <h2 id="waived-title">Guarantee Waived</h2>
      <p>This course is no longer covered by the pass guarantee. Your sessions are not affected.</p>
      <div>
        <a href="/student/dashboard" className={styles.iconButton} style={{ color: 'inherit', textDecoration: 'none', padding: '0.6rem 1rem' }}>
          View Scheduled Meetings
        </a>
      </div>
    </section>
  );
}
