import styles from './tutor.module.css';

/**
 * 'Viewing {name}'s dashboard' (issue 24): a supervisor in another tutor's dashboard sees whose it
 * is above every screen, with the way back to the team.
 */
export function ViewingBanner({ tutorName, teamPath }: { tutorName: string; teamPath: string }) {
  return (
    <div className={styles.viewingBanner} role="note" aria-label="Whose dashboard">
      <p>
        Viewing <strong>{tutorName}</strong>&rsquo;s dashboard
      </p>
      <a href={teamPath}>Back to the team</a>
    </div>
  );
}
