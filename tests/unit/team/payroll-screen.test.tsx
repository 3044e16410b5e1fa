import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Payroll, PayrollAwaiting } from '../../../src/contract/entities.ts';
import { PayrollScreen } from '../../../src/features/team/PayrollScreen.tsx';
import { NOTHING_AWAITING } from '../../../src/features/team/PayrollApprovals.tsx';
import { OWN_SESSION_NOTE, PAID_TIME_RANGE_MESSAGE } from '../../../src/lib/paid-time.ts';
import { failure, fakeApi, never, success } from '../fake-api.ts';

/** Payroll's changed durations awaiting approval (decision 022): one click per session, 'Approve all' per tutor. */

const jordan = { id: 2, name: 'Jordan Alvarez' };
const maya = { id: 1, name: 'Maya Chen' };
// 9:30 AM in Los Angeles on Dec 1 and Dec 2 2026.
const dec1 = Date.UTC(2026, 11, 1, 17, 30) / 1000;
const dec2 = Date.UTC(2026, 11, 2, 17, 30) / 1000;

const awaiting = (extra: Partial<PayrollAwaiting>): PayrollAwaiting => ({
  meeting_id: 7,
  tutor_id: jordan.id,
  occurrence_epoch: dec1,
  course_number: 'CS 121',
  duration_mins: 75,
  paid_minutes: 60,
  requested_by: jordan,
  requested_epoch: dec1 + 7200,
  summarised: true,
  can_approve: true,
  ...extra,
});

const tutorLine = (who: { id: number; name: string }, awaitingCount: number) => ({
  tutor_id: who.id,
  name: who.name,
  confirmed_minutes: 120,
  cents: 6000,
  unrated_minutes: 0,
  rate_cents: 3000,
  held_back: 0,
  held_back_minutes: 0,
  awaiting_approval: awaitingCount,
});

const payroll = (list: PayrollAwaiting[]): Payroll => ({
  first_day: '2026-11-23',
  last_day: '2026-12-06',
  paid: null,
  over: true,
  tutors: [tutorLine(jordan, list.filter((a) => a.tutor_id === jordan.id).length), tutorLine(maya, list.filter((a) => a.tutor_id === maya.id).length)],
  sessions: [],
  awaiting: list,
  total_cents: 12_000,
});

const open = payroll([
  awaiting({}),
  awaiting({ meeting_id: 8, occurrence_epoch: dec2, duration_mins: 45, course_number: 'MATH 124', summarised: false }),
  awaiting({ meeting_id: 9, tutor_id: maya.id, requested_by: maya, duration_mins: 90, can_approve: false }),
]);

const group = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

describe('Payroll: paid time awaiting approval', () => {
  it('lists each tutor\'s changed durations with what is paid meanwhile; a supervisor\'s own come without buttons', async () => {
    fakeApi({ 'GET /api/payroll': () => success(open) });
    render(<PayrollScreen onDenied={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the payroll…');
    const table = await screen.findByRole('table', { name: 'Pay per tutor' });
    expect(within(table).getByRole('columnheader', { name: 'Awaiting approval' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Jordan Alvarez/ })).toHaveTextContent(/—\s*2\s*\$30\/h/);

    const section = screen.getByRole('region', { name: 'Awaiting approval' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Awaiting approval' })).toBeInTheDocument();
    const jordans = group('Jordan Alvarez');
    expect(jordans).toHaveTextContent('(2 awaiting)');
    const items = within(jordans).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Awaiting approval 75 min entered by Jordan Alvarez; 60 min are paid until a supervisor approves.');
    expect(items[1]).toHaveTextContent('45 min entered by Jordan Alvarez; 60 min are paid until a supervisor approves. No summary yet: its pay waits for one.');
    expect(within(items[0]!).getByRole('button', { name: /^Approve 75 min: CS 121 on / })).toBeInTheDocument();
    expect(within(jordans).getByRole('button', { name: 'Approve all (2) of Jordan Alvarez' })).toHaveTextContent('Approve all (2)');

    const mayas = group('Maya Chen');
    expect(mayas).toHaveTextContent(OWN_SESSION_NOTE);
    expect(within(mayas).queryByRole('button')).not.toBeInTheDocument();
  });

  it('approves one session with one click (by keyboard), then reads the payroll again', async () => {
    let approved = false;
    const seen = fakeApi({
      'GET /api/payroll': () => success(approved ? payroll([awaiting({ meeting_id: 8, duration_mins: 45 })]) : open),
      'POST /api/meetings/7/duration-approval': () => {
        approved = true;
        return success({ id: 7 });
      },
    });
    render(<PayrollScreen onDenied={vi.fn()} />);
    const button = await screen.findByRole('button', { name: /^Approve 75 min: CS 121 on / });
    button.focus();
    await userEvent.setup().keyboard('{Enter}');
    await vi.waitFor(() => expect(within(group('Jordan Alvarez')).getAllByRole('listitem')).toHaveLength(1));
    expect(seen.find((r) => r.method === 'POST')).toMatchObject({ path: '/api/meetings/7/duration-approval', form: { minutes: '75' } });
    expect(seen.filter((r) => r.path === '/api/payroll')).toHaveLength(2);
  });

  it('approves all of a tutor\'s changes at once and shows the payroll it answers', async () => {
    const seen = fakeApi({
      'GET /api/payroll': () => success(open),
      'POST /api/payroll/approve-durations': () => success({ approved: 2, payroll: payroll([awaiting({ meeting_id: 9, tutor_id: maya.id, requested_by: maya, can_approve: false })]) }),
    });
    render(<PayrollScreen onDenied={vi.fn()} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Approve all (2) of Jordan Alvarez' }));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: /^Jordan Alvarez/ })).not.toBeInTheDocument());
    expect(seen.at(-1)).toMatchObject({ method: 'POST', path: '/api/payroll/approve-durations', form: { tutor: '2', first_day: '2026-11-23' } });
    expect(group('Maya Chen')).toBeInTheDocument();
  });

  it('says why an approval was refused, beside the tutor\'s sessions', async () => {
    fakeApi({ 'GET /api/payroll': () => success(open), 'POST /api/payroll/approve-durations': () => failure('CannotApproveOwnDuration', 403) });
    render(<PayrollScreen onDenied={vi.fn()} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Approve all (2) of Jordan Alvarez' }));
    expect(await within(group('Jordan Alvarez')).findByRole('alert')).toHaveTextContent('You cannot approve the paid time of your own session.');
  });

  it('edits a session\'s paid time in whole minutes, then approves it', async () => {
    const seen = fakeApi({ 'GET /api/payroll': () => success(open), 'POST /api/meetings/7/duration-approval': () => success({ id: 7 }) });
    render(<PayrollScreen onDenied={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Edit paid time: CS 121 on / }));
    const dialog = screen.getByRole('dialog', { name: 'Edit paid time' });
    const field = within(dialog).getByLabelText('Paid minutes');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(PAID_TIME_RANGE_MESSAGE);
    await user.type(field, '70');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen.find((r) => r.method === 'POST')).toMatchObject({ form: { minutes: '70' } });
    expect(seen.filter((r) => r.path === '/api/payroll')).toHaveLength(2);
  });

  it('says when nothing awaits approval, and tells the mark-paid dialog what awaits', async () => {
    fakeApi({ 'GET /api/payroll': () => success(payroll([])) });
    const { unmount } = render(<PayrollScreen onDenied={vi.fn()} />);
    expect(await screen.findByText(NOTHING_AWAITING)).toBeInTheDocument();
    unmount();

    fakeApi({ 'GET /api/payroll': () => success(open), 'POST /api/payroll/paid': never });
    render(<PayrollScreen onDenied={vi.fn()} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Mark as paid' }));
    expect(screen.getByRole('dialog', { name: 'Mark this pay period as paid?' })).toHaveTextContent('3 changed durations await approval');
  });

  it('offers Try again when the payroll does not load', async () => {
    let calls = 0;
    fakeApi({ 'GET /api/payroll': () => (++calls === 1 ? 'network-error' : success(open)) });
    render(<PayrollScreen onDenied={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/contact|server/i);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Awaiting approval' })).toBeInTheDocument();
  });
});
