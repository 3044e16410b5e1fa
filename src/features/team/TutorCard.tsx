import { useId, useState } from 'react';
import type { Tutor, TutorHours } from '../../contract/entities.ts';
import { Button } from '../../ui/Button.tsx';
import { Chip } from '../../ui/Chip.tsx';
import { ChevronIcon, SupervisorBadge } from './team-icons.tsx';
import { TutorDetails, type TutorDetailsProps } from './TutorDetails.tsx';
import { CONFIRMED_HELP, formatHours, SCHEDULED_HELP } from './team-model.ts';
import styles from './team.module.css';

export interface TutorCardProps {
  tutor: Tutor;
  /** The tutor's hours in the period; null while they load, 'none' when the period is not valid. */
  hours: TutorHours | null | 'none';
  /** The viewer's own card (no Archive: nobody archives themself); null while the session is not known. */
  own: boolean | null;
  /** Onboarding items done of all; undefined while unknown. The card says so until all are done. */
  onboarding?: { done: number; total: number };
  dashboardPath: string;
  expanded: boolean;
  onToggle: () => void;
  onArchive: () => void;
  details: Omit<TutorDetailsProps, 'tutor' | 'own'>;
  /** The photo's address: the versioned one after an upload here, else the plain one. */
  photoUrl?: string;
  /** Opens the photo dialog for this tutor. */
  onChangePhoto: () => void;
}

export const CHANGE_PHOTO = 'Change Photo';

/** One tutor of 'Your Team' (spec 2 §2). */
export function TutorCard({ tutor, hours: given, own, onboarding, dashboardPath, expanded, onToggle, onArchive, details, photoUrl, onChangePhoto }: TutorCardProps) {
  const nameId = useId();
  const detailsId = useId();
  const scheduledId = useId();
  const confirmedId = useId();
  const src = photoUrl ?? `/tutor_images/${tutor.id}.jpg`;
  // The initial stands in for a photo that did not load; a new address tries again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const archived = tutor.role === 'Archived';
  const hours = given === 'none' ? null : given;
  const figure = (minutes: number | undefined) => (given === 'none' ? '—' : minutes === undefined ? '…' : `${formatHours(minutes)} h`);
  const differ = hours !== null && hours.scheduled_minutes !== hours.confirmed_minutes;

  return (
    <li className={`${styles.card} ${archived ? styles.archivedCard : ''}`} aria-labelledby={nameId}>
      <div className={styles.cardHead}>
        <button type="button" className={styles.photoButton} title={CHANGE_PHOTO} aria-label={CHANGE_PHOTO} aria-describedby={nameId} onClick={onChangePhoto}>
          {failedSrc === src ? (
            <span className={styles.photo} aria-hidden="true">
              {tutor.name.trim().charAt(0)}
            </span>
          ) : (
            <img className={styles.photo} src={src} alt="" width="56" height="56" onError={() => setFailedSrc(src)} />
          )}
        </button>
        <div className={styles.identity}>
          <h2 id={nameId} className={styles.name}>
            {tutor.name}
            {tutor.role === 'Supervisor' && <SupervisorBadge />}
          </h2>
          {archived && <Chip tone="amber">Archived</Chip>}
          {onboarding && onboarding.done < onboarding.total && (
            <Chip tone="amber">
              Onboarding {onboarding.done}/{onboarding.total}
            </Chip>
          )}
        </div>
      </div>
      <dl className={`${styles.hours} ${differ ? styles.hoursDiffer : ''}`} aria-busy={given === null || undefined}>
        <div className={styles.stat} title={SCHEDULED_HELP}>
          <dt>Scheduled</dt>
          <dd aria-describedby={scheduledId}>{figure(hours?.scheduled_minutes)}</dd>
        </div>
        <div className={styles.stat} title={CONFIRMED_HELP}>
          <dt>Confirmed</dt>
          <dd aria-describedby={confirmedId}>
            {figure(hours?.confirmed_minutes)}
            {differ && <span className="visually-hidden"> (differs from scheduled)</span>}
          </dd>
        </div>
      </dl>
      {/* What the figures count, read with them (a <dl> may hold only its terms and values). */}
      <span id={scheduledId} className="visually-hidden">
        {SCHEDULED_HELP}
      </span>
      <span id={confirmedId} className="visually-hidden">
        {CONFIRMED_HELP}
      </span>
      <div className={styles.actions}>
        <Button variant="secondary" thin aria-expanded={expanded} aria-controls={detailsId} onClick={onToggle}>
          <span className={`${styles.chevron} ${expanded ? styles.chevronOpen : ''}`}>
            <ChevronIcon />
          </span>
          {expanded ? 'Collapse' : 'Expand'}
        </Button>
        {own === false && (
          <Button variant={archived ? 'green' : 'red'} thin onClick={onArchive} aria-describedby={nameId}>
            {archived ? 'Unarchive' : 'Archive'}
          </Button>
        )}
        <a className={styles.dashboardLink} href={dashboardPath} aria-describedby={nameId}>
          Open Dashboard
        </a>
      </div>
      <div id={detailsId} hidden={!expanded}>
        {expanded && <TutorDetails tutor={tutor} own={own} {...details} />}
      </div>
    </li>
  );
}
