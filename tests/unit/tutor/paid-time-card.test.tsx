import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Meeting } from '../../../src/contract/entities.ts';
import { StaffMeetingCard } from '../../../src/features/sessions/StaffMeetingCard.tsx';
import { PAID_TIME_RANGE_MESSAGE } from '../../../src/lib/paid-time.ts';
import { ViewedTutorContext } from '../../../src/lib/viewed-tutor.ts';
import { failure, fakeApi, success } from '../fake-api.ts';
import { item, meeting } from './fixtures.ts';

/** The staff card's paid time (decision 022): 'Awaiting approval', and a supervisor's Approve in another tutor's dashboard. */

const jordan = { id: 2, name: 'Jordan Alvarez' };
const maya = { id: 1, name: 'Maya Chen' };
/** A session held yesterday whose tutor entered 75 minutes, awaiting approval. */
const awaiting = (extra: Partial<Meeting> = {}) =>
  meeting(-26, { duration_mins: 75, notes: 'Loops', paid_time: { minutes: 60, awaiting: { by: jordan, epoch: 1_796_000_000 }, approved: null }, ...extra });

function renderCard(m: Meeting, { supervisor = false, viewing = false } = {}) {
  const onChanged = vi.fn();
  const card = <StaffMeetingCard meeting={m} payments={item(m).payments} onChanged={onChanged} withSummary supervisor={supervisor} />;
  render(viewing ? <ViewedTutorContext.Provider value={{ name: 'Jordan Alvarez' }}>{card}</ViewedTutorContext.Provider> : card);
  return onChanged;
}

describe('the staff card\'s paid time', () => {
  it('tells the tutor a changed duration awaits approval and what is paid meanwhile, with nothing to approve', () => {
    renderCard(awaiting());
    const note = screen.getByRole('group', { name: 'Paid time' });
    expect(within(note).getByText('Awaiting approval')).toBeInTheDocument();
    expect(note).toHaveTextContent('75 min entered by Jordan Alvarez; 60 min are paid until a supervisor approves.');
    expect(within(note).queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers nothing to approve to a supervisor on their own dashboard (their own session)', () => {
    renderCard(awaiting({ tutor: { ...awaiting().tutor, ...maya } }), { supervisor: true });
    expect(screen.getByRole('group', { name: 'Paid time' })).toHaveTextContent('Awaiting approval');
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
  });

  it('lets a supervisor in another tutor\'s dashboard approve the entered minutes with one click, by keyboard', async () => {
    const m = awaiting();
    const seen = fakeApi({ [`POST /api/meetings/${m.id}/duration-approval`]: () => success({ ...m, paid_time: { minutes: 75, awaiting: null, approved: { by: maya, epoch: 1_796_100_000 } } }) });
    const onChanged = renderCard(m, { supervisor: true, viewing: true });
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Approve 75 min' }).focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(seen.at(-1)).toMatchObject({ method: 'POST', path: `/api/meetings/${m.id}/duration-approval`, form: { minutes: '75' } });
  });

  it('says why an approval was refused, in the card', async () => {
    const m = awaiting();
    fakeApi({ [`POST /api/meetings/${m.id}/duration-approval`]: () => failure('CannotApproveOwnDuration', 403) });
    const onChanged = renderCard(m, { supervisor: true, viewing: true });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Approve 75 min' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot approve the paid time of your own session. Please ask another supervisor.');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('edits the paid time: whole minutes up to 180, then approved', async () => {
    const m = awaiting();
    const seen = fakeApi({ [`POST /api/meetings/${m.id}/duration-approval`]: () => success(m) });
    const onChanged = renderCard(m, { supervisor: true, viewing: true });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit paid time…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit paid time' });
    expect(dialog).toHaveTextContent('This is Jordan Alvarez’s session. It lasted 75 minutes for its customers');
    const field = within(dialog).getByLabelText('Paid minutes');
    expect(field).toHaveValue(75);
    await user.clear(field);
    await user.type(field, '200');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(PAID_TIME_RANGE_MESSAGE);
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
    await user.clear(field);
    await user.type(field, '70');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(seen.at(-1)).toMatchObject({ path: `/api/meetings/${m.id}/duration-approval`, form: { minutes: '70' } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a paid time approved at other minutes than the duration, and nothing for an unchanged one', () => {
    renderCard(meeting(-26, { duration_mins: 75, paid_time: { minutes: 70, awaiting: null, approved: { by: maya, epoch: 1_796_100_000 } } }));
    expect(screen.getByText('Paid time: 70 min, approved by Maya Chen.')).toBeInTheDocument();
    expect(screen.queryByText('Awaiting approval')).not.toBeInTheDocument();
  });

  it('says nothing of paid time when the duration is the one paid', () => {
    renderCard(meeting(-26, { paid_time: { minutes: 60, awaiting: null, approved: null } }));
    expect(screen.queryByText(/Paid time|Awaiting approval/)).not.toBeInTheDocument();
  });
});
