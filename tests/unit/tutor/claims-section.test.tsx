import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GuaranteeClaim } from '../../../src/contract/entities.ts';
import { ClaimsSection } from '../../../src/features/tutor/ClaimsSection.tsx';
import { fakeApi, success } from '../fake-api.ts';

const claim: GuaranteeClaim = {
  id: 3,
  gradebook_id: 5,
  customer: { id: 8, firstname: 'Alex', lastname: 'Rivera' },
  course: { course_number: 'CS 121', course_name: 'Intro to Programming I' },
  final_grade: 'D',
  hours_counted: 12,
  classes_counted: 12,
  grades: [{ name: 'Midterm', percent: 61.5, due_epoch: 1_795_000_000, entered_epoch: 1_795_100_000 }],
  status: 'open',
  decided_by: null,
  decline_reason: null,
  refund_cents: null,
  claimed_epoch: 1_796_000_000,
  decided_epoch: null,
};

describe('Guarantee claims (supervisors)', () => {
  it('lists a claim with what was counted and its grades, and approves it', async () => {
    const seen = fakeApi({
      'GET /api/guarantee-claims': () => success([claim]),
      'POST /api/guarantee-claims/3/approve': () => success({ ...claim, status: 'approved', decided_by: 'Maya Chen', refund_cents: 60500 }),
    });
    render(<ClaimsSection />);
    const item = within((await screen.findByRole('heading', { level: 3, name: 'Alex Rivera · CS 121' })).closest('li')!);
    expect(item.getByText(/Final grade D · 12 hours, 12 sessions/)).toBeInTheDocument();
    expect(item.getByText(/Midterm: 61.5%/)).toBeInTheDocument();
    await userEvent.click(item.getByRole('button', { name: 'Approve and refund: Alex Rivera, CS 121' }));
    expect(await item.findByText('Approved by Maya Chen: $605 refunded')).toBeInTheDocument();
    expect(seen.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/guarantee-claims/3/approve');
  });

  it('declines a claim only with a reason', async () => {
    const seen = fakeApi({
      'GET /api/guarantee-claims': () => success([claim]),
      'POST /api/guarantee-claims/3/decline': (r) => success({ ...claim, status: 'declined', decided_by: 'Maya Chen', decline_reason: r.form.reason }),
    });
    render(<ClaimsSection />);
    const item = within((await screen.findByRole('heading', { level: 3, name: 'Alex Rivera · CS 121' })).closest('li')!);
    await userEvent.click(item.getByRole('button', { name: 'Decline…' }));
    await userEvent.click(item.getByRole('button', { name: 'Decline the claim' }));
    expect(item.getByText('Please say why the claim is declined.')).toBeInTheDocument();
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.type(item.getByLabelText('Reason'), 'A D is a pass here.');
    await userEvent.click(item.getByRole('button', { name: 'Decline the claim' }));
    expect(await item.findByText('Declined by Maya Chen: A D is a pass here.')).toBeInTheDocument();
  });

  it('says when nobody has claimed', async () => {
    fakeApi({ 'GET /api/guarantee-claims': () => success([]) });
    render(<ClaimsSection />);
    expect(await screen.findByText('No student has claimed the pass guarantee.')).toBeInTheDocument();
  });
});
