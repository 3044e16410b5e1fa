import { type ReactNode, useEffect, useState } from 'react';
import { CHECK_AUTH, checkAuth } from '../../api/auth.ts';
import { getTutor, tutorPath } from '../../api/catalog.ts';
import { firstData as pageData, forgetFirstAnswer } from '../../api/first-answers.ts';
import { useFirstData } from '../../ui/first-data.ts';
import type { AuthData, PublicTutor } from '../../contract/entities.ts';
import { BackIcon } from '../../ui/action-icons.tsx';
import { SidebarButton } from '../../ui/SidebarButton.tsx';
import { firstName, isAuthFailure } from './tutor-meetings.ts';
import { signInAgain } from '../../lib/sign-in-again.ts';
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
  // What came with the page shows at once (and as the server rendered it); the rest is fetched.
  const firstData = useFirstData();
  const [viewer, setViewer] = useState<NonNullable<AuthData['tutor']> | null>(() => firstData<AuthData>(CHECK_AUTH)?.tutor ?? null);
  const [tutor, setTutor] = useState<PublicTutor | null>(() => firstData<PublicTutor | null>(tutorPath(tutorId)) ?? null);
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);
  // The initial stands in for a photo that did not load; a new address tries again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);

  // Kept from the first render: the cards' ensureAuth may take the page's answer before this effect runs.
  const [firstViewer] = useState(() => firstData<AuthData>(CHECK_AUTH));

  useEffect(() => {
    let current = true;
    const seeViewer = (auth: AuthData) => (auth.user_type === 'tutor' ? setViewer(auth.tutor ?? null) : home());
    const seeTutor = (found: PublicTutor | null) => (found === null ? home() : setTutor(found));
    // The page's answers were shown by the first render; the viewer's stays for the cards' ensureAuth to take.
    const pageViewer = firstViewer;
    // An effect runs in the browser only: the page's own answers.
    const pageTutor = pageData<PublicTutor | null>(tutorPath(tutorId));
    if (pageViewer) seeViewer(pageViewer);
    else {
      void checkAuth().then((result) => {
        if (!current) return;
        if (result.status === 'success') seeViewer(result.data);
        else if (result.status === 'failure' && result.error.type === 'NoAuth') signInAgain();
        else if (result.status === 'failure' && isAuthFailure(result.error.type)) home();
      });
    }
    if (pageTutor !== undefined) {
      forgetFirstAnswer(tutorPath(tutorId));
      seeTutor(pageTutor);
    } else {
      void getTutor(tutorId).then((result) => {
        if (!current) return;
        if (result.status === 'success') seeTutor(result.data);
        else if (result.status === 'failure' && isAuthFailure(result.error.type)) home();
      });
    }
    return () => {
      current = false;
    };
  }, [tutorId, firstViewer]);

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
