import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CalendarFeed, FEED_NEEDS_LOGIN, FEED_OFF_TEXT, FEED_PRIVATE_NOTE, feedOnText } from '../../../src/features/sessions/CalendarFeed.tsx';
import { CALENDAR_FEED_BUTTON, CalendarFeedPanel } from '../../../src/islands/calendar-feed.tsx';
import { failure, fakeApi, never, success } from '../fake-api.ts';

const FEED_URL = 'http://localhost:4321/api/calendar-feed/Abc_def-0123456789abcdefghijklmnopqrstuvwxyzAB.ics';
const created = Date.UTC(2026, 10, 2, 12) / 1000;

describe('CalendarFeed', () => {
  it('shows a loading state, then the offer when the feed is off', async () => {
    let answer: (value: ReturnType<typeof success>) => void = () => {};
    fakeApi({ 'GET /api/calendar-feed': () => new Promise((resolve) => (answer = resolve)) });
    render(<CalendarFeed />);
    expect(screen.getByRole('heading', { name: 'Calendar feed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your calendar feed…');
    answer(success({ active: false, created_epoch: null }));
    expect(await screen.findByText(FEED_OFF_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get calendar link' })).toBeInTheDocument();
  });

  it('off → Get calendar link shows the new address once, with Copy and the privacy note', async () => {
    const user = userEvent.setup();
    const seen = fakeApi({
      'GET /api/calendar-feed': () => success({ active: false, created_epoch: null }),
      'POST /api/calendar-feed': () => ({ status: 201, body: { status: 'success', data: { active: true, url: FEED_URL } } }),
    });
    render(<CalendarFeed />);
    await user.click(await screen.findByRole('button', { name: 'Get calendar link' }));

    const field = await screen.findByRole('textbox', { name: 'Your calendar link' });
    expect(field).toHaveValue(FEED_URL);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(FEED_PRIVATE_NOTE);
    expect(screen.getByText(FEED_PRIVATE_NOTE)).toBeInTheDocument();
    expect(screen.queryByText(FEED_OFF_TEXT)).not.toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/calendar-feed']);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(FEED_URL);
    expect(screen.getByText('Copied.')).toBeInTheDocument();
  });

  it('selects the address for the user when the clipboard refuses', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/calendar-feed': () => success({ active: false, created_epoch: null }),
      'POST /api/calendar-feed': () => success({ active: true, url: FEED_URL }),
    });
    render(<CalendarFeed />);
    await user.click(await screen.findByRole('button', { name: 'Get calendar link' }));
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Your calendar link' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Not allowed'));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(/The link is selected: press Ctrl\+C/)).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, FEED_URL.length]);
  });

  it('on → says since when, and Make a new link shows the new address', async () => {
    const user = userEvent.setup();
    const seen = fakeApi({
      'GET /api/calendar-feed': () => success({ active: true, created_epoch: created }),
      'POST /api/calendar-feed': () => success({ active: true, url: FEED_URL }),
    });
    render(<CalendarFeed />);
    expect(await screen.findByText(feedOnText(created))).toBeInTheDocument();
    // Noon in UTC-12…UTC+11 alike: the same day wherever the test runs.
    expect(feedOnText(created)).toBe('Your calendar feed is on (made Monday, November 2, 2026).');
    await user.click(screen.getByRole('button', { name: 'Make a new link' }));
    expect(await screen.findByRole('textbox', { name: 'Your calendar link' })).toHaveValue(FEED_URL);
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/calendar-feed', 'POST /api/calendar-feed']);
  });

  it('on → Turn off deletes the feed and offers a new one', async () => {
    const user = userEvent.setup();
    const seen = fakeApi({
      'GET /api/calendar-feed': () => success({ active: true, created_epoch: created }),
      'DELETE /api/calendar-feed': () => success({ active: false, created_epoch: null }),
    });
    render(<CalendarFeed />);
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(FEED_OFF_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get calendar link' })).toBeInTheDocument();
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/calendar-feed', 'DELETE /api/calendar-feed']);
  });

  it('keeps the state and says why when a change fails', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/calendar-feed': () => success({ active: true, created_epoch: created }),
      'DELETE /api/calendar-feed': () => 'network-error',
      'POST /api/calendar-feed': () => failure('DBError', 500),
    });
    render(<CalendarFeed />);
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't contact server. Try again later.");
    expect(screen.getByText(feedOnText(created))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make a new link' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on our side'));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows the error with Try again when the feed does not load, and loads again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    fakeApi({
      'GET /api/calendar-feed': () => (++calls === 1 ? failure('DBError', 500) : success({ active: false, created_epoch: null })),
    });
    render(<CalendarFeed />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(FEED_OFF_TEXT)).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('tells an account not yet proven (the booking form’s session) how to get a link', async () => {
    fakeApi({ 'GET /api/calendar-feed': () => failure('NotAuthorized', 403), 'POST /api/calendar-feed': never });
    render(<CalendarFeed />);
    expect(await screen.findByText(FEED_NEEDS_LOGIN)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get calendar link' })).not.toBeInTheDocument();
  });
});

describe('CalendarFeedPanel', () => {
  it('is a button above the list that loads the panel only when pressed, and hides it again', async () => {
    const user = userEvent.setup();
    const seen = fakeApi({ 'GET /api/calendar-feed': () => success({ active: false, created_epoch: null }) });
    render(<CalendarFeedPanel />);
    const toggle = screen.getByRole('button', { name: CALENDAR_FEED_BUTTON });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(FEED_OFF_TEXT)).not.toBeInTheDocument();
    expect(seen).toHaveLength(0);

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText(FEED_OFF_TEXT)).toBeInTheDocument();
    expect(seen.map((r) => r.path)).toEqual(['/api/calendar-feed']);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(FEED_OFF_TEXT)).not.toBeInTheDocument();
  });
});
