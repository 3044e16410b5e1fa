import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Payment } from '../../../src/contract/entities.ts';
import { canAddToCalendar } from '../../../src/features/sessions/calendar-link.ts';
import { StudentMeetingCard } from '../../../src/features/sessions/MeetingCard.tsx';
import { StaffMeetingCard } from '../../../src/features/sessions/StaffMeetingCard.tsx';
import { item, meeting, openSlot, payment, sam } from '../tutor/fixtures.ts';

const LINK = { name: 'Add to calendar' } as const;

function renderStudent(hoursFromNow: number, payments: Partial<Payment>[] = [{}], duration = 60) {
  const m = meeting(hoursFromNow, { duration_mins: duration });
  render(<StudentMeetingCard group={{ meeting: m, payments: payments.map((p) => payment(m, p)) }} onChanged={vi.fn()} />);
  return m;
}

function renderStaff(data: ReturnType<typeof item>, props: { forceFooter?: boolean; withSummary?: boolean } = {}) {
  render(<StaffMeetingCard meeting={data.meeting} payments={data.payments} onChanged={vi.fn()} {...props} />);
  return data.meeting;
}

describe('canAddToCalendar', () => {
  const now = Date.UTC(2026, 10, 21, 12);
  const at = (minutesFromNow: number, duration = 60) => ({ occurrence_epoch: now / 1000 + minutesFromNow * 60, duration_mins: duration });
  const booked = [{ is_incremental: false, payment_status: 'succeeded' }];

  it('offers upcoming and in-progress meetings that someone booked', () => {
    expect(canAddToCalendar(at(60), booked, now)).toBe(true);
    expect(canAddToCalendar(at(-30), booked, now)).toBe(true);
    expect(canAddToCalendar(at(60), [{ is_incremental: false, payment_status: 'subscription_pending' }], now)).toBe(true);
    expect(canAddToCalendar(at(60), [{ is_incremental: false, payment_status: 'processing' }], now)).toBe(true);
  });

  it('does not offer ended, skipped, canceled, unpaid or unbooked meetings', () => {
    expect(canAddToCalendar(at(-60), booked, now)).toBe(false);
    expect(canAddToCalendar(at(-90), booked, now)).toBe(false);
    expect(canAddToCalendar(at(60), [{ is_incremental: false, payment_status: 'canceled' }], now)).toBe(false);
    expect(canAddToCalendar(at(60), [{ is_incremental: false, payment_status: 'requires_payment_method' }], now)).toBe(false);
    expect(canAddToCalendar(at(60), [{ is_incremental: true, payment_status: 'succeeded' }], now)).toBe(false);
    expect(canAddToCalendar(at(60), [], now)).toBe(false);
  });
});

describe("'Add to calendar' on the student's meeting card", () => {
  it('links an upcoming booked meeting to its .ics download, beside Skip Meeting, reachable by keyboard', async () => {
    const m = renderStudent(48, [{ payment_status: 'subscription_pending', subscription: { id: 9 } }]);
    const link = screen.getByRole('link', LINK);
    expect(link).toHaveAttribute('href', `/api/meetings/${m.id}/calendar`);
    expect(link).toHaveAttribute('download', `session-${m.id}.ics`);
    const footer = link.closest('footer')!;
    expect(within(footer).getByRole('button', { name: 'Skip Meeting' })).toBeInTheDocument();
    expect(within(footer).getByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument();

    const user = userEvent.setup();
    for (let i = 0; i < 10 && document.activeElement !== link; i++) await user.tab();
    expect(link).toHaveFocus();
  });

  it('keeps it for a meeting in progress (without Skip Meeting)', () => {
    renderStudent(-0.5);
    expect(screen.getByRole('link', LINK)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip Meeting' })).not.toBeInTheDocument();
  });

  it('has none for a past meeting, which keeps no footer', () => {
    renderStudent(-2);
    expect(screen.queryByRole('link', LINK)).not.toBeInTheDocument();
    expect(document.querySelector('footer')).toBeNull();
  });

  it('has none for a skipped meeting', () => {
    renderStudent(48, [{ payment_status: 'canceled' }]);
    expect(screen.queryByRole('link', LINK)).not.toBeInTheDocument();
  });

  it('has none for a meeting whose payment did not go through', () => {
    renderStudent(48, [{ payment_status: 'requires_payment_method' }]);
    expect(screen.queryByRole('link', LINK)).not.toBeInTheDocument();
  });
});

describe("'Add to calendar' on the tutor's meeting card", () => {
  it('links an upcoming booked meeting to its .ics download, beside the staff buttons', () => {
    const m = renderStaff(item(meeting(24, { capacity: 2, reservations_taken: 2 }), [{}, { customer: sam, payment_status: 'processing' }]));
    const link = screen.getByRole('link', LINK);
    expect(link).toHaveAttribute('href', `/api/meetings/${m.id}/calendar`);
    expect(link).toHaveAttribute('download', `session-${m.id}.ics`);
    const footer = link.closest('footer')!;
    expect(within(footer).getByRole('button', { name: 'Cancel Meeting' })).toBeInTheDocument();
    expect(within(footer).getByRole('button', { name: 'Reschedule/Edit Duration' })).toBeInTheDocument();
  });

  it('keeps it for a meeting in progress', () => {
    renderStaff(item(meeting(-0.25, { duration_mins: 90 })), { withSummary: true });
    expect(screen.getByRole('link', LINK)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Meeting' })).not.toBeInTheDocument();
  });

  it('has none for an unbooked slot', () => {
    renderStaff(item(openSlot(24), []));
    expect(screen.queryByRole('link', LINK)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reschedule/Edit Duration' })).toBeInTheDocument();
  });

  it('has none when every booking was canceled or refunded', () => {
    renderStaff(item(meeting(24), [{ payment_status: 'canceled' }, { customer: sam, payment_status: 'canceled' }]));
    expect(screen.queryByRole('link', LINK)).not.toBeInTheDocument();
  });

  it('has none for a past meeting, even with the footer forced', () => {
    renderStaff(item(meeting(-3)), { forceFooter: true, withSummary: true });
    expect(screen.queryByRole('link', LINK)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reschedule/Edit Duration' })).toBeInTheDocument();
  });
});
