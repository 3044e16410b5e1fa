import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TutorGradebook } from '../../../src/contract/entities.ts';
import { $router } from '../../../src/features/dashboard/router.ts';
import DashboardIsland from '../../../src/islands/DashboardApp.tsx';
import { TutorAllGradebooks } from '../../../src/islands/dashboard-tutor.tsx';
import { fakeApi, success } from '../fake-api.ts';
import { maya } from './fixtures.ts';

const gradebook = (id: number): TutorGradebook => ({
  id,
  course: { id: 3, course_number: 'CS 121', course_name: 'Intro to Programming I' },
  customer: { firstname: 'Alex', lastname: 'Rivera' },
  archived: false,
  overall_score: 0.9,
  last_grade: null,
});

describe('All Gradebooks', () => {
  it('lists every gradebook in show-all mode with links to the gradebooks of myself', async () => {
    const seen = fakeApi({ 'GET /api/tutors/myself/gradebooks': () => success([gradebook(5), gradebook(8)]), 'GET /api/guarantee-claims': () => success([]) });
    render(<TutorAllGradebooks tutorId="myself" />);
    // The screen's code is fetched when it is first shown.
    expect(await screen.findByRole('heading', { level: 1, name: 'All Gradebooks' })).toBeInTheDocument();
    const cards = within(await screen.findByRole('list', { name: 'Gradebooks' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).getByRole('link', { name: 'View Gradebook' })).toHaveAttribute('href', '/tutors/myself/dashboard/gradebooks/8');
    // The gradebooks, and the guarantee claims shown above them (a supervisor's).
    expect(seen).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: '/api/tutors/myself/gradebooks', query: { show_all: 'true' } }), expect.objectContaining({ path: '/api/guarantee-claims' })]),
    );
    expect(seen).toHaveLength(2);
    expect(await screen.findByText('No student has claimed the pass guarantee.')).toBeInTheDocument();
  });

  it('is the all-gradebooks route of the dashboard island', async () => {
    fakeApi({
      'GET /api/checkauth': () => success({ user_type: 'tutor', tutor: { id: 5, name: 'Maya Chen', role: 'Supervisor' } }),
      'GET /api/tutors/myself': () => success(maya),
      'GET /api/tutors/myself/gradebooks': () => success([gradebook(5)]),
      'GET /api/guarantee-claims': () => success([]),
    });
    $router.open('/tutors/myself/dashboard/all-gradebooks');
    render(<DashboardIsland />);
    expect(await screen.findByRole('heading', { level: 1, name: 'All Gradebooks' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'All Gradebooks' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findAllByRole('link', { name: 'View Gradebook' })).toHaveLength(1);
  });
});
