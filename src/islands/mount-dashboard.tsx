import { createRoot, hydrateRoot } from 'react-dom/client';
import { adoptServerMoment, type Moment, ServerMoment } from '../lib/moment.ts';
import DashboardIsland from './DashboardApp.tsx';

/**
 * Starts the dashboards in the app shell's #dashboard as this module loads: the shell's own script
 * imports it once the page has painted (src/pages/app-shell.astro), rather than an Astro island
 * (whose component and renderer would be two more scripts to fetch; decision 011).
 *
 * When the server wrote the first screen into the page (render-dashboard.tsx), it is hydrated with
 * the server's moment (the page's `#first-moment` data block), so the browser's first render matches it; times then move
 * to the browser's zone and clock. A part drawn by a chunk that has not loaded yet (the tutor
 * side) keeps the server's HTML until it has, and is hydrated then; a click on it meanwhile is
 * replayed once it is. Otherwise (`npm run dev`, or a server render that failed) the
 * browser renders it.
 */
function mountDashboard(container: HTMLElement): void {
  rememberZone();
  // Written by server/dashboard-shell.ts with the render.
  const moment = document.getElementById('first-moment')?.textContent;
  if (!moment) {
    createRoot(container).render(<DashboardIsland />);
    return;
  }
  const serverMoment = JSON.parse(moment) as Moment;
  adoptServerMoment(serverMoment);
  hydrateRoot(
    container,
    <ServerMoment value={serverMoment}>
      <DashboardIsland />
    </ServerMoment>,
  );
}

/**
 * The browser's zone, for the server to write the next dashboard page's times in (a year; no
 * secret). IANA names need no encoding in a cookie; the server checks the name.
 */
function rememberZone(): void {
  document.cookie = `tz=${Intl.DateTimeFormat().resolvedOptions().timeZone}; path=/; max-age=31536000; samesite=lax`;
}

mountDashboard(document.getElementById('dashboard')!);
