import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArchiveTutorDialog } from '../../../src/features/team/ArchiveTutorDialog.tsx';
import { TeamScreen } from '../../../src/features/team/TeamScreen.tsx';
import { failure, fakeApi, success } from '../fake-api.ts';
import { courses, offering, sam, signedInAsMaya, teamProps } from './fixtures.ts';

/**
 * The archive refusals that say 'cancel them or have them re-assigned' (spec 2 §8, issue 25) lead
 * to the tutor's Schedule, where a supervisor re-assigns each session.
 */

afterEach(() => vi.restoreAllMocks());
beforeEach(() => {
  signedInAsMaya();
  window.history.replaceState(null, '', '/tutors/myself/dashboard/supervisor');
});

const schedulePath = (id: string) => `/tutors/${id}/dashboard/schedule`;

describe('re-assign links from the team view', () => {
  it("links a qualification's 'upcoming meetings' refusal to the tutor's Schedule, and only that refusal", async () => {
    let answer = 'UpcomingMeetings';
    fakeApi({
      'GET /api/tutors': () => success([sam]),
      'GET /api/team/hours': () => success([]),
      'GET /api/courses': () => success(courses),
      'GET /api/tutors/7/rates': () => success([]),
      'GET /api/tutors/7/onboarding': () => success({ tutor_id: 7, has_photo: true, items: [] }),
      'GET /api/tutors/7/offerings': () => success([offering(11, courses[0]!)]),
      'POST /api/offerings/11/archive': () => failure(answer, 409),
    });
    render(<TeamScreen {...teamProps} tutorSchedulePath={schedulePath} />);
    const card = within(await screen.findByRole('listitem', { name: /Sam Lee/ }));
    await userEvent.click(card.getByRole('button', { name: 'Expand' }));
    const archive = await card.findByRole('button', { name: 'Archive MATH 124 (Calculus I)' });
    await userEvent.click(archive);
    expect(await card.findByRole('alert')).toHaveTextContent('have them re-assigned');
    expect(card.getByRole('link', { name: 'Open Sam Lee’s Schedule to re-assign them' })).toHaveAttribute('href', '/tutors/7/dashboard/schedule');

    answer = 'ArchivedTutorCannotHaveUnarchivedOfferings';
    await userEvent.click(archive);
    await waitFor(() => expect(card.getByRole('alert')).toHaveTextContent('An archived tutor cannot have active qualifications.'));
    expect(card.queryByRole('link', { name: /to re-assign them/ })).not.toBeInTheDocument();
  });

  it("links the tutor archive's 'scheduled meetings' refusal to the tutor's Schedule", async () => {
    fakeApi({ 'POST /api/tutors/7/archive': () => ({ status: 409, body: { status: 'failure', error: { type: 'HasAttachedMeetings', meetings: [{ id: 1 }, { id: 2 }] } } }) });
    render(<ArchiveTutorDialog tutor={sam} schedulePath="/tutors/7/dashboard/schedule" onClose={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm archival' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Archive' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Please cancel them or have them re-assigned to another tutor.');
    expect(dialog.getByRole('link', { name: 'Open Sam Lee’s Schedule to re-assign them' })).toHaveAttribute('href', '/tutors/7/dashboard/schedule');
  });
});
