import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TutorGradebook } from '../../../src/contract/entities.ts';
import { TutorGradebookScreen } from '../../../src/features/gradebook/GradebookScreen.tsx';
import { GradebooksScreen } from '../../../src/features/tutor/GradebooksScreen.tsx';
import { TutorGradebooks } from '../../../src/islands/dashboard-tutor.tsx';
import { failure, fakeApi, never, success } from '../fake-api.ts';

afterEach(() => vi.restoreAllMocks());

const gradebook = (id: number, extra: Partial<TutorGradebook> = {}): TutorGradebook => ({
  id,
  course: { id: 3, course_number: 'CS 121', course_name: 'Intro to Programming I' },
  customer: { firstname: 'Alex', lastname: 'Rivera' },
  archived: false,
  overall_score: 0.8765,
  last_grade: { id: 40, name: 'Midterm', points_recieved_hundreths: 4500, points_total_hundreths: 5000, grade_entered_date: 1_800_000_000 },
  ...extra,
});
const path = (id: string) => `/tutors/myself/dashboard/gradebooks/${id}`;

describe('Your Gradebooks', () => {
  it('shows a card per gradebook from one call, with the link to its tutor view', async () => {
    const seen = fakeApi({
      'GET /api/tutors/myself/gradebooks': () =>
        success([
          gradebook(5),
          gradebook(6, {
            customer: { firstname: 'Sam', lastname: 'lee' },
            course: { id: 4, course_number: 'MATH 124', course_name: 'Calculus I' },
            overall_score: null,
            last_grade: null,
            archived: true,
          }),
        ]),
    });
    render(<TutorGradebooks tutorId="myself" />);
    // The screen's code is fetched when it is first shown.
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Gradebooks' })).toBeInTheDocument();
    const cards = within(await screen.findByRole('list', { name: 'Gradebooks' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);

    const first = within(cards[0]!);
    expect(first.getByText('87%')).toBeInTheDocument();
    expect(first.getByRole('heading', { name: 'Alex R.' })).toBeInTheDocument();
    expect(first.getByText(/Intro to Programming I/)).toBeInTheDocument();
    expect(first.getByText(/Last grade: Midterm/)).toHaveTextContent('Last grade: Midterm 90%');
    expect(first.getByRole('link', { name: 'View Gradebook' })).toHaveAttribute('href', path('5'));
    expect(first.getByRole('link', { name: 'View Gradebook' })).toHaveAccessibleDescription('Alex R.');

    const second = within(cards[1]!);
    expect(second.getByText('~')).toBeInTheDocument();
    expect(second.getByRole('heading', { name: 'Sam L.' })).toBeInTheDocument();
    expect(second.getByText('No grades yet')).toBeInTheDocument();
    expect(second.getByText('Guarantee waived')).toBeInTheDocument();
    expect(second.getByRole('link', { name: 'View Gradebook' })).toHaveAttribute('href', path('6'));

    expect(seen).toEqual([expect.objectContaining({ method: 'GET', path: '/api/tutors/myself/gradebooks', query: { show_all: 'false' } })]);
  });

  it('has loading, empty and error states', async () => {
    let reply: 'never' | 'empty' | 'fail' = 'never';
    fakeApi({ 'GET /api/tutors/17/gradebooks': () => (reply === 'never' ? never() : reply === 'empty' ? success([]) : failure('DBError', 500)) });
    const first = render(<GradebooksScreen tutorId="17" gradebookPath={path} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading gradebooks…');
    first.unmount();
    reply = 'fail';
    render(<GradebooksScreen tutorId="17" gradebookPath={path} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    reply = 'empty';
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No gradebooks yet')).toBeInTheDocument();
  });

  it('sends a signed-out user to sign in and come back (NoAuth)', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    fakeApi({ 'GET /api/tutors/myself/gradebooks': () => failure('NoAuth', 401) });
    render(<GradebooksScreen tutorId="myself" gradebookPath={path} />);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/?next=${encodeURIComponent(window.location.pathname + window.location.search)}`));
  });

  it('tells an account without a tutor that it cannot see them (NotAuthorized)', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    fakeApi({ 'GET /api/tutors/myself/gradebooks': () => failure('NotAuthorized', 403) });
    render(<GradebooksScreen tutorId="myself" gradebookPath={path} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account cannot do this. Please log in with the right account.');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('TutorGradebookScreen', () => {
  const categories = [{ id: 1, category_name: 'Exams', weight_percent: 100, drops: 0 }];
  const grades = [
    {
      id: 2,
      name: 'Midterm',
      gradebook: 5,
      grade_category: 1,
      points_recieved_hundreths: 4500,
      points_total_hundreths: 5000,
      due_date: 1,
      grade_entered_date: 2,
    },
  ];

  it("shows the gradebook's grades in the tutor view", async () => {
    fakeApi({
      'GET /api/tutors/myself/gradebooks': () => success([gradebook(5)]),
      'GET /api/gradebooks/5/categories': () => success(categories),
      'GET /api/gradebooks/5/categories/1/grades': () => success(grades),
    });
    render(<TutorGradebookScreen tutorId="myself" gradebookId="5" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'CS 121 Gradebook' })).toBeInTheDocument();
    expect(screen.getByText(/Alex R\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Overall grade 90%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Gradebook' })).toBeInTheDocument();
  });

  it('never shows the onboarding: an empty gradebook opens on the setup', async () => {
    fakeApi({
      'GET /api/tutors/myself/gradebooks': () => success([gradebook(5, { overall_score: null, last_grade: null })]),
      'GET /api/gradebooks/5/categories': () => success([]),
    });
    render(<TutorGradebookScreen tutorId="myself" gradebookId="5" />);
    expect(await screen.findByRole('heading', { name: 'Setup your gradebook' })).toBeInTheDocument();
    expect(screen.getByText(/grade category of the student's syllabus/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Guarantee/)).not.toBeInTheDocument();
  });

  it("looks in all gradebooks (a supervisor's) when the tutor's own list lacks it, and says when none has it", async () => {
    const seen = fakeApi({
      'GET /api/tutors/myself/gradebooks': ({ query }) => success(query.show_all === 'true' ? [gradebook(8)] : []),
      'GET /api/gradebooks/8/categories': () => success(categories),
      'GET /api/gradebooks/8/categories/1/grades': () => success([]),
      'GET /api/gradebooks/9/categories': () => success([]),
    });
    const { unmount } = render(<TutorGradebookScreen tutorId="myself" gradebookId="8" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'CS 121 Gradebook' })).toBeInTheDocument();
    expect(seen.filter((r) => r.path.endsWith('/gradebooks')).map((r) => r.query.show_all)).toEqual(['false', 'true']);
    unmount();
    render(<TutorGradebookScreen tutorId="myself" gradebookId="9" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This gradebook no longer exists. Please refresh and try agian');
  });
});
