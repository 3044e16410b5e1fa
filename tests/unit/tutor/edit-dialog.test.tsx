import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EditMeetingDialog } from '../../../src/features/sessions/EditMeetingDialog.tsx';
import { durationWarnings, WARNING_BILLED, WARNING_NO_REFUND, WARNING_NOT_RESCHEDULABLE } from '../../../src/features/sessions/meeting-messages.ts';
import { toDateTimeLocal } from '../../../src/lib/datetime-local.ts';
import { overlapMessage } from '../../../src/lib/overlap-message.ts';
import { failure, fakeApi, success } from '../fake-api.ts';
import { HOUR, meeting } from './fixtures.ts';

const open = (m: ReturnType<typeof meeting>) => {
  const onClose = vi.fn();
  render(<EditMeetingDialog meeting={m} onClose={onClose} />);
  return onClose;
};
const durationField = () => screen.getByLabelText('Duration (minutes)');
const startField = () => screen.getByLabelText('Start time');
const setDuration = (value: string) => fireEvent.change(durationField(), { target: { value } });

describe('duration warnings', () => {
  it('warns about rescheduling, billing above 75 minutes and no refund on a decrease', () => {
    expect(durationWarnings(60, 60)).toEqual([]);
    expect(durationWarnings(75, 60)).toEqual([WARNING_NOT_RESCHEDULABLE]);
    expect(durationWarnings(90, 60)).toEqual([WARNING_NOT_RESCHEDULABLE, WARNING_BILLED]);
    expect(durationWarnings(45, 60)).toEqual([WARNING_NOT_RESCHEDULABLE, WARNING_NO_REFUND]);
    expect(durationWarnings(60, 90)).toEqual([WARNING_NO_REFUND]);
    expect(durationWarnings(NaN, 60)).toEqual([]);
  });
});

describe('EditMeetingDialog', () => {
  it('is titled, prefilled with the start, and keeps the duration disabled until the meeting starts', () => {
    const m = meeting(24);
    open(m);
    expect(screen.getByRole('dialog', { name: 'Edit Meeting Time + Duration' })).toBeInTheDocument();
    expect(startField()).toHaveAttribute('type', 'datetime-local');
    expect(startField()).toHaveValue(toDateTimeLocal(m.occurrence_epoch));
    expect(durationField()).toHaveValue(60);
    expect(durationField()).toBeDisabled();
    expect(screen.getByText('The duration can be changed once the meeting has started.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('enables the duration of a started meeting and shows the warnings that apply', () => {
    open(meeting(-0.5));
    expect(durationField()).toBeEnabled();
    expect(screen.queryByRole('list', { name: 'Warnings' })).not.toBeInTheDocument();
    setDuration('90');
    expect(screen.getByText(WARNING_NOT_RESCHEDULABLE)).toBeInTheDocument();
    expect(screen.getByText(WARNING_BILLED)).toBeInTheDocument();
    expect(screen.queryByText(WARNING_NO_REFUND)).not.toBeInTheDocument();
    setDuration('45');
    expect(screen.getByText(WARNING_NOT_RESCHEDULABLE)).toBeInTheDocument();
    expect(screen.getByText(WARNING_NO_REFUND)).toBeInTheDocument();
    expect(screen.queryByText(WARNING_BILLED)).not.toBeInTheDocument();
  });

  it('sends only the duration when only the duration changed, and closes with a change', async () => {
    const m = meeting(-1);
    const seen = fakeApi({ [`POST /api/meetings/${m.id}/duration_mins`]: () => success({ ...m, duration_mins: 90 }) });
    const onClose = open(m);
    setDuration('90');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(seen).toEqual([expect.objectContaining({ method: 'POST', path: `/api/meetings/${m.id}/duration_mins`, form: { duration_mins: '90' } })]);
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('sends only the start when only the time changed (Enter submits)', async () => {
    const m = meeting(24);
    const later = m.occurrence_epoch + 2 * HOUR;
    const seen = fakeApi({ [`POST /api/meetings/${m.id}/occurrence_epoch`]: () => success({ ...m, occurrence_epoch: later }) });
    const onClose = open(m);
    fireEvent.change(startField(), { target: { value: toDateTimeLocal(later) } });
    const form = startField().closest('form')!;
    expect(screen.getByRole('button', { name: 'Update' })).toHaveAttribute('form', form.id);
    fireEvent.submit(form);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(seen).toEqual([
      expect.objectContaining({ path: `/api/meetings/${m.id}/occurrence_epoch`, form: { occurrence_epoch: String(Math.floor(later / 60) * 60) } }),
    ]);
  });

  it('sends both when both changed, and nothing when nothing changed', async () => {
    const m = meeting(-1);
    const earlier = m.occurrence_epoch - HOUR;
    const seen = fakeApi({
      [`POST /api/meetings/${m.id}/occurrence_epoch`]: () => success(m),
      [`POST /api/meetings/${m.id}/duration_mins`]: () => success(m),
    });
    const onClose = open(m);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(seen).toHaveLength(0);
    expect(onClose).toHaveBeenCalledWith(false);

    fireEvent.change(startField(), { target: { value: toDateTimeLocal(earlier) } });
    setDuration('120');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    // The duration goes first: it needs the meeting to have started, which a move could undo.
    expect(seen.map((r) => r.path)).toEqual([`/api/meetings/${m.id}/duration_mins`, `/api/meetings/${m.id}/occurrence_epoch`]);
    expect(onClose).toHaveBeenLastCalledWith(true);
  });

  it('refuses, without a request, a move the server would refuse after a half-applied change', async () => {
    const seen = fakeApi({});
    const started = meeting(-1);
    open(started);
    setDuration('90');
    fireEvent.change(startField(), { target: { value: toDateTimeLocal(started.occurrence_epoch + 48 * HOUR) } });
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A meeting whose duration was changed cannot be moved into the future.');
    expect(seen).toEqual([]);
  });

  it('refuses, without a request, moving a meeting that has not started into the past', async () => {
    const seen = fakeApi({});
    const upcoming = meeting(24);
    open(upcoming);
    fireEvent.change(startField(), { target: { value: toDateTimeLocal(upcoming.occurrence_epoch - 48 * HOUR) } });
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A meeting that has not started yet can only move to a time in the future.');
    expect(seen).toEqual([]);
  });

  it.each([
    ['DurationChanged', 'A meeting whose duration was changed cannot be moved into the future.'],
    ['MeetingNotStarted', 'The duration can be changed once the meeting has started.'],
    ['EarlyAnchor', 'A meeting that has not started yet can only move to a time in the future.'],
    ['TooLate', 'Changes close 12 hours before the start; call or text (206) 555-0142'],
    ['SomethingNew', 'SomethingNew'],
  ])('shows %s inside the dialog and keeps the input', async (type, message) => {
    const m = meeting(-1);
    fakeApi({ [`POST /api/meetings/${m.id}/occurrence_epoch`]: () => failure(type, 409) });
    const onClose = open(m);
    const moved = toDateTimeLocal(m.occurrence_epoch - 2 * HOUR);
    fireEvent.change(startField(), { target: { value: moved } });
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(startField()).toHaveValue(moved);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('words an Overlap with the conflicting meeting, and a network failure', async () => {
    const m = meeting(24);
    const conflict = m.occurrence_epoch + 3 * HOUR;
    let reply: 'overlap' | 'network' = 'overlap';
    fakeApi({
      [`POST /api/meetings/${m.id}/occurrence_epoch`]: () =>
        reply === 'overlap'
          ? { status: 409, body: { status: 'failure', error: { type: 'Overlap', meeting: { id: 9, occurrence_epoch: conflict, duration_mins: 60 } } } }
          : 'network-error',
    });
    open(m);
    fireEvent.change(startField(), { target: { value: toDateTimeLocal(conflict) } });
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(overlapMessage('meeting', conflict));
    expect(screen.getByRole('alert').textContent).toMatch(/^This meeting overlaps with your meeting on \w+ \w+ \d+ at \d+:\d\d [AP]M$/);
    reply = 'network';
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText("Couldn't contact server. Try again later.")).toBeInTheDocument();
  });

  it('reports a change on Close when the duration was saved but the time failed', async () => {
    const m = meeting(-1);
    const seen = fakeApi({
      [`POST /api/meetings/${m.id}/occurrence_epoch`]: () => failure('BadInput'),
      [`POST /api/meetings/${m.id}/duration_mins`]: () => success(m),
    });
    const onClose = open(m);
    fireEvent.change(startField(), { target: { value: toDateTimeLocal(m.occurrence_epoch - HOUR) } });
    setDuration('90');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something you entered is not valid. Please check it and try again.');
    // A retry sends the time alone: the duration is saved already.
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(seen.map((r) => r.path.split('/').at(-1))).toEqual(['duration_mins', 'occurrence_epoch', 'occurrence_epoch']);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });
});
