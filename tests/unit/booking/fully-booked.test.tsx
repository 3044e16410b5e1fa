import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Course, Offering, Prices } from '../../../src/contract/entities.ts';
import type { Selection } from '../../../src/features/booking/booking-machine.ts';
import { $booking, resetBooking } from '../../../src/features/booking/booking-store.ts';
import { StepSelect } from '../../../src/features/booking/StepSelect.tsx';
import { fakeApi, success } from '../fake-api.ts';

const prices: Prices = { subscription: { '1': 4500, '2': 3000 }, onetime: { '1': 5500, '2': 3500 } };
const courses: Course[] = [{ id: 1, course_number: 'CS 121', course_name: 'Intro to Programming I', school: 'university' }];
const offering: Offering = { id: 4, qualification: 'A in CS 121', archived: false, course: courses[0]!, tutor: { id: 2, name: 'Jordan Alvarez', background: 'bio', role: 'Tutor' } };
const selection: Selection = { school: 'university', courseId: '1', capacity: 1, frequency: 'onetime', style: 'online' };

/** Meetings open for group-of-two online only. */
function availabilityApi(openFor: (query: Record<string, string>) => boolean) {
  return fakeApi({
    'GET /api/meetings': ({ query }) => success(openFor(query) ? [{ id: 9, occurrence_epoch: 2_000_000_000, duration_mins: 60, offering }] : []),
  });
}

function renderFullyBooked() {
  resetBooking();
  render(<StepSelect selection={selection} courses={courses} prices={prices} availability={{ status: 'ready', appointments: [] }} />);
}

describe("step 1's fully booked notice", () => {
  it('links the phone number, and offers the other size when it has openings (not the other place, which has none)', async () => {
    const seen = availabilityApi((query) => query.capacity === '2' && query.course_style === 'online');
    renderFullyBooked();
    expect(screen.getByRole('link', { name: '(206) 555-0142' })).toHaveAttribute('href', 'tel:+12065550142');
    const groupOfTwo = await screen.findByRole('button', { name: 'Group-of-Two' });
    expect(screen.getByText(/Tutors have openings for/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'On-Campus' })).toBeNull();
    // It asked for the other size at the same place and the other place at the same size.
    expect(seen.map((r) => r.query)).toEqual(
      expect.arrayContaining([expect.objectContaining({ capacity: '2', course_style: 'online' }), expect.objectContaining({ capacity: '1', course_style: 'in-person' })]),
    );
    await userEvent.setup().click(groupOfTwo);
    expect($booking.get().selection.capacity).toBe(2);
  });

  it('offers the other place when that has openings', async () => {
    availabilityApi((query) => query.capacity === '1' && query.course_style === 'in-person');
    renderFullyBooked();
    expect(await screen.findByRole('button', { name: 'On-Campus' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Group-of-Two' })).toBeNull();
  });

  it('suggests nothing when neither has openings, and the continue button says why it is disabled', async () => {
    const seen = availabilityApi(() => false);
    renderFullyBooked();
    // The fake answers at once: both arrive and are settled (nothing to suggest) before looking.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(seen).toHaveLength(2);
    expect(screen.queryByText(/Tutors have openings for/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Select Tutor, Time and Location' })).toHaveAccessibleDescription('No open times for these choices.');
  });
});
