import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerMeetingsView } from '../../../src/features/tutor/meetings-view-choice.ts';
import { AvailabilityScreen } from '../../../src/features/tutor/TutorMeetingsScreen.tsx';
import { ServerMoment } from '../../../src/lib/moment.ts';
import { never, fakeApi } from '../fake-api.ts';

/**
 * The tutor's list-or-week choice: the server writes the screen in the view its `tutor_view`
 * cookie names (render-dashboard.tsx passes it down), and the browser's first render reads the
 * same cookie, so React's development build, which reports any difference, finds none.
 */
const moment = { nowMs: Date.now(), zone: 'America/New_York' };
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  document.cookie = 'tutor_view=; path=/; max-age=0';
  vi.restoreAllMocks();
});

const screen = <AvailabilityScreen tutorId="myself" renderMeeting={() => null} />;

describe("the tutor's list-or-week choice in the server's page", () => {
  it.each(['week', 'list'] as const)('writes the %s view and hydrates it without a difference', async (view) => {
    const errors = vi.spyOn(console, 'error');
    fakeApi({ 'GET /api/tutors/myself/meetings': never });
    const html = renderToString(
      <ServerMoment value={moment}>
        <ServerMeetingsView value={view}>{screen}</ServerMeetingsView>
      </ServerMoment>,
    );
    expect(html).toMatch(new RegExp(`aria-pressed="true"[^>]*>${view === 'week' ? 'Week' : 'List'}<`));
    expect(html.includes('Previous week')).toBe(view === 'week');
    document.cookie = `tutor_view=${view}; path=/`;
    document.body.innerHTML = `<div id="dashboard">${html}</div>`;
    const container = document.getElementById('dashboard')!;
    await act(async () => {
      root = hydrateRoot(container, <ServerMoment value={moment}>{screen}</ServerMoment>);
    });
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('[aria-pressed="true"]')).toHaveTextContent(view === 'week' ? 'Week' : 'List');
  });
});
