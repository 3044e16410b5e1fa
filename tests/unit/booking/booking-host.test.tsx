import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Course, Offering } from '../../../src/contract/entities.ts';
import { BookingFlow } from '../../../src/features/booking/BookingFlow.tsx';
import { type BookingReport, BookingHostContext } from '../../../src/features/booking/booking-host.ts';
import { $booking, resetBooking } from '../../../src/features/booking/booking-store.ts';
import { fakeApi, success } from '../fake-api.ts';

const courses: Course[] = [
  { id: 1, course_number: 'CS 121', course_name: 'Intro to Programming I', school: 'university' },
  { id: 7, course_number: 'APCS A', course_name: 'AP Computer Science A', school: 'highschool' },
];
const offering: Offering = { id: 4, qualification: 'A in CS 121', archived: false, course: courses[0]!, tutor: { id: 2, name: 'Jordan Alvarez', background: 'bio', role: 'Tutor' } };
// Tuesday 2033-05-17 20:00 UTC: 1 pm in Los Angeles, 4 pm in New York.
const START = Date.UTC(2033, 4, 17, 20) / 1000;

function catalogApi() {
  return fakeApi({
    'GET /api/courses': () => success(courses),
    'GET /api/prices': () => success({ subscription: { '1': 4500, '2': 3000 }, onetime: { '1': 5500, '2': 3500 } }),
    'GET /api/meetings': () => success([{ id: 9, occurrence_epoch: START, duration_mins: 60, offering }]),
  });
}

function renderHosted(host: { course?: string; zone?: string }) {
  const reports: BookingReport[] = [];
  resetBooking();
  render(
    <BookingHostContext.Provider value={{ ...host, linksInNewTab: true, report: (r) => reports.push(r) }}>
      <BookingFlow loginDialog={() => null} />
    </BookingHostContext.Provider>,
  );
  return reports;
}

describe('the booking flow in a host page (the embedded widget)', () => {
  it("opens with the host's course chosen, in the school it belongs to, and reports each step", async () => {
    catalogApi();
    const reports = renderHosted({ course: 'cs 121' });
    expect(await screen.findByText('CS 121 (Intro to Programming I)')).toBeInTheDocument();
    expect($booking.get().selection.courseId).toBe('1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^One-on-one/ }));
    await user.click(screen.getByRole('radio', { name: /^One Time/ }));
    await user.click(screen.getByRole('radio', { name: 'Online' }));
    await user.click(screen.getByRole('button', { name: 'Select Tutor, Time and Location' }));
    expect(await screen.findByRole('button', { name: /^Book Jordan Alvarez/ })).toBeInTheDocument();
    expect(reports).toEqual([
      { type: 'step', step: 'select' },
      { type: 'step', step: 'list' },
    ]);
  });

  it('chooses nothing for a course the school does not have', async () => {
    catalogApi();
    renderHosted({ course: 'APCS A' });
    expect(await screen.findByRole('heading', { name: /^Meet a/ })).toBeInTheDocument();
    expect($booking.get().selection.courseId).toBeNull();
  });

  it("shows times in the host's zone", async () => {
    catalogApi();
    renderHosted({ course: 'CS 121', zone: 'America/New_York' });
    await screen.findByText('CS 121 (Intro to Programming I)');
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^One-on-one/ }));
    await user.click(screen.getByRole('radio', { name: /^One Time/ }));
    await user.click(screen.getByRole('radio', { name: 'Online' }));
    await user.click(screen.getByRole('button', { name: 'Select Tutor, Time and Location' }));
    expect(await screen.findByRole('button', { name: 'Book Jordan Alvarez, Tuesday 4:00–5:00 PM EDT' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tuesday, May 17, 2033' })).toBeInTheDocument();
  });
});
