import styles from './tutor.module.css';
import { useDashboardTutor } from './use-dashboard-tutor.ts';

/**
 * 'Viewing {name}'s dashboard' (issue 24): a supervisor in another tutor's dashboard sees whose it
 * is above every screen, with the way back to the team. Nothing for a tutor's own dashboard.
 */
export function ViewingBanner({ tutorId, teamPath }: { tutorId: string; teamPath: string }) {
  const { tutor, viewingOther } = useDashboardTutor(tutorId);
  if (!viewingOther || !tutor) return null;
  return (
    <div className={styles.viewingBanner} role="note" aria-label="Whose dashboard">
      <p>
        Viewing <strong>{tutor.name}</strong>&rsquo;s dashboard
      </p>
      <a href={teamPath}>Back to the team</a>
    </div>
  );
}
