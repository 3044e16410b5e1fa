import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TutorHoursReport } from '../../../src/contract/entities.ts';
import { HoursScreen } from '../../../src/features/tutor/HoursScreen.tsx';
import { AWAITING_OWN_HINT } from '../../../src/features/tutor/hours-model.ts';
import { fakeApi, success } from '../fake-api.ts';

/** My Hours: the sessions whose changed duration awaits a supervisor's approval (decision 022), paid as approved so far. */

const report = (extra: Partial<TutorHoursReport> = {}): TutorHoursReport => ({
  tutor_id: 2,
  first_day: '2026-11-23',
  last_day: '2026-12-06',
  from_epoch: Date.UTC(2026, 10, 23, 8) / 1000,
  to_epoch: Date.UTC(2026, 11, 7, 8) / 1000 - 1,
  weeks: [
    { first_day: '2026-11-23', last_day: '2026-11-29', scheduled_minutes: 60, confirmed_minutes: 60 },
    { first_day: '2026-11-30', last_day: '2026-12-06', scheduled_minutes: 0, confirmed_minutes: 0 },
  ],
  scheduled_minutes: 60,
  confirmed_minutes: 60,
  unsummarised: [],
  awaiting_approval: [],
  pay: null,
  ...extra,
});

const renderHours = () => render(<HoursScreen tutorId="myself" title="My Hours" historyPath="/tutors/myself/dashboard/history" own />);

describe('My Hours: changed durations awaiting approval', () => {
  it('lists them with the minutes paid until a supervisor approves', async () => {
    fakeApi({
      'GET /api/tutors/myself/hours': () =>
        success(report({ awaiting_approval: [{ meeting_id: 7, occurrence_epoch: Date.UTC(2026, 10, 24, 17, 30) / 1000, course_number: 'CS 121', duration_mins: 75, paid_minutes: 60 }] })),
    });
    renderHours();
    expect(await screen.findByRole('heading', { level: 2, name: 'Changed durations awaiting approval' })).toBeInTheDocument();
    expect(screen.getByText(AWAITING_OWN_HINT)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Awaiting approval' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('CS 121');
    expect(within(list).getByRole('listitem')).toHaveTextContent('75 min entered; 60 min are paid until a supervisor approves.');
  });

  it('says nothing of approvals when none await', async () => {
    fakeApi({ 'GET /api/tutors/myself/hours': () => success(report()) });
    renderHours();
    expect(await screen.findByRole('heading', { level: 2, name: 'Sessions missing a summary' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /awaiting approval/ })).not.toBeInTheDocument();
  });
});
