import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TeamScreen } from '../../../src/features/team/TeamScreen.tsx';
import { defaultRange, rangeEpochs } from '../../../src/features/team/team-model.ts';
import { failure, fakeApi, never, success } from '../fake-api.ts';
import { courses, maya, offering, old, sam, teamProps as props, signedInAsMaya } from './fixtures.ts';

afterEach(() => vi.restoreAllMocks());


const hours = [
  { tutor_id: 5, scheduled_minutes: 180, confirmed_minutes: 180 },
  { tutor_id: 7, scheduled_minutes: 150, confirmed_minutes: 60 },
];

/** The hours and the reads of Sam's card (tutor 7) once expanded; each test adds the tutors and Sam's qualifications. */
const samExpanded = {
  'GET /api/team/hours': () => success(hours),
  'GET /api/courses': () => success(courses),
  'GET /api/tutors/7/rates': () => success([]),
  'GET /api/tutors/7/onboarding': () => success({ tutor_id: 7, has_photo: true, items: [] }),
};

const cards = async () => within(await screen.findByRole('list', { name: 'Tutors' })).getAllByRole('listitem');
const card = async (name: RegExp) => {
  const all = await cards();
  const found = all.find((item) => within(item).queryByRole('heading', { level: 2, name }));
  if (!found) throw new Error(`no card ${String(name)}`);
  return within(found);
};


beforeEach(() => {
  signedInAsMaya();
  // The team view keeps its choices in the address: each test starts from a plain one.
  window.history.replaceState(null, '', '/tutors/myself/dashboard/supervisor');
});

describe('Your Team', () => {
  it('shows a card per active tutor with hours from one hours call for the default range', async () => {
    const seen = fakeApi({
      'GET /api/tutors': () => success([maya, sam, old]),
      'GET /api/team/hours': () => success(hours),
    });
    render(<TeamScreen {...props} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Your Team' })).toBeInTheDocument();
    expect(await cards()).toHaveLength(2);

    const mayaCard = await card(/Maya Chen/);
    expect(mayaCard.getByRole('img', { name: 'Supervisor' })).toBeInTheDocument();
    expect(mayaCard.getAllByText('3.0 h')).toHaveLength(2);
    expect(mayaCard.getByRole('link', { name: 'Open Dashboard' })).toHaveAttribute('href', '/tutors/5/dashboard/history');
    // Maya's own card: nobody archives themself.
    expect(mayaCard.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();

    const samCard = await card(/Sam Lee/);
    expect(samCard.queryByRole('img', { name: 'Supervisor' })).not.toBeInTheDocument();
    expect(samCard.getByText('2.5 h')).toHaveAccessibleDescription(/booked sessions that start in the selected period/);
    expect(samCard.getByText(/1\.0 h/)).toHaveAccessibleDescription(/have a summary/);
    expect(samCard.getByText('(differs from scheduled)', { exact: false })).toBeInTheDocument();

    const hourCalls = seen.filter((r) => r.path === '/api/team/hours');
    expect(hourCalls).toHaveLength(1);
    const expected = rangeEpochs(defaultRange().from, defaultRange().to)!;
    expect(hourCalls[0]!.query).toEqual({ from: String(expected.from), to: String(expected.to) });
    expect(expected.to - expected.from + 1).toBeGreaterThanOrEqual(8 * 86400 - 3600);
    expect(screen.getByLabelText('From')).toHaveValue(defaultRange().from);
    expect(screen.getByLabelText('To')).toHaveValue(defaultRange().to);
  });

  it('shows archived tutors when Show Archived is checked, with Unarchive', async () => {
    fakeApi({ 'GET /api/tutors': () => success([maya, old]), 'GET /api/team/hours': () => success(hours) });
    render(<TeamScreen {...props} />);
    expect(await cards()).toHaveLength(1);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show Archived' }));
    expect(await cards()).toHaveLength(2);
    const olga = await card(/Olga Park/);
    expect(olga.getByRole('button', { name: 'Unarchive' })).toBeInTheDocument();
    expect(olga.getAllByText('0.0 h')).toHaveLength(2);
  });

  it('reloads the hours when the period changes', async () => {
    const seen = fakeApi({ 'GET /api/tutors': () => success([maya]), 'GET /api/team/hours': () => success(hours) });
    render(<TeamScreen {...props} />);
    await cards();
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-01-01');
    await waitFor(() => expect(seen.filter((r) => r.path === '/api/team/hours').at(-1)!.query.from).toBe(String(rangeEpochs('2026-01-01', '2026-01-01')!.from)));
  });

  it('clears the figures for a From after To, and keeps the dates and Show Archived in the address', async () => {
    fakeApi({ 'GET /api/tutors': () => success([maya, old]), 'GET /api/team/hours': () => success(hours) });
    window.history.replaceState(null, '', '/tutors/myself/dashboard/supervisor?from=2026-10-01&to=2026-10-31&archived=1');
    render(<TeamScreen {...props} />);
    expect(await cards()).toHaveLength(2);
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-10-31');
    expect(screen.getByRole('checkbox', { name: 'Show Archived' })).toBeChecked();
    const mayaCard = await card(/Maya Chen/);
    await waitFor(() => expect(mayaCard.getAllByText('3.0 h')).toHaveLength(2));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-15' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Please pick a From date on or before the To date.');
    expect(mayaCard.queryByText('3.0 h')).not.toBeInTheDocument();
    expect(mayaCard.getAllByText('—')).toHaveLength(2);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show Archived' }));
    expect(window.location.search).toBe('?from=2026-11-15&to=2026-10-31');
  });

  it('has loading, empty, error and not-a-supervisor states', async () => {
    let reply: 'never' | 'fail' | 'empty' = 'never';
    fakeApi({
      'GET /api/tutors': () => (reply === 'never' ? never() : reply === 'fail' ? failure('DBError', 500) : success([])),
      'GET /api/team/hours': () => success([]),
    });
    const first = render(<TeamScreen {...props} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your team…');
    first.unmount();
    reply = 'fail';
    render(<TeamScreen {...props} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    reply = 'empty';
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No tutors yet')).toBeInTheDocument();
  });

  it('tells a tutor without the supervisor role where to go', async () => {
    fakeApi({ 'GET /api/tutors': () => success([sam]), 'GET /api/team/hours': () => failure('NotAuthorized', 403) });
    render(<TeamScreen {...props} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The team view is for supervisors only.');
    expect(screen.getByRole('link', { name: 'Go to your schedule' })).toHaveAttribute('href', props.schedulePath);
  });

  it('expands a card: contact, qualifications, archive toggles and the add form', async () => {
    let archived = false;
    const seen = fakeApi({
      'GET /api/tutors': () => success([sam]),
      ...samExpanded,
      'GET /api/tutors/7/offerings': () =>
        success([offering(11, courses[0]!, { archived }), offering(12, courses[2]!, { archived: true, qualification: 'AP 5' })]),
      'POST /api/offerings/11/archive': () => {
        archived = true;
        return success(offering(11, courses[0]!, { archived: true }));
      },
      'POST /api/offerings': () => success(offering(13, courses[1]!)),
    });
    render(<TeamScreen {...props} />);
    const samCard = await card(/Sam Lee/);
    const expand = samCard.getByRole('button', { name: 'Expand' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(expand);
    expect(expand).toHaveAttribute('aria-expanded', 'true');
    expect(samCard.getByRole('link', { name: '(206) 555-0100' })).toHaveAttribute('href', 'tel:2065550100');
    expect(samCard.getByRole('link', { name: 't7@beacontutoring.com' })).toHaveAttribute('href', 'mailto:t7@beacontutoring.com');
    const active = within(await samCard.findByRole('list', { name: 'Qualifications' }));
    expect(active.getByText('Got an A')).toBeInTheDocument();
    const archivedList = within(samCard.getByRole('list', { name: 'Archived qualifications' }));
    expect(archivedList.getByRole('button', { name: 'Unarchive APCS A (AP Computer Science A)' })).toBeInTheDocument();

    await userEvent.click(active.getByRole('button', { name: 'Archive MATH 124 (Calculus I)' }));
    expect(await samCard.findByRole('button', { name: 'Unarchive MATH 124 (Calculus I)' })).toBeInTheDocument();
    expect(samCard.getByText('No active qualifications.')).toBeInTheDocument();

    // The class select: grouped by school, sorted by course number.
    const select = samCard.getByRole('combobox', { name: 'Class' });
    await userEvent.click(select);
    expect(await screen.findByText('University')).toBeInTheDocument();
    expect(screen.getByText('High School')).toBeInTheDocument();
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['CS 121 (Intro to Programming)', 'MATH 124 (Calculus I)', 'APCS A (AP Computer Science A)']);
    await userEvent.click(screen.getByRole('option', { name: 'CS 121 (Intro to Programming)' }));
    await userEvent.type(samCard.getByRole('textbox', { name: 'Qualification' }), 'TA for two years{Enter}');
    expect(await samCard.findByRole('status')).toHaveTextContent('Saved the qualification for CS 121.');
    expect(seen.find((r) => r.method === 'POST' && r.path === '/api/offerings')!.form).toEqual({ tutor: '7', course: '2', qualification: 'TA for two years' });
    expect(seen.filter((r) => r.path === '/api/courses')).toHaveLength(1);
  });

  it('handles offering archive errors per the spec', async () => {
    let answer = 'UpcomingMeetings';
    const seen = fakeApi({
      'GET /api/tutors': () => success([sam]),
      ...samExpanded,
      'GET /api/tutors/7/offerings': () => success([offering(11, courses[0]!)]),
      'POST /api/offerings/11/archive': () => failure(answer, 409),
    });
    render(<TeamScreen {...props} />);
    const samCard = await card(/Sam Lee/);
    await userEvent.click(samCard.getByRole('button', { name: 'Expand' }));
    const archive = await samCard.findByRole('button', { name: 'Archive MATH 124 (Calculus I)' });
    const offeringLoads = () => seen.filter((r) => r.path === '/api/tutors/7/offerings').length;

    await userEvent.click(archive);
    expect(await samCard.findByRole('alert')).toHaveTextContent('This qualification has upcoming meetings.');

    answer = 'ArchivedTutorCannotHaveUnarchivedOfferings';
    await userEvent.click(archive);
    await waitFor(() => expect(samCard.getByRole('alert')).toHaveTextContent('An archived tutor cannot have active qualifications.'));

    answer = 'NotAuthorized';
    await userEvent.click(archive);
    await waitFor(() => expect(samCard.getByRole('alert')).toHaveTextContent('You are not allowed to change this qualification.'));

    answer = 'DBError';
    const before = offeringLoads();
    await userEvent.click(archive);
    await waitFor(() => expect(samCard.queryByRole('alert')).not.toBeInTheDocument());
    expect(offeringLoads()).toBe(before);

    answer = 'OfferingNotFound';
    await userEvent.click(archive);
    await waitFor(() => expect(offeringLoads()).toBe(before + 1));

    answer = 'SomethingNew';
    await userEvent.click(await samCard.findByRole('button', { name: 'Archive MATH 124 (Calculus I)' }));
    await waitFor(() => expect(offeringLoads()).toBe(before + 2));
  });

  it('submits the background', async () => {
    const seen = fakeApi({
      'GET /api/tutors': () => success([{ ...sam, background: 'Old bio' }]),
      ...samExpanded,
      'GET /api/tutors/7/offerings': () => success([]),
      'POST /api/tutors/7/background': (r) => success({ ...sam, background: r.form.background }),
    });
    render(<TeamScreen {...props} />);
    const samCard = await card(/Sam Lee/);
    await userEvent.click(samCard.getByRole('button', { name: 'Expand' }));
    const form = within(samCard.getByRole('form', { name: 'Background of Sam Lee' }));
    const text = form.getByRole('textbox', { name: 'Background' });
    expect(text).toHaveValue('Old bio');
    await userEvent.clear(text);
    await userEvent.type(text, 'Physics PhD');
    await userEvent.click(form.getByRole('button', { name: 'Submit' }));
    expect(await form.findByRole('status')).toHaveTextContent('Background saved.');
    expect(seen.find((r) => r.path === '/api/tutors/7/background')!.form).toEqual({ background: 'Physics PhD' });
  });
});

describe('Your Team: photos', () => {
  it("opens the photo dialog from a card's photo (tooltip 'Change Photo') and shows the new photo at once", async () => {
    const seen = fakeApi({
      'GET /api/tutors': () => success([maya, sam]),
      'GET /api/team/hours': () => success(hours),
      'POST /api/tutors/7/photo': () => success({ url: '/tutor_images/7.jpg?v=9' }),
    });
    render(<TeamScreen {...props} />);
    const samCard = await card(/Sam Lee/);
    const photoButton = samCard.getByRole('button', { name: 'Change Photo' });
    expect(photoButton).toHaveAttribute('title', 'Change Photo');
    expect(photoButton).toHaveAccessibleDescription(/Sam Lee/);
    expect(photoButton.querySelector('img')).toHaveAttribute('src', '/tutor_images/7.jpg');
    await userEvent.click(photoButton);
    const dialog = within(screen.getByRole('dialog', { name: 'Upload a profile photo' }));
    await userEvent.upload(dialog.getByLabelText('Photo (JPEG)'), new File([new Uint8Array([0xff, 0xd8, 0xff])], 's.jpg', { type: 'image/jpeg' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(await dialog.findByText('Succesfully uploaded photo')).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/tutors/7/photo']);
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect((await card(/Sam Lee/)).getByRole('button', { name: 'Change Photo' }).querySelector('img')).toHaveAttribute('src', '/tutor_images/7.jpg?v=9');
    expect((await card(/Maya Chen/)).getByRole('button', { name: 'Change Photo' }).querySelector('img')).toHaveAttribute('src', '/tutor_images/5.jpg');
  });
});
