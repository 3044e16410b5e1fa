import { createRoot, hydrateRoot } from 'react-dom/client';
import { type Moment, ServerMoment } from '../lib/moment.ts';
import DashboardIsland from './DashboardApp.tsx';

/**
 * Starts the dashboards in `container`, from the app shell's own module script rather than an
 * Astro island: an island's component and renderer are two more scripts to fetch before anything
 * shows, and the shell's first screen waits only for this script and what it imports (decision 011).
 *
 * When the server wrote the first screen into the page (render-dashboard.tsx), it is hydrated with
 * the server's moment (`data-moment`), so the browser's first render matches it; times then move
 * to the browser's zone and clock. Otherwise (`npm run dev`, or a server render that failed) the
 * browser renders it.
 */
export function mountDashboard(container: HTMLElement): void {
  rememberZone();
  const moment = serverMoment(container);
  if (!moment) {
    createRoot(container).render(<DashboardIsland />);
    return;
  }
  hydrateRoot(
    container,
    <ServerMoment value={moment}>
      <DashboardIsland />
    </ServerMoment>,
  );
}

function serverMoment(container: HTMLElement): Moment | undefined {
  try {
    const moment = JSON.parse(container.dataset.moment ?? 'null') as Moment | null;
    return moment && typeof moment.nowMs === 'number' && typeof moment.zone === 'string' ? moment : undefined;
  } catch {
    return undefined;
  }
}

/** The browser's zone, for the server to write the next dashboard page's times in (a year; no secret). */
function rememberZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
}
