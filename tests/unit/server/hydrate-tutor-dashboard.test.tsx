import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import type { FirstAnswers } from '../../../src/api/first-answers.ts';
import { renderDashboard } from '../../../src/islands/render-dashboard.tsx';
import { listPageSpan, spanQuery, weekAt } from '../../../src/lib/week-range.ts';
import { item, meeting, openSlot } from '../tutor/fixtures.ts';

/**
 * The browser's modules, apart from the server's render that this process ran (which loaded the
 * tutor side for its own render): the browser's chunks start unloaded, as on a page.
 */
async function browserModules() {
  vi.resetModules();
  // The page starts now (its clock counts from its start; this process started earlier).
  const now = performance.now.bind(performance);
  const start = now();
  vi.spyOn(performance, 'now').mockImplementation(() => now() - start);
  const [app, router, moment, api] = await Promise.all([
    import('../../../src/islands/DashboardApp.tsx'),
    import('../../../src/features/dashboard/router.ts'),
    import('../../../src/lib/moment.ts'),
    import('../fake-api.ts'),
  ]);
  return { DashboardIsland: app.default, $router: router.$router, ...moment, fakeApi: api.fakeApi };
}

/**
 * The server's HTML of the tutor's first screen (its sidebar and screen come from the tutor side's
 * chunk), hydrated by the browser once that chunk has loaded, with React's development build,
 * which reports every difference as a console error. (A file of its own: the page's answers are
 * read once per page, as in a browser.)
 */
const jordan = { id: 2, name: 'Jordan Alvarez', role: 'Tutor', background: '', email: 'jordan@beacontutoring.com', phone: '2065550102' };
// The browser's zone and a moment just taken: the browser takes it as its own.
const moment = { nowMs: Date.now(), zone: Intl.DateTimeFormat().resolvedOptions().timeZone };
const answers: FirstAnswers = {
  '/api/checkauth': [200, { status: 'success', data: { user_type: 'tutor', tutor: { id: 2, name: 'Jordan Alvarez', role: 'Tutor' } } }],
  '/api/tutors/myself': [200, { status: 'success', data: jordan }],
  // The list's first page, as the server reads it for the page (server/dashboard-shell.ts).
  [`/api/tutors/myself/meetings${spanQuery(listPageSpan(weekAt(moment.nowMs, moment.zone), 0, moment.zone))}`]: [200, { status: 'success', data: [item(meeting(8)), item(meeting(8 + 7 * 24)), item(openSlot(30), [])] }],
};

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

it("hydrates the tutor's Schedule as the server wrote it once the tutor side has loaded: no mismatch, no read asked again, the same cards", async () => {
  const errors = vi.spyOn(console, 'error');
  const html = renderDashboard({ path: '/tutors/myself/dashboard/schedule', answers, moment });
  expect(html).not.toContain('Loading');
  const { DashboardIsland, $router, adoptServerMoment, ServerMoment, fakeApi } = await browserModules();
  const seen = fakeApi({});
  document.body.innerHTML = `<script type="application/json" id="first-reads">${JSON.stringify(answers)}</script><div id="dashboard">${html}</div>`;
  window.history.replaceState(null, '', '/tutors/myself/dashboard/schedule');
  $router.open('/tutors/myself/dashboard/schedule');
  const container = document.getElementById('dashboard')!;
  const serverCards = [...container.querySelectorAll('article')];
  expect(serverCards).toHaveLength(2);

  adoptServerMoment(moment);
  await act(async () => {
    root = hydrateRoot(
      container,
      <ServerMoment value={moment}>
        <DashboardIsland />
      </ServerMoment>,
    );
  });
  // Until the tutor side has loaded, the server's HTML stays as it is; then React takes it over.
  const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
  await act(() => vi.waitFor(() => expect(hydrated(serverCards[0]!)).toBe(true)));
  expect(errors).not.toHaveBeenCalled();
  // The same elements: taken over, not drawn anew.
  const cards = [...container.querySelectorAll('article')];
  expect(cards).toHaveLength(serverCards.length);
  cards.forEach((card, i) => expect(card).toBe(serverCards[i]));
  expect(container).toHaveTextContent('Jordan');
  expect(container.querySelector('h1')).toHaveTextContent('Schedule');
  expect(seen).toEqual([]);
});
