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
  /** The tutor's hours in the period; null while they load. */
  hours: TutorHours | null;
  dashboardPath: string;
  expanded: boolean;
  onToggle: () => void;
  onArchive: () => void;
  details: Omit<TutorDetailsProps, 'tutor'>;
}

/** One tutor of 'Your Team' (spec 2 §2). */
export function TutorCard({ tutor, hours, dashboardPath, expanded, onToggle, onArchive, details }: TutorCardProps) {
  const nameId = useId();
  const detailsId = useId();
  const scheduledId = useId();
  const confirmedId = useId();
  const [photoFailed, setPhotoFailed] = useState(false);
  const archived = tutor.role === 'Archived';
  const differ = hours !== null && hours.scheduled_minutes !== hours.confirmed_minutes;

  return (
    <li className={`${styles.card} ${archived ? styles.archivedCard : ''}`} aria-labelledby={nameId}>
      <div className={styles.cardHead}>
        {/* The photo is shown as is; changing it arrives with the photo upload dialog. */}
        {photoFailed ? (
          <span className={styles.photo} aria-hidden="true">
            {tutor.name.trim().charAt(0)}
          </span>
        ) : (
          <img className={styles.photo} src={`/tutor_images/${tutor.id}.jpg`} alt="" width="56" height="56" onError={() => setPhotoFailed(true)} />
        )}
        <div className={styles.identity}>
          <h2 id={nameId} className={styles.name}>
            {tutor.name}
            {tutor.role === 'Supervisor' && <SupervisorBadge />}
          </h2>
          {archived && <Chip tone="amber">Archived</Chip>}
        </div>
      </div>
      <dl className={`${styles.hours} ${differ ? styles.hoursDiffer : ''}`} aria-busy={hours === null || undefined}>
        <div className={styles.stat} title={SCHEDULED_HELP}>
          <dt>Scheduled</dt>
          <dd aria-describedby={scheduledId}>{hours ? `${formatHours(hours.scheduled_minutes)} h` : '…'}</dd>
          <span id={scheduledId} className="visually-hidden">
            {SCHEDULED_HELP}
          </span>
        </div>
        <div className={styles.stat} title={CONFIRMED_HELP}>
          <dt>Confirmed</dt>
          <dd aria-describedby={confirmedId}>
            {hours ? `${formatHours(hours.confirmed_minutes)} h` : '…'}
            {differ && <span className="visually-hidden"> (differs from scheduled)</span>}
          </dd>
          <span id={confirmedId} className="visually-hidden">
            {CONFIRMED_HELP}
          </span>
        </div>
      </dl>
      <div className={styles.actions}>
        <Button variant="secondary" thin aria-expanded={expanded} aria-controls={detailsId} onClick={onToggle}>
          <span className={`${styles.chevron} ${expanded ? styles.chevronOpen : ''}`}>
            <ChevronIcon />
          </span>
          Expand
        </Button>
        <Button variant={archived ? 'green' : 'red'} thin onClick={onArchive} aria-describedby={nameId}>
          {archived ? 'Unarchive' : 'Archive'}
        </Button>
        <a className={styles.dashboardLink} href={dashboardPath} aria-describedby={nameId}>
          Open Dashboard
        </a>
      </div>
      <div id={detailsId} hidden={!expanded}>
        {expanded && <TutorDetails tutor={tutor} {...details} />}
      </div>
    </li>
  );
}
