import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeetingWithPayments } from '../../../src/contract/entities.ts';
import { AvailabilityScreen, ScheduleScreen, WorkHistoryScreen } from '../../../src/features/tutor/TutorMeetingsScreen.tsx';
import { availabilityMeetings, historyMeetings, scheduleMeetings, shortName } from '../../../src/features/tutor/tutor-meetings.ts';
import { TutorAvailability, TutorHistory, TutorSchedule } from '../../../src/islands/dashboard-tutor.tsx';
import { failure, fakeApi, never, success } from '../fake-api.ts';
import { item, meeting, openSlot } from './fixtures.ts';

afterEach(() => vi.restoreAllMocks());

const booked1 = item(meeting(48));
const booked2 = item(meeting(2));
const open1 = item(openSlot(72), []);
const open2 = item(openSlot(5), []);
const past1 = item(meeting(-72));
const past2 = item(meeting(-2, { notes: 'Reviewed the midterm' }));
const pastEmpty = item(openSlot(-24), []);
const pastSkipped = item(openSlot(-30), [{ payment_status: 'canceled' }]);
// A past meeting whose seat count dropped but which still carries a paid payment (overtime, say).
const pastPaid = item(openSlot(-50), [{}]);
// A seat held while a customer enters a card: no payment yet, so neither booked nor open.
const inCheckout = item(meeting(30), []);
const all: MeetingWithPayments[] = [past1, booked1, open1, pastEmpty, past2, booked2, open2, pastSkipped, pastPaid, inCheckout];
const ids = (items: MeetingWithPayments[]) => items.map((i) => i.meeting.id);
const renderCard = (i: MeetingWithPayments) => <p>meeting {String(i.meeting.id)}</p>;

describe('tutor meeting lists', () => {
  it('schedule: upcoming booked meetings, earliest first', () => {
    expect(ids(scheduleMeetings(all))).toEqual(ids([booked2, booked1]));
  });

  it('availability: upcoming unbooked meetings, earliest first', () => {
    expect(ids(availabilityMeetings(all))).toEqual(ids([open2, open1]));
  });

  it('history: past meetings that had customers, newest first', () => {
    expect(ids(historyMeetings(all))).toEqual(ids([past2, pastPaid, past1]));
  });

  it('names a customer by first name and last initial', () => {
    expect(shortName('Alex', 'Rivera')).toBe('Alex R.');
    expect(shortName('Sam', '')).toBe('Sam');
  });
});

describe('Schedule screen', () => {
  it('loads once and shows the booked sessions as staff cards', async () => {
    const seen = fakeApi({ 'GET /api/tutors/myself/meetings': () => success(all) });
    render(<TutorSchedule tutorId="myself" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Schedule' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Booked sessions' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(within(list).getAllByRole('heading', { name: 'Attendees' })).toHaveLength(2);
    expect(within(list).getAllByRole('button', { name: 'Reschedule/Enter Overtime' })).toHaveLength(2);
    // The meetings once; the viewer's role once (the cards offer supervisors their refunds), asked in
    // an effect, which a busy machine may run after the list is on screen.
    await vi.waitFor(() => expect(seen.map((r) => r.path).sort()).toEqual(['/api/checkauth', '/api/tutors/myself/meetings']));
  });

  it('says what to do when nothing is booked', async () => {
    fakeApi({ 'GET /api/tutors/17/meetings': () => success([open1, past1]) });
    render(<ScheduleScreen tutorId="17" renderMeeting={renderCard} />);
    expect(await screen.findByText('You have no booked sessions. Please make sure you have availability listed in the Availability tab')).toBeInTheDocument();
  });

  it('shows a loading state, then an error with Try again', async () => {
    let reply: 'never' | 'fail' | 'ok' = 'never';
    fakeApi({ 'GET /api/tutors/myself/meetings': () => (reply === 'never' ? never() : reply === 'fail' ? 'network-error' : success([booked1])) });
    const { unmount } = render(<ScheduleScreen tutorId="myself" renderMeeting={renderCard} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your meetings…');
    unmount();
    reply = 'fail';
    render(<ScheduleScreen tutorId="myself" renderMeeting={renderCard} />);
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't contact server. Try again later.");
    reply = 'ok';
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(`meeting ${booked1.meeting.id}`)).toBeInTheDocument();
  });

  it.each([
    ['NoAuth', 'to sign in again, coming back here', `/?next=${encodeURIComponent(window.location.pathname)}`],
    ['NotAuthorized', 'home', '/'],
  ])('on %s sends the user %s', async (type, _where, address) => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    fakeApi({ 'GET /api/tutors/myself/meetings': () => failure(type, type === 'NoAuth' ? 401 : 403) });
    render(<ScheduleScreen tutorId="myself" renderMeeting={renderCard} />);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(address));
  });

  it('says other failures in words', async () => {
    fakeApi({ 'GET /api/tutors/myself/meetings': () => failure('DBError', 500) });
    render(<ScheduleScreen tutorId="myself" renderMeeting={renderCard} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
  });

  it('shows long lists a page at a time', async () => {
    const many = Array.from({ length: 105 }, (_, n) => item(meeting(n + 1)));
    fakeApi({ 'GET /api/tutors/myself/meetings': () => success(many) });
    render(<ScheduleScreen tutorId="myself" renderMeeting={renderCard} />);
    expect(await screen.findAllByText(/^meeting /)).toHaveLength(100);
    await userEvent.click(screen.getByRole('button', { name: 'Show more (5 more)' }));
    expect(screen.getAllByText(/^meeting /)).toHaveLength(105);
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  });
});

describe('Availability screen', () => {
  it("lists unbooked upcoming availability as 'This slot is unbooked' cards under 'Manage Availability'", async () => {
    fakeApi({ 'GET /api/tutors/myself/meetings': () => success(all) });
    render(<TutorAvailability tutorId="myself" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Availability' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add availability' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Unbooked availability' });
    expect(within(list).getAllByText('This slot is unbooked')).toHaveLength(2);
    expect(within(list).queryByRole('button', { name: 'Cancel Meeting' })).not.toBeInTheDocument();
  });

  it('says how to add availability when there is none', async () => {
    fakeApi({ 'GET /api/tutors/myself/meetings': () => success([booked1]) });
    render(<AvailabilityScreen tutorId="myself" renderMeeting={renderCard} />);
    expect(await screen.findByText('Use the + button above to add availability')).toBeInTheDocument();
  });
});

describe('Work History screen', () => {
  it('lists past sessions newest first with summary boxes and a mark where the summary is missing', async () => {
    fakeApi({ 'GET /api/tutors/myself/meetings': () => success(all) });
    render(<TutorHistory tutorId="myself" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Work History' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Past sessions' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByLabelText('One-Line Meeting Summary:')).toHaveValue('Reviewed the midterm');
    expect(within(cards[0]!).queryByRole('img', { name: 'Summary missing' })).not.toBeInTheDocument();
    expect(within(cards[1]!).getByRole('img', { name: 'Summary missing' })).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Please enter a summary to get paid for this session.')).toBeInTheDocument();
    // Past meetings have no footer.
    expect(within(list).queryByRole('button', { name: 'Cancel Meeting' })).not.toBeInTheDocument();
  });

  it('says when there is no work history yet', async () => {
    fakeApi({ 'GET /api/tutors/myself/meetings': () => success([booked1, open1, pastEmpty]) });
    render(<WorkHistoryScreen tutorId="myself" renderMeeting={renderCard} />);
    expect(await screen.findByText('You have no work history, please check back after working some sessions')).toBeInTheDocument();
  });

  it('reloads the list after a card reports a change', async () => {
    const seen = fakeApi({
      'GET /api/tutors/myself/meetings': () => success([booked1]),
      [`POST /api/meetings/${booked1.meeting.id}/cancel`]: () => success(booked1.meeting),
    });
    render(<TutorSchedule tutorId="myself" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Meeting' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel Meeting' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(seen.filter((r) => r.path === '/api/tutors/myself/meetings')).toHaveLength(2));
  });
});
