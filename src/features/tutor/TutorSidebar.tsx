import { type ReactNode, useEffect, useState } from 'react';
import { CHECK_AUTH, checkAuth } from '../../api/auth.ts';
import { getTutor, tutorPath } from '../../api/catalog.ts';
import { useRead } from '../../ui/use-read.ts';
import type { AuthData, PublicTutor } from '../../contract/entities.ts';
import { BackIcon } from '../../ui/action-icons.tsx';
import { SidebarButton } from '../../ui/SidebarButton.tsx';
import { firstName } from './tutor-meetings.ts';
import styles from './tutor.module.css';

export interface TutorSidebarPaths {
  schedule: string;
  availability: string;
  history: string;
  /** My Hours: hours and pay for a pay period. */
  hours: string;
  gradebooks: string;
  allGradebooks: string;
  supervisor: string;
  allSummaries: string;
  /** Courses & Prices, the supervisor's catalog. */
  catalog: string;
  /** Payroll, the supervisor's pay periods. */
  payroll: string;
  /** Reports: a period's money, hours, courses and customers, with charts. */
  reports: string;
  /** Embed: the booking widget's snippet and the sites allowed to embed it. */
  embed: string;
  /** The supervisor's own team view, where Back leads from another tutor's dashboard. */
  back: string;
}

export interface TutorSidebarProps {
  /** The route's tutor: 'myself' or an id. */
  tutorId: string;
  /** The current route's name. */
  route: string;
  paths: TutorSidebarPaths;
  /**
   * The photo upload dialog (the island passes the team feature's), for the tutor being viewed; it
   * reports the new photo's address. Without it the profile card is not a control.
   */
  photoDialog?: (props: PhotoDialogRenderProps) => ReactNode;
}

export interface PhotoDialogRenderProps {
  /** The viewed tutor: their id, or 'myself' until it is known. */
  tutorId: string;
  tutorName?: string;
  onUploaded: (url: string) => void;
  onClose: () => void;
}

export const CHANGE_PHOTO = 'Change Photo';

const home = () => window.location.assign('/');

/**
 * The tutor sidebar (spec 2 §2): a profile card, Schedule, Availability, Work History and Gradebooks;
 * a supervisor viewing 'myself' also gets All Gradebooks, Team View, Payroll, Reports, Summaries, Courses & Prices and Embed
 * (the catalog, docs/contract-extensions.md), and one viewing
 * another tutor a Back link. Visitors, customers and unknown tutors are sent home.
 */
export function TutorSidebar({ tutorId, route, paths, photoDialog }: TutorSidebarProps) {
  // What came with the page shows at once (and as the server rendered it); the rest is read (another
  // tutor's card stays until theirs arrives). A signed-out visitor signs in again; an account that
  // may not see the tutor, a customer's and an unknown tutor go home (useRead's one rule, with home
  // as the place for the denied). Any other failure leaves the card empty: the screen says what
  // went wrong. The session check stays in the page for the cards' ensureAuth (the page asks once), and
  // the tutor for the screen's banner (useDashboardTutor), which may hydrate after the sidebar.
  const viewerRead = useRead<AuthData>(checkAuth, [], { firstPath: CHECK_AUTH, shared: true, onDenied: home });
  const tutorRead = useRead<PublicTutor | null>(() => getTutor(tutorId), [tutorId], { firstPath: tutorPath(tutorId), shared: true, keep: true, onDenied: home });
  const auth = viewerRead.state.status === 'ready' ? viewerRead.state.data : null;
  const found = tutorRead.state.status === 'ready' ? tutorRead.state.data : undefined;
  const viewer = auth?.tutor ?? null;
  const tutor = found ?? null;
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);
  // The initial stands in for a photo that did not load; a new address tries again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);

  const elsewhere = (auth !== null && auth.user_type !== 'tutor') || found === null;
  useEffect(() => {
    if (elsewhere) home();
  }, [elsewhere]);

  const supervisor = viewer?.role === 'Supervisor';
  const viewingOther = tutorId !== 'myself' && viewer !== null && String(viewer.id) !== tutorId;
  const src = tutor ? (photoUrl ?? `/tutor_images/${tutor.id}.jpg`) : null;
  const card = (
    <>
      {src && failedSrc !== src ? (
        <img className={styles.profilePhoto} src={src} alt="" width="48" height="48" onError={() => setFailedSrc(src)} />
      ) : (
        <span className={styles.profilePhoto} aria-hidden="true">
          {tutor ? firstName(tutor.name).charAt(0) : ''}
        </span>
      )}
      <span className={styles.profileText}>
        <strong className={styles.profileName}>{tutor ? firstName(tutor.name) : ''}</strong>
        <span className={styles.profileRole}>{tutor?.role ?? ''}</span>
      </span>
    </>
  );
  const selection = route === 'tutorHome' ? 'tutorSchedule' : route === 'tutorGradebook' ? 'tutorGradebooks' : route;

  return (
    <>
      {supervisor && viewingOther && <SidebarButton name="back" selection={selection} label="Back" icon={<BackIcon />} href={paths.back} />}
      <div className={styles.profile} aria-busy={tutor === null || undefined}>
        {photoDialog ? (
          <button type="button" className={styles.profileButton} title={CHANGE_PHOTO} onClick={() => setChanging(true)}>
            {/* Named by what it does, then by what it shows (the visible text stays in the name). */}
            <span className="visually-hidden">{CHANGE_PHOTO}: </span>
            {card}
          </button>
        ) : (
          card
        )}
      </div>
      {changing &&
        photoDialog?.({
          tutorId: tutor ? String(tutor.id) : tutorId,
          tutorName: tutor?.name,
          onUploaded: setPhotoUrl,
          onClose: () => setChanging(false),
        })}
      <SidebarButton name="tutorSchedule" selection={selection} label="Schedule" href={paths.schedule} />
      <SidebarButton name="tutorAvailability" selection={selection} label="Availability" href={paths.availability} />
      <SidebarButton name="tutorHistory" selection={selection} label="Work History" href={paths.history} />
      <SidebarButton name="tutorHours" selection={selection} label={viewingOther ? 'Hours' : 'My Hours'} href={paths.hours} />
      <SidebarButton name="tutorGradebooks" selection={selection} label="Gradebooks" href={paths.gradebooks} />
      {supervisor && tutorId === 'myself' && (
        <>
          <SidebarButton name="tutorAllGradebooks" selection={selection} label="All Gradebooks" href={paths.allGradebooks} />
          <SidebarButton name="tutorSupervisor" selection={selection} label="Team View" href={paths.supervisor} />
          <SidebarButton name="tutorPayroll" selection={selection} label="Payroll" href={paths.payroll} />
          <SidebarButton name="tutorReports" selection={selection} label="Reports" href={paths.reports} />
          <SidebarButton name="tutorAllSummaries" selection={selection} label="Summaries" href={paths.allSummaries} />
          <SidebarButton name="tutorCatalog" selection={selection} label="Courses & Prices" href={paths.catalog} />
          <SidebarButton name="tutorEmbed" selection={selection} label="Embed" href={paths.embed} />
        </>
      )}
    </>
  );
}
