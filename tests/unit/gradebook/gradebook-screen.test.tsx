import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Gradebook } from '../../../src/contract/entities.ts';
import { StudentGradebookScreen, TutorGradebookScreen } from '../../../src/features/gradebook/GradebookScreen.tsx';
import { failure, fakeApi, success } from '../fake-api.ts';

/** The gradebook screens' refusals follow useRead's one rule (docs/decisions/019-one-read-hook.md). */

afterEach(() => vi.restoreAllMocks());

const gradebook: Gradebook = {
  id: 5,
  course: { id: 3, course_number: 'CS 121', course_name: 'Intro to Programming I' },
  customer: { firstname: 'Alex', lastname: 'Rivera' },
  archived: false,
};
const categories = [{ id: 1, category_name: 'Exams', weight_percent: 100, drops: 0 }];
const signInAddress = () => `/?next=${encodeURIComponent(window.location.pathname + window.location.search)}`;

describe("The student's gradebook screen", () => {
  it('shows the gradebook found in the student’s list', async () => {
    fakeApi({
      'GET /api/customers/myself/gradebooks': () => success([gradebook]),
      'GET /api/gradebooks/5/categories': () => success(categories),
      'GET /api/gradebooks/5/categories/1/grades': () => success([]),
    });
    render(<StudentGradebookScreen gradebookId="5" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'CS 121 Gradebook' })).toBeInTheDocument();
  });

  it('shows the pass guarantee’s progress under the title, and the rule that would lose it', async () => {
    fakeApi({
      'GET /api/customers/myself/gradebooks': () => success([gradebook]),
      'GET /api/gradebooks/5/categories': () => success(categories),
      'GET /api/gradebooks/5/categories/1/grades': () => success([]),
      'GET /api/gradebooks/5/guarantee': () =>
        success({ status: 'tracking', hours_counted: 9, hours_required: 12, classes_counted: 9, classes_required: null, late_grades: 0, claim_open_until: null, reasons: ['3 hours more of tutoring (one-on-one sessions count 60 minutes, group-of-two 40).'] }),
    });
    render(<StudentGradebookScreen gradebookId="5" />);
    const guarantee = await screen.findByRole('region', { name: 'Pass guarantee' });
    expect(guarantee).toHaveTextContent('Guarantee: 9 of 12 hours · every grade entered on time');
    expect(guarantee).toHaveTextContent('Enter each grade within 7 days of its date: a grade entered later loses the guarantee.');
  });

  it('lets the student claim an eligible guarantee with their final grade, required, and then says the claim is with us', async () => {
    const seen = fakeApi({
      'GET /api/customers/myself/gradebooks': () => success([gradebook]),
      'GET /api/gradebooks/5/categories': () => success(categories),
      'GET /api/gradebooks/5/categories/1/grades': () => success([]),
      'GET /api/gradebooks/5/guarantee': () =>
        success({ status: 'eligible', hours_counted: 12, hours_required: 12, classes_counted: 12, classes_required: null, late_grades: 0, claim_open_until: 1_800_000_000, reasons: [] }),
      'POST /api/gradebooks/5/guarantee/claim': () => ({ status: 201, body: { status: 'success', data: { id: 1, status: 'open' } } }),
    });
    const user = userEvent.setup();
    render(<StudentGradebookScreen gradebookId="5" />);
    const guarantee = await screen.findByRole('region', { name: 'Pass guarantee' });
    expect(guarantee).toHaveTextContent('Guarantee (eligible): 12 of 12 hours · every grade entered on time');
    await user.click(screen.getByRole('button', { name: 'Claim the guarantee' }));
    expect(screen.getByText('Please enter your final grade.')).toBeInTheDocument();
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
    await user.type(screen.getByLabelText(/Final grade/), 'D');
    await user.click(screen.getByRole('button', { name: 'Claim the guarantee' }));
    expect(await screen.findByText('Your claim is with us: a supervisor answers it by email.')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')?.form).toEqual({ final_grade: 'D' });
    expect(screen.queryByRole('button', { name: 'Claim the guarantee' })).not.toBeInTheDocument();
  });

  it('sends a signed-out student to sign in and come back here (NoAuth), not plain home', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    fakeApi({ 'GET /api/customers/myself/gradebooks': () => failure('NoAuth', 401), 'GET /api/gradebooks/5/categories': () => failure('NoAuth', 401) });
    render(<StudentGradebookScreen gradebookId="5" />);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(signInAddress()));
    expect(assign).not.toHaveBeenCalledWith('/');
  });

  it('tells another account that it cannot see the gradebook (NotAuthorized) instead of sending it home', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    fakeApi({ 'GET /api/customers/myself/gradebooks': () => failure('NotAuthorized', 403), 'GET /api/gradebooks/5/categories': () => success(categories), 'GET /api/gradebooks/5/categories/1/grades': () => success([]) });
    render(<StudentGradebookScreen gradebookId="5" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account cannot do this. Please log in with the right account.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('says why the gradebook did not load, and Try again reads it again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/customers/myself/gradebooks': () => (fail ? failure('DBError', 500) : success([gradebook])),
      'GET /api/gradebooks/5/categories': () => success(categories),
      'GET /api/gradebooks/5/categories/1/grades': () => success([]),
    });
    render(<StudentGradebookScreen gradebookId="5" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'CS 121 Gradebook' })).toBeInTheDocument();
  });
});

describe("The tutor's gradebook screen", () => {
  it('sends a signed-out tutor to sign in and come back here (NoAuth)', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    fakeApi({ 'GET /api/tutors/myself/gradebooks': () => failure('NoAuth', 401), 'GET /api/gradebooks/5/categories': () => failure('NoAuth', 401) });
    render(<TutorGradebookScreen tutorId="myself" gradebookId="5" />);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(signInAddress()));
    expect(assign).not.toHaveBeenCalledWith('/');
  });
});
