import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { attendeesOf } from '../../../src/features/sessions/attendees.ts';
import { StaffMeetingCard } from '../../../src/features/sessions/StaffMeetingCard.tsx';
import { StudentMeetingCard } from '../../../src/features/sessions/MeetingCard.tsx';
import { fakeApi, success } from '../fake-api.ts';
import { alex, item, meeting, openSlot, payment, sam } from './fixtures.ts';

const renderCard = (data: ReturnType<typeof item>, props: { forceFooter?: boolean; withSummary?: boolean } = {}) => {
  const onChanged = vi.fn();
  render(<StaffMeetingCard meeting={data.meeting} payments={data.payments} onChanged={onChanged} {...props} />);
  return onChanged;
};

describe('attendeesOf', () => {
  it('groups payments per customer, booking before overtime, and marks weekly subscribers', () => {
    const m = meeting(-2);
    const overtime = payment(m, { is_incremental: true, minutes_paid: 30, inserted_at_epoch: m.occurrence_epoch + 7200 });
    const booking = payment(m, { subscription: { id: 4 } });
    const other = payment(m, { customer: sam });
    const attendees = attendeesOf([overtime, other, booking]);
    expect(attendees.map((a) => a.customer.firstname)).toEqual(['Alex', 'Sam']);
    expect(attendees[0]!.payments).toEqual([booking, overtime]);
    expect(attendees[0]!.weekly).toBe(true);
    expect(attendees[1]!.weekly).toBe(false);
  });
});

describe('StaffMeetingCard', () => {
  it('shows the shared header and each attendee with phone, email, subscription mark and payment lines', () => {
    const m = meeting(48, { capacity: 2, reservations_taken: 2, course_style: 'in-person' });
    renderCard(
      item(m, [
        { customer: alex, subscription: { id: 7 }, payment_status: 'subscription_pending' },
        { customer: alex, is_incremental: true, minutes_paid: 30 },
        { customer: sam, payment_status: 'processing' },
      ]),
    );
    expect(screen.getByText('Intro to Programming I')).toBeInTheDocument();
    expect(screen.getByText('On Campus')).toBeInTheDocument();
    expect(screen.getByText('Group-of-Two')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Attendees' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your tutor' })).not.toBeInTheDocument();

    const attendees = screen.getAllByRole('listitem').filter((li) => li.querySelector('strong'));
    expect(attendees).toHaveLength(2);
    const first = within(attendees[0]!);
    expect(first.getByText('Alex Rivera')).toBeInTheDocument();
    expect(first.getByRole('link', { name: '(206) 555-0199' })).toHaveAttribute('href', 'tel:+12065550199');
    expect(first.getByRole('link', { name: 'alex@example.com' })).toHaveAttribute('href', 'mailto:alex@example.com');
    expect(first.getByRole('img', { name: 'Weekly subscription' })).toHaveAttribute('title', 'Weekly subscription');
    const lines = first.getByRole('list', { name: 'Payments of Alex Rivera' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Scheduled', 'Paid: 30 min overtime']);

    const second = within(attendees[1]!);
    expect(second.getByText('Sam Lee')).toBeInTheDocument();
    expect(second.getByText('Processing')).toBeInTheDocument();
    expect(second.queryByRole('img', { name: 'Weekly subscription' })).not.toBeInTheDocument();
    expect(screen.queryByText('This slot is unbooked')).not.toBeInTheDocument();
  });

  it("says 'This slot is unbooked' for a meeting without attendees, and offers Reschedule/Edit Duration and Delete, not Cancel Meeting", () => {
    renderCard(item(openSlot(24), []));
    expect(screen.getByText('This slot is unbooked')).toBeInTheDocument();
    expect(screen.getByText('Empty')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Meeting' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reschedule/Edit Duration' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('shows a freed slot as unbooked, its canceled bookings folded under Earlier bookings, with no Cancel Meeting', () => {
    renderCard(item(meeting(24), [{ payment_status: 'canceled', subscription: { id: 3 } }]));
    expect(screen.getByText('This slot is unbooked')).toBeInTheDocument();
    const earlier = screen.getByText('Earlier bookings (canceled/refunded)').closest('details')!;
    expect(earlier).not.toHaveAttribute('open');
    expect(within(earlier).getByText('Alex Rivera')).toBeInTheDocument();
    expect(within(earlier).getByText('Canceled/Refunded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Meeting' })).not.toBeInTheDocument();
  });

  it('lists who attends, and folds away only the customers whose bookings were all canceled', () => {
    const m = meeting(24, { capacity: 2, reservations_taken: 1 });
    renderCard(item(m, [{ customer: sam, payment_status: 'canceled' }, { customer: alex }]));
    expect(screen.queryByText('This slot is unbooked')).not.toBeInTheDocument();
    const earlier = screen.getByText('Earlier bookings (canceled/refunded)').closest('details')!;
    expect(within(earlier).getByText('Sam Lee')).toBeInTheDocument();
    expect(within(earlier).queryByText('Alex Rivera')).not.toBeInTheDocument();
    expect(screen.getByText('Alex Rivera').closest('details')).toBeNull();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Meeting' })).toBeInTheDocument();
  });

  it('has the edit icon with its tooltip, and a footer for upcoming meetings only unless forced', () => {
    const { unmount } = render(<StaffMeetingCard {...item(meeting(24))} onChanged={vi.fn()} />);
    const edit = screen.getByRole('button', { name: 'Reschedule/Enter Overtime' });
    expect(edit).toHaveAttribute('title', 'Reschedule/Enter Overtime');
    expect(screen.getByRole('button', { name: 'Cancel Meeting' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reschedule/Edit Duration' })).toBeInTheDocument();
    unmount();

    const past = item(meeting(-24));
    const second = render(<StaffMeetingCard {...past} onChanged={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Reschedule/Enter Overtime' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Meeting' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reschedule/Edit Duration' })).not.toBeInTheDocument();
    second.unmount();

    render(<StaffMeetingCard {...past} onChanged={vi.fn()} forceFooter />);
    expect(screen.getByRole('button', { name: 'Cancel Meeting' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reschedule/Edit Duration' })).toBeInTheDocument();
  });

  it('opens the edit dialog from the icon and from the footer', async () => {
    renderCard(item(meeting(24)));
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule/Enter Overtime' }));
    // The dialog's code loads when it is first opened.
    expect(await screen.findByRole('dialog', { name: 'Edit Meeting Time + Duration' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule/Edit Duration' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Meeting Time + Duration' })).toBeInTheDocument();
  });

  it("cancels through the confirmation dialog ('Tutor Meeting canceled') and reports the change", async () => {
    const data = item(meeting(24));
    const seen = fakeApi({ [`POST /api/meetings/${data.meeting.id}/cancel`]: () => success({ ...data.meeting, reservations_taken: 0 }) });
    const onChanged = renderCard(data);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('Every attendee of this meeting is refunded and told that it is canceled.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nevermind' }));
    expect(seen).toHaveLength(0);
    expect(onChanged).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel Meeting' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel Meeting' }));
    expect(await screen.findByRole('dialog', { name: 'Tutor Meeting canceled' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([expect.objectContaining({ method: 'POST', path: `/api/meetings/${data.meeting.id}/cancel` })]);
  });

  it('marks a past meeting without a summary and clears the mark once one is saved', async () => {
    const data = item(meeting(-3));
    fakeApi({ [`POST /api/meetings/${data.meeting.id}/notes`]: ({ form }) => success({ ...data.meeting, notes: form.notes }) });
    renderCard(data, { withSummary: true });
    expect(screen.getByRole('img', { name: 'Summary missing' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('One-Line Meeting Summary:'), 'Loops and recursion');
    await userEvent.click(screen.getByRole('button', { name: 'Submit summary' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Summary missing' })).not.toBeInTheDocument();
  });

  it('has no summary box or mark outside the work history, nor a mark when the summary exists', () => {
    const { unmount } = renderCardWith(item(meeting(-3)));
    expect(screen.queryByLabelText('One-Line Meeting Summary:')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Summary missing' })).not.toBeInTheDocument();
    unmount();
    renderCard(item(meeting(-3, { notes: 'Covered loops' })), { withSummary: true });
    expect(screen.getByLabelText('One-Line Meeting Summary:')).toHaveValue('Covered loops');
    expect(screen.queryByRole('img', { name: 'Summary missing' })).not.toBeInTheDocument();
  });
});

function renderCardWith(data: ReturnType<typeof item>) {
  return render(<StaffMeetingCard meeting={data.meeting} payments={data.payments} onChanged={vi.fn()} />);
}

describe('one card for both views', () => {
  it('renders the same header for the student card, with payment chips only there', () => {
    const m = meeting(24);
    const { container: student } = render(<StudentMeetingCard group={{ meeting: m, payments: [payment(m)] }} onChanged={vi.fn()} />);
    const studentChips = [...student.querySelectorAll('header > p > span')].map((c) => c.textContent);
    expect(studentChips).toEqual(['Intro to Programming I', 'Online', 'One-on-One', 'Paid']);
    const { container: staff } = render(<StaffMeetingCard meeting={m} payments={[payment(m)]} onChanged={vi.fn()} />);
    const staffChips = [...staff.querySelectorAll('header > p > span')].map((c) => c.textContent);
    expect(staffChips).toEqual(['Intro to Programming I', 'Online', 'One-on-One']);
  });

  it('offers a supervisor a refund of an overtime charge that went through, with a reason, and a late cancel with a reason', async () => {
    const m = meeting(-30);
    const data = item(m, [{ customer: alex }, { customer: alex, is_incremental: true, minutes_paid: 30 }, { customer: alex, is_incremental: true, minutes_paid: 30, payment_status: 'requires_payment_method' }]);
    const overtime = data.payments.find((p) => p.is_incremental && p.payment_status === 'succeeded')!;
    const seen = fakeApi({
      [`POST /api/payments/${overtime.id}/refund`]: () => success({ id: overtime.id }),
      [`POST /api/meetings/${m.id}/cancel`]: () => success(m),
    });
    const onChanged = vi.fn();
    const { unmount } = render(<StaffMeetingCard meeting={m} payments={data.payments} onChanged={onChanged} />);
    // A tutor: neither.
    expect(screen.queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel and Refund' })).not.toBeInTheDocument();
    unmount();

    render(<StaffMeetingCard meeting={m} payments={data.payments} onChanged={onChanged} supervisor />);
    // Only the charge that went through.
    expect(screen.getAllByRole('button', { name: /^Refund/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Refund 30 min overtime of Alex Rivera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this overtime charge?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason');
    expect(seen).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Ended on time');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(seen).toEqual([expect.objectContaining({ path: `/api/payments/${overtime.id}/refund`, form: { reason: 'Ended on time' } })]);
    expect(onChanged).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel and Refund' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel and refund this session?' });
    await userEvent.type(within(cancel).getByLabelText('Reason'), 'Tutor was ill');
    await userEvent.click(within(cancel).getByRole('button', { name: 'Cancel and Refund' }));
    expect(seen.at(-1)).toEqual(expect.objectContaining({ path: `/api/meetings/${m.id}/cancel`, form: { reason: 'Tutor was ill' } }));
    expect(onChanged).toHaveBeenCalledTimes(2);
  });
});
