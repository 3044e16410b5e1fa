import { useState } from 'react';
import { archiveTutor, getOnboarding } from '../../api/team.ts';
import type { Onboarding, Tutor } from '../../contract/entities.ts';
import { onboardingItems } from '../../contract/onboarding.ts';
import { Modal } from '../../ui/Modal.tsx';
import { useRead } from '../../ui/use-read.ts';
import { tutorArchiveMessage } from './team-model.ts';
import styles from './team.module.css';

export interface ArchiveTutorDialogProps {
  tutor: Pick<Tutor, 'id' | 'name' | 'role'>;
  /** `changed` is true when the archive or unarchive succeeded (the list then reloads). */
  onClose: (changed: boolean) => void;
  /** The tutor's Schedule, where their booked sessions are re-assigned (linked when they keep the archive from happening). */
  schedulePath?: string;
}

/**
 * 'Confirm archival' / 'Confirm unarchival' (spec 2 §2, §8). An archived tutor is unarchived (as a
 * regular tutor), any other archived. Errors stay inside the dialog.
 */
export function ArchiveTutorDialog({ tutor, onClose, schedulePath }: ArchiveTutorDialogProps) {
  const unarchive = tutor.role === 'Archived';
  const [state, setState] = useState<'confirm' | 'working' | 'done'>('confirm');
  const [error, setError] = useState<string | null>(null);
  // Booked sessions ahead keep the tutor from being archived: the refusal links to where they are re-assigned.
  const [sessionsAhead, setSessionsAhead] = useState(false);
  // Before an unarchiving: what the tutor's onboarding still lacks (undefined while it loads; null if it did not:
  // the unarchiving is then not held up).
  const { state: read } = useRead<Onboarding>(unarchive ? () => getOnboarding(tutor.id) : null, [unarchive, tutor.id]);
  const onboarding = read.status === 'ready' ? read.data : read.status === 'error' ? null : undefined;
  const missing = onboarding ? unarchiveMissing(onboarding) : [];

  async function confirm() {
    if (state !== 'confirm') return;
    setState('working');
    setError(null);
    const result = await archiveTutor(tutor.id, unarchive);
    if (result.status === 'success') return setState('done');
    setState('confirm');
    setError(tutorArchiveMessage(result));
    setSessionsAhead(result.status === 'failure' && result.error.type === 'HasAttachedMeetings');
  }

  if (state === 'done') {
    return (
      <Modal
        open
        onClose={() => onClose(true)}
        title={unarchive ? 'Tutor Succesfully Unarchived' : 'Tutor Succesfully Archived'}
        primary={{ label: 'Close', onClick: () => onClose(true) }}
      >
        <p className={styles.dialogText} role="status">
          {unarchive
            ? `${tutor.name} is a tutor again. Unarchive their qualifications to make them bookable.`
            : `${tutor.name} is archived and can no longer be booked.`}
        </p>
      </Modal>
    );
  }

  const working = state === 'working';
  return (
    <Modal
      open
      onClose={() => !working && onClose(false)}
      dismissible={!working}
      title={unarchive ? 'Confirm unarchival' : 'Confirm archival'}
      primary={{
        label: unarchive ? (missing.length > 0 ? 'Unarchive anyway' : 'Unarchive') : 'Archive',
        onClick: () => void confirm(),
        loading: working,
        // Until it is known whether something is missing, there is nothing to confirm yet.
        disabled: unarchive && onboarding === undefined,
        variant: unarchive ? 'primary' : 'red',
      }}
      secondary={[{ label: 'Nevermind', onClick: () => onClose(false), disabled: working }]}
    >
      <p className={styles.dialogText}>
        {unarchive ? `Unarchive ${tutor.name}? They return as a regular tutor.` : `Archive ${tutor.name}? They will no longer appear to students.`}
      </p>
      {missing.length > 0 && (
        <div className={styles.missing} role="note" aria-label="Not done yet">
          <p className={styles.warning}>Not done yet:</p>
          <ul>
            {missing.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {error && sessionsAhead && schedulePath && (
        <p className={styles.dialogText}>
          <a href={schedulePath}>Open {tutor.name}’s Schedule to re-assign them</a>
        </p>
      )}
    </Modal>
  );
}

/** What an unarchiving would skip: the photo (the home page would show initials) and unticked onboarding items. */
export function unarchiveMissing(onboarding: Onboarding): string[] {
  const lines: string[] = [];
  if (!onboarding.has_photo) lines.push('No photo: the home page will show their initials');
  for (const { key, label } of onboardingItems) if (!onboarding.items.find((i) => i.item === key)?.done) lines.push(label);
  return lines;
}
