import styles from './Dashboard.module.css';

/** An address inside the dashboards that no screen answers. */
export function NotFound() {
  return (
    <main className={styles.notFound} id="main">
      <h1>Page not found</h1>
      <p>There is nothing at this address. Check the link, or go back to your dashboard.</p>
      <p className={styles.notFoundLinks}>
        <a href="/student/dashboard">Student dashboard</a>
        <a href="/tutors/myself/dashboard">Tutor dashboard</a>
        <a href="/" target="_self">
          Home page
        </a>
      </p>
    </main>
  );
}
