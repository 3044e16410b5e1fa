import { renderToString } from 'react-dom/server';
import type { FirstAnswers } from '../api/first-answers.ts';
import { pageAt, ServerPage } from '../features/dashboard/router.ts';
import { ServerMeetingsView } from '../features/tutor/meetings-view-choice.ts';
import { type Moment, ServerMoment } from '../lib/moment.ts';
import { ServerFirstAnswers } from '../ui/first-data.ts';
import type { MeetingsView } from '../lib/week-range.ts';
import DashboardIsland, { preloadTutorSide } from './DashboardApp.tsx';

// The tutor side is in a chunk of its own, which the browser loads on a tutor's page only: loaded
// here once, the server writes a tutor's sidebar and screen as it does a student's (the browser
// hydrates them once it has loaded that chunk too).
await preloadTutorSide();
// And the week grid's, which the tutor side loads only when the week view shows: the server writes
// a week that came with the page (the browser hydrates it once it has that chunk too).
await (await import('../features/tutor/TutorMeetingsScreen.tsx')).preloadWeekGrid();

/**
 * The server's half of the dashboards (server/dashboard-shell.ts calls it; `npm run build` bundles
 * it into dist-server/): the first screen of a dashboard address as HTML, rendered from the
 * answers of its first reads. The page then paints the student's sessions before any script has
 * run, and the browser hydrates that HTML (mount-dashboard.tsx) from the same answers and moment.
 *
 * What the first screen does not have yet renders as in the browser's first render: a read that
 * did not come with the page shows its loading state, and chunks loaded on demand their fallback
 * (ChunkSuspense), except the tutor side's, which is loaded here before the first render.
 */
export function renderDashboard({ path, answers, moment, meetingsView = 'list' }: { path: string; answers: FirstAnswers; moment: Moment; meetingsView?: MeetingsView }): string {
  // Everything of this request comes by context (its page, its answers, its moment, the tutor's
  // view): nothing is left in module state for the next request's render.
  return renderToString(
    <ServerPage value={pageAt(path)}>
      <ServerFirstAnswers value={answers}>
        <ServerMoment value={moment}>
          {/* The tutor's list-or-week choice, from the request's cookie (the browser reads the same). */}
          <ServerMeetingsView value={meetingsView}>
            <DashboardIsland />
          </ServerMeetingsView>
        </ServerMoment>
      </ServerFirstAnswers>
    </ServerPage>,
  );
}
