import type { ReactNode } from 'react';
import styles from './Dashboard.module.css';

/** The two-column dashboard layout: a sidebar and the screen. On a phone the sidebar comes first. */
export function DashboardFrame({ sidebar, children }: { sidebar: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.frame}>
      <nav className={styles.sidebar} aria-label="Dashboard">
        {sidebar}
      </nav>
      <main className={styles.main} id="main">
        {children}
      </main>
    </div>
  );
}
