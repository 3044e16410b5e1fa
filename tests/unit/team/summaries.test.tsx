import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeetingWithPayments } from '../../../src/contract/entities.ts';
import { SummaryMeetingCard } from '../../../src/features/sessions/SummaryMeetingCard.tsx';
import { RecentSessionsScreen } from '../../../src/features/team/RecentSessionsScreen.tsx';
import { formatLongDate } from '../../../src/lib/time-format.ts';
import { failure, fakeApi, never, success } from '../fake-api.ts';
import { alex, item, meeting, sam } from '../tutor/fixtures.ts';

afterEach(() => vi.restoreAllMocks());

const renderScreen = (pageSize?: number) =>
  render(
    <RecentSessionsScreen
      renderMeeting={({ meeting: m, payments }) => <SummaryMeetingCard meeting={m} payments={payments} />}
      schedulePath="/tutors/myself/dashboard/schedule"
      pageSize={pageSize}
    />,
  );

const riley = { id: 8, name: 'Riley Park', phone: '2065550108', email: 'riley@beacontutoring.com' };
const newer = item(meeting(-2, { notes: 'Covered recursion and base cases', tutor: riley }), [{ customer: alex }, { customer: sam }]);
const older = item(meeting(-30, { notes: '' }), [{ customer: alex }]);
const oldest = item(meeting(-80, { notes: 'Derivatives review' }));

const articles = async () => within(await screen.findByRole('list', { name: 'Recent sessions' })).getAllByRole('article');

describe('Recent Sessions', () => {
  it('lists sessions newest first with the date, course, tutor, attendees and summary or a marker', async () => {
    const seen = fakeApi({ 'GET /api/meetings/recent': () => success([newer, older]) });
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Recent Sessions' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/Loading/);
    const [first, second] = await articles();
    expect(first).toHaveAccessibleName(`Intro to Programming I, ${formatLongDate(newer.meeting.occurrence_epoch)}`);
    expect(first).toHaveTextContent('Riley Park');
    expect(first).toHaveTextContent('Alex Rivera, Sam Lee');
    expect(first).toHaveTextContent('Covered recursion and base cases');
    expect(within(first!).queryByRole('img', { name: 'Summary missing' })).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Jordan Alvarez');
    expect(second).toHaveTextContent('No summary yet');
    expect(within(second!).getByRole('img', { name: 'Summary missing' })).toBeInTheDocument();
    expect(seen).toEqual([expect.objectContaining({ method: 'GET', path: '/api/meetings/recent', query: { limit: '50' } })]);
    // Fewer than a page: the end.
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it("pages back with 'Show more', passing the last shown session's start and id", async () => {
    const seen = fakeApi({
      'GET /api/meetings/recent': (r) => success(r.query.before ? [older] : [newer, older]),
    });
    renderScreen(2);
    expect(await articles()).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    // The answer repeats `older` (shared start times): shown once; one item (< 2) is the end.
    await vi.waitFor(async () => expect(await articles()).toHaveLength(2));
    expect(seen[1]!.query).toEqual({ before: String(older.meeting.occurrence_epoch), before_id: String(older.meeting.id), limit: '2' });
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('appends a full next page and keeps Show more while pages are full', async () => {
    const pages: Record<string, MeetingWithPayments[]> = {
      first: [newer, older],
      [String(older.meeting.occurrence_epoch)]: [oldest],
    };
    const seen = fakeApi({ 'GET /api/meetings/recent': (r) => success(pages[r.query.before ?? 'first']) });
    renderScreen(2);
    expect(await articles()).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await vi.waitFor(async () => expect(await articles()).toHaveLength(3));
    expect((await articles())[2]).toHaveTextContent('Derivatives review');
    expect(seen.map((r) => r.query.before)).toEqual([undefined, String(older.meeting.occurrence_epoch)]);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it("says 'No sessions yet' when there are none", async () => {
    fakeApi({ 'GET /api/meetings/recent': () => success([]) });
    renderScreen();
    expect(await screen.findByText('No sessions yet')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows a load error with Try again, which loads again', async () => {
    let reply: 'network' | 'ok' = 'network';
    fakeApi({ 'GET /api/meetings/recent': () => (reply === 'network' ? 'network-error' : success([newer])) });
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't contact server");
    reply = 'ok';
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await articles()).toHaveLength(1);
  });

  it('tells a tutor without the supervisor role that the page is for supervisors', async () => {
    fakeApi({ 'GET /api/meetings/recent': () => failure('NotAuthorized', 403) });
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Recent Sessions are for supervisors only.');
    expect(within(alert).getByRole('link', { name: 'Go to your schedule' })).toHaveAttribute('href', '/tutors/myself/dashboard/schedule');
  });

  it('keeps the loading state while the answer is on its way', async () => {
    fakeApi({ 'GET /api/meetings/recent': () => never() });
    renderScreen();
    expect(screen.getByRole('status')).toHaveTextContent('Loading recent sessions…');
  });
});

describe('SummaryMeetingCard with a lesson report', () => {
  it('shows the attendance, homework and the private note marked for staff', () => {
    const reported = item(meeting(-3, { notes: 'Loops', attendance: 'late', homework: 'Exercises 3.1 to 3.4', private_note: 'Seemed tired' }), [{ customer: alex }]);
    render(<SummaryMeetingCard meeting={reported.meeting} payments={reported.payments} />);
    const facts = screen.getByRole('article');
    expect(facts).toHaveTextContent('AttendanceLate (up to 15 minutes)');
    expect(facts).toHaveTextContent('HomeworkExercises 3.1 to 3.4');
    expect(facts).toHaveTextContent('Private noteSeemed tired (Only staff see this)');
  });

  it('shows no report rows when none was filed', () => {
    const plain = item(meeting(-3, { notes: 'Loops', attendance: null, homework: '', private_note: '' }), [{ customer: alex }]);
    render(<SummaryMeetingCard meeting={plain.meeting} payments={plain.payments} />);
    expect(screen.queryByText('Attendance')).not.toBeInTheDocument();
    expect(screen.queryByText('Private note')).not.toBeInTheDocument();
  });
});
