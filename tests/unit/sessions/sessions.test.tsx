import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Payment } from '../../../src/contract/entities.ts';
import { ConfirmDialog } from '../../../src/features/sessions/ConfirmDialog.tsx';
import { extraTimeNote, groupByMeeting, historyGroups, upcomingGroups } from '../../../src/features/sessions/group-payments.ts';
import { StudentMeetingCard } from '../../../src/features/sessions/MeetingCard.tsx';
import { failure, fakeApi, success } from '../fake-api.ts';

// Relative to the real clock: the cards decide what is still open (12 hours before the start) from it.
const now = Math.floor(Date.now() / 3_600_000) * 3_600_000;
const meeting = (id: number, hoursFromNow: number, extra: Partial<Payment['meeting']> = {}): Payment['meeting'] => ({
  id,
  occurrence_epoch: now / 1000 + hoursFromNow * 3600,
  duration_mins: 60,
  notes: '',
  course_style: 'online',
  capacity: 2,
  reservations_taken: 1,
  tutor: { id: 2, name: 'Jordan Alvarez', phone: '2065550102', email: 'jordan@beacontutoring.com' },
  offering: { course: { course_number: 'CS 121', course_name: 'Intro to Programming I' } },
  ...extra,
});
const payment = (id: number, m: Payment['meeting'], extra: Partial<Payment> = {}): Payment => ({
  id,
  customer: { id: 1, firstname: 'Alex', lastname: 'Rivera', phone: '2065550199', email: 'alex@example.com' },
  meeting: m,
  is_incremental: false,
  minutes_paid: 60,
  payment_status: 'succeeded',
  subscription: null,
  inserted_at_epoch: 0,
  ...extra,
});

describe('grouping payments by meeting', () => {
  const past = meeting(1, -48);
  const soon = meeting(2, 24);
  const later = meeting(3, 96);
  const payments = [payment(10, later), payment(11, past), payment(12, past, { is_incremental: true, minutes_paid: 30 }), payment(13, soon), payment(14, meeting(4, 50), { payment_status: 'canceled' })];

  it('groups overtime with its meeting', () => {
    expect(groupByMeeting(payments).find((g) => g.meeting.id === 1)!.payments).toHaveLength(2);
  });

  it('lists upcoming soonest first without skipped meetings, and history latest first', () => {
    expect(upcomingGroups(payments, now).map((g) => g.meeting.id)).toEqual([2, 3]);
    expect(historyGroups(payments, now).map((g) => g.meeting.id)).toEqual([1]);
  });

  it('notes extra time billed over several transactions', () => {
    expect(extraTimeNote([payment(1, past)])).toBeNull();
    expect(extraTimeNote([payment(1, past), payment(2, past, { is_incremental: true, minutes_paid: 30 })])).toBe(
      '0.5 hours of extra time billed in 2 separate transactions',
    );
  });
});

describe('StudentMeetingCard', () => {
  it('shows date, time, chips and the tutor, with Skip Meeting and Cancel Subscription for a weekly upcoming meeting', () => {
    const m = meeting(5, 72);
    render(<StudentMeetingCard group={{ meeting: m, payments: [payment(20, m, { payment_status: 'subscription_pending', subscription: { id: 9 } })] }} onChanged={vi.fn()} />);
    expect(screen.getByText('Intro to Programming I')).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.getByText('Group-of-Two')).toBeInTheDocument();
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your tutor' })).toBeInTheDocument();
    expect(screen.getByText('Jordan Alvarez')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skip Meeting' })).toBeInTheDocument();
  });

  it('has no footer for a past meeting and shows the overtime chip', () => {
    const m = meeting(6, -72, { duration_mins: 90, course_style: 'in-person' });
    render(<StudentMeetingCard group={{ meeting: m, payments: [payment(21, m), payment(22, m, { is_incremental: true, minutes_paid: 30 })] }} onChanged={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Skip Meeting' })).not.toBeInTheDocument();
    expect(screen.getByText('On Campus')).toBeInTheDocument();
    expect(screen.getByText('Complete: 30 min overtime')).toBeInTheDocument();
    expect(screen.getByText(/extra time billed in 2 separate transactions/)).toBeInTheDocument();
  });

  it('shows the homework of the session\'s lesson report, and nothing when there is none', () => {
    const m = meeting(7, -24, { homework: 'Exercises 3.1 to 3.4\nRead chapter 4' });
    const { unmount } = render(<StudentMeetingCard group={{ meeting: m, payments: [payment(23, m)] }} onChanged={vi.fn()} />);
    expect(screen.getByText(/^Homework:/)).toHaveTextContent('Homework: Exercises 3.1 to 3.4 Read chapter 4');
    unmount();
    const none = meeting(8, -24, { homework: '' });
    render(<StudentMeetingCard group={{ meeting: none, payments: [payment(24, none)] }} onChanged={vi.fn()} />);
    expect(screen.queryByText(/^Homework:/)).not.toBeInTheDocument();
  });

  it('skips through the confirmation dialog and reports the change', async () => {
    const seen = fakeApi({ 'POST /api/payments/23/skip': () => success({ id: 23 }) });
    const onChanged = vi.fn();
    const m = meeting(7, 72);
    render(<StudentMeetingCard group={{ meeting: m, payments: [payment(23, m)] }} onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('button', { name: 'Skip Meeting' }));
    // The dialog's code is fetched on first use.
    expect(await screen.findByRole('dialog', { name: 'Are you sure?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nevermind' }));
    expect(seen).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Skip Meeting' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Skip Meeting' }).at(-1)!);
    expect(await screen.findByRole('dialog', { name: 'Meeting canceled' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/payments/23/skip' });
  });
});

describe('StudentMeetingCard under 12 hours before the start', () => {
  /** A meeting `hours` from the real now: the card reads the browser's clock. */
  const startingIn = (id: number, hours: number) => meeting(id, 0, { occurrence_epoch: Math.floor(Date.now() / 1000 + hours * 3600) });

  it('shows Skip Meeting closed with the reason and the number to call or text, and opens nothing', async () => {
    const seen = fakeApi({});
    const m = startingIn(8, 11.5);
    render(<StudentMeetingCard group={{ meeting: m, payments: [payment(24, m, { payment_status: 'subscription_pending', subscription: { id: 9 } })] }} onChanged={vi.fn()} />);
    const skip = screen.getByRole('button', { name: 'Skip Meeting' });
    expect(skip).toHaveAttribute('aria-disabled', 'true');
    expect(skip).toHaveAccessibleDescription('Skipping closes 12 hours before the start; call or text (206) 555-0142');
    expect(screen.getByRole('link', { name: '(206) 555-0142' })).toHaveAttribute('href', 'tel:+12065550142');
    await userEvent.click(skip);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('keeps Cancel Subscription (the later weeks can still be canceled) and says this meeting stays booked', async () => {
    fakeApi({});
    const m = startingIn(9, 3);
    render(<StudentMeetingCard group={{ meeting: m, payments: [payment(25, m, { payment_status: 'subscription_pending', subscription: { id: 9 } })] }} onChanged={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByRole('dialog', { name: 'Are you sure?' })).toHaveTextContent('This meeting stays booked: it is less than 12 hours away.');
  });

  it('offers Skip Meeting just over 12 hours before the start', () => {
    const m = startingIn(10, 12.2);
    render(<StudentMeetingCard group={{ meeting: m, payments: [payment(26, m)] }} onChanged={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Skip Meeting' })).not.toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByText(/Skipping closes/)).not.toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  it('says a refusal in words inside the dialog on failure', async () => {
    fakeApi({});
    const run = vi.fn(async () => failure('TooLate', 409).body as { status: 'failure'; error: { type: string } });
    const onClose = vi.fn();
    render(<ConfirmDialog open action="Cancel Subscription" what="Subscription" run={run} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Changes close 12 hours before the start; call or text (206) 555-0142');
    expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nevermind' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it("words a skip's TooLate as the card does", async () => {
    fakeApi({});
    const run = vi.fn(async () => failure('TooLate', 409).body as { status: 'failure'; error: { type: string } });
    render(<ConfirmDialog open action="Skip Meeting" what="Meeting" run={run} messageContext="skip" onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Skip Meeting' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Skipping closes 12 hours before the start; call or text (206) 555-0142');
  });

  it("titles success 'Subscription canceled'", async () => {
    const onClose = vi.fn();
    render(<ConfirmDialog open action="Cancel Subscription" what="Subscription" run={async () => ({ status: 'success' as const, data: { id: 1 } })} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByRole('dialog', { name: 'Subscription canceled' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });
});
