import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeetingWithPayments } from '../../../src/contract/entities.ts';
import { AvailabilityScreen, ScheduleScreen } from '../../../src/features/tutor/TutorMeetingsScreen.tsx';
import { EMPTY_WEEK } from '../../../src/features/tutor/WeekGrid.tsx';
import { listPageSpan, shiftWeek, weekAt } from '../../../src/lib/week-range.ts';
import { fakeApi, success } from '../fake-api.ts';
import { HOUR, item, meeting, openSlot, payment } from './fixtures.ts';

/** The week view of Schedule and Availability, driven through the screens with the API's edge replaced. */

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const renderCard = (i: MeetingWithPayments) => <article>card of meeting {String(i.meeting.id)}</article>;

afterEach(() => {
  document.cookie = 'tutor_view=; path=/; max-age=0';
  vi.restoreAllMocks();
});

/** Meetings answered by span: those the span holds (as the server does). */
function calendar(items: MeetingWithPayments[]) {
  return fakeApi({
    'GET /api/tutors/myself/meetings': (request) => {
      const { from, to } = request.query;
      if (from === undefined || to === undefined) return success(items);
      return success(items.filter((i) => i.meeting.occurrence_epoch >= Number(from) && i.meeting.occurrence_epoch < Number(to)));
    },
  });
}

describe('the week view', () => {
  it('is chosen with the toggle, remembered, and reads only the week shown', async () => {
    const week = weekAt(Date.now(), zone);
    // Mid-week at noon, so the hours fall inside this week and the next whatever today is.
    const noon = week.from + 3 * 24 * HOUR + 12 * HOUR;
    const weeklyOpen = item(openSlot(0, { occurrence_epoch: noon, slot: { id: 5 } }), []);
    const bookedOne = item(meeting(0, { occurrence_epoch: noon + HOUR }));
    bookedOne.payments = [payment(bookedOne.meeting)];
    const nextWeek = item(openSlot(0, { occurrence_epoch: noon + 7 * 24 * HOUR }), []);
    const seen = calendar([weeklyOpen, bookedOne, nextWeek]);
    render(<AvailabilityScreen tutorId="myself" renderMeeting={renderCard} />);
    await screen.findByRole('list', { name: 'Unbooked availability' });
    // The list reads its first page: eight weeks from this week's Monday.
    expect(seen.map((r) => r.query)).toEqual([{ from: String(week.from), to: String(listPageSpan(week, 0, zone).to) }]);

    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.cookie).toContain('tutor_view=week');
    const hours = await screen.findAllByRole('button', { name: /(Weekly|One-off)$/ });
    expect(seen.at(-1)!.query).toEqual({ from: String(week.from), to: String(week.to) });
    // Booked and unbooked, weekly and one-off, in words.
    const day = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long', month: 'long', day: 'numeric' }).format(noon * 1000);
    // (The browser puts a space between the parts and leaves out the hidden ↻ mark: the name reads
    // 'Thursday, May 6, 12:00–1:00 PM PDT Unbooked Weekly'.)
    expect(hours.map((h) => [...h.children].map((part) => part.textContent))).toEqual([
      [expect.stringMatching(new RegExp(`^${day}, 12:00–1:00 PM \\S+$`)), 'Unbooked', '↻Weekly'],
      [expect.stringMatching(new RegExp(`^${day}, 1:00–2:00 PM \\S+$`)), 'Booked: CS 121 with Alex R.', 'One-off'],
    ]);
    expect(hours[0]).toHaveTextContent('Weekly');
    expect(hours[1]).toHaveTextContent('One-off');

    // An hour opens its card in a dialog.
    await userEvent.click(hours[1]!);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('article')).toHaveTextContent(`card of meeting ${String(bookedOne.meeting.id)}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // Next week reads next week's span; Today comes back.
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    const next = shiftWeek(week, 1, zone);
    await waitFor(() => expect(seen.at(-1)!.query).toEqual({ from: String(next.from), to: String(next.to) }));
    expect(await screen.findAllByRole('button', { name: /(Weekly|One-off)$/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByText(EMPTY_WEEK)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findAllByRole('button', { name: /(Weekly|One-off)$/ })).toHaveLength(2);
  });

  it('opens in the week view when the cookie says so, on Schedule too', async () => {
    document.cookie = 'tutor_view=week; path=/';
    const seen = calendar([]);
    render(<ScheduleScreen tutorId="myself" renderMeeting={renderCard} />);
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(EMPTY_WEEK)).toBeInTheDocument();
    const week = weekAt(Date.now(), zone);
    expect(seen.map((r) => r.query)).toEqual([{ from: String(week.from), to: String(week.to) }]);
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(document.cookie).toContain('tutor_view=list');
  });
});

describe('the list, a page of weeks at a time', () => {
  it('reads eight weeks first, then the next eight with Show later weeks; an empty start reads the rest of the semester at once', async () => {
    const week = weekAt(Date.now(), zone);
    const later = item(openSlot(0, { occurrence_epoch: listPageSpan(week, 1, zone).from + 12 * HOUR }), []);
    const soon = item(openSlot(0, { occurrence_epoch: Math.floor(Date.now() / 1000) + 2 * HOUR }), []);
    const seen = calendar([soon, later]);
    const { unmount } = render(<AvailabilityScreen tutorId="myself" renderMeeting={renderCard} />);
    const list = await screen.findByRole('list', { name: 'Unbooked availability' });
    expect(within(list).getAllByRole('article')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Show later weeks' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    // The page added is read alone.
    expect(seen.map((r) => r.query.from)).toEqual([String(week.from), String(listPageSpan(week, 1, zone).from)]);
    unmount();

    // Nothing in the first eight weeks: the pages left are read together, and the list shows what they hold.
    const reads = calendar([later]);
    render(<AvailabilityScreen tutorId="myself" renderMeeting={renderCard} />);
    expect(await screen.findByRole('article')).toHaveTextContent(`card of meeting ${String(later.meeting.id)}`);
    expect(reads.length).toBeGreaterThan(2);
    expect(reads.filter((r) => r.query.from === String(week.from))).toHaveLength(1);
  });
});
