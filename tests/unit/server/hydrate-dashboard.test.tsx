import { act } from '@testing-library/react';
import { cleanStores } from 'nanostores';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FirstAnswers } from '../../../src/api/first-answers.ts';
import { $router } from '../../../src/features/dashboard/router.ts';
import { ServerMoment } from '../../../src/lib/moment.ts';
import DashboardIsland from '../../../src/islands/DashboardApp.tsx';
import { renderDashboard } from '../../../src/islands/render-dashboard.tsx';
import { fakeApi } from '../fake-api.ts';
import { alex, HOUR, meeting, payment } from '../tutor/fixtures.ts';

/**
 * The server's HTML of the student's first screen, hydrated by the browser's first render with
 * React's development build, which reports every difference (text, elements and attributes) as a
 * console error: the two must match exactly.
 */
const moment = { nowMs: Date.now(), zone: 'America/New_York' };
const soon = meeting(0, { occurrence_epoch: Math.floor(Date.now() / 1000) + 8 * HOUR, course_style: 'in-person' });
const later = meeting(0, { occurrence_epoch: Math.floor(Date.now() / 1000) + 80 * HOUR });
const answers: FirstAnswers = {
  '/api/customers/myself': [200, { status: 'success', data: { ...alex, credits: 2 } }],
  '/api/customers/myself/gradebooks': [200, { status: 'success', data: [{ id: 4, course: { course_number: 'CS 121', course_name: 'Intro to Programming I' } }] }],
  '/api/customers/myself/payments': [200, { status: 'success', data: [payment(soon), payment(later, { subscription: { id: 9 } })] }],
};

let root: Root | undefined;
beforeEach(() => {
  // As in every browser the dashboards support (jsdom has none): nothing is near until seen.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page as the server sends it, hydrated at `path`. */
async function hydratePage(path: string) {
  const html = renderDashboard({ path, answers, moment });
  // The browser's router starts afresh: the server's render ran in this same test process.
  cleanStores($router);
  document.body.innerHTML = `<script type="application/json" id="first-reads">${JSON.stringify(answers)}</script><div id="dashboard">${html}</div>`;
  window.history.replaceState(null, '', path);
  const container = document.getElementById('dashboard')!;
  await act(async () => {
    root = hydrateRoot(
      container,
      <ServerMoment value={moment}>
        <DashboardIsland />
      </ServerMoment>,
    );
  });
  return container;
}

describe("the browser's hydration of the server's dashboard", () => {
  it('matches the server to the attribute and shows the answers without fetching them; screens mounted again fetch anew', async () => {
    const errors = vi.spyOn(console, 'error');
    const success = (data: unknown) => () => ({ body: { status: 'success', data } });
    const seen = fakeApi({
      'GET /api/customers/myself': success(alex),
      'GET /api/customers/myself/gradebooks': success([]),
      'GET /api/customers/myself/payments': success([]),
    });
    const container = await hydratePage('/student/dashboard');
    expect(errors).not.toHaveBeenCalled();
    expect(container).toHaveTextContent('Hi, Alex');
    expect(container.querySelectorAll('article')).toHaveLength(2);
    expect(seen).toEqual([]);

    // The page's answers served the first screen only: the screens mounted again ask anew.
    act(() => root!.unmount());
    root = createRoot(container);
    await act(async () => root!.render(<DashboardIsland />));
    await vi.waitFor(() => expect(seen.map((r) => r.path).sort()).toEqual(['/api/customers/myself', '/api/customers/myself/gradebooks', '/api/customers/myself/payments']));
    expect(container).toHaveTextContent('Book a session to get started');
  });
});
