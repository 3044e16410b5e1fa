import type { ReactNode } from 'react';
import styles from './Dashboard.module.css';

/**
 * The two-column dashboard layout: a sidebar and the screen. On a phone the sidebar comes first.
 * 'Skip to content' (global.css's .skip-link, shown on focus) is the first stop of Tab and moves
 * focus past the sidebar into the screen. It focuses the screen itself rather than following
 * #main, which the dashboard's router would take for a route and keep in the address.
 */
export function DashboardFrame({ sidebar, children }: { sidebar: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.frame}>
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <nav className={styles.sidebar} aria-label="Dashboard">
        {sidebar}
      </nav>
      <main className={styles.main} id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
