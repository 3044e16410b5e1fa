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

  it('sends only the duration when only the duration changed and charges nothing, and closes with a change', async () => {
    const m = meeting(-1);
    const seen = fakeApi({
      [`GET /api/meetings/${m.id}/overtime`]: () => success({ duration_mins: 75, charges: [] }),
      [`POST /api/meetings/${m.id}/duration_mins`]: () => success({ ...m, duration_mins: 75 }),
    });
    const onClose = open(m);
    setDuration('75');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(seen).toEqual([
      expect.objectContaining({ method: 'GET', path: `/api/meetings/${m.id}/overtime`, query: { duration_mins: '75' } }),
      expect.objectContaining({ method: 'POST', path: `/api/meetings/${m.id}/duration_mins`, form: { duration_mins: '75' } }),
    ]);
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('shows what overtime charges each customer, with their card, and charges only on a second click', async () => {
    const m = meeting(-1.6);
    const charges = [
      { customer: { id: 1, firstname: 'Alex', lastname: 'Rivera' }, minutes: 30, amount_cents: 1750, card_last_four: '4242' },
      { customer: { id: 3, firstname: 'Sam', lastname: 'Lee' }, minutes: 30, amount_cents: 1750, card_last_four: null },
    ];
    const seen = fakeApi({
      [`GET /api/meetings/${m.id}/overtime`]: (r) => success({ duration_mins: Number(r.query.duration_mins), charges }),
      [`POST /api/meetings/${m.id}/duration_mins`]: () => success({ ...m, duration_mins: 90 }),
    });
    const onClose = open(m);
    setDuration('90');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    const asked = await screen.findByRole('alert', { name: 'Charges to confirm' });
    expect(asked).toHaveTextContent('Charge Alex Rivera $17.50 for 30 extra minutes?');
    expect(asked).toHaveTextContent('Card ending in 4242.');
    expect(asked).toHaveTextContent('Charge Sam Lee $17.50 for 30 extra minutes?');
    expect(asked).toHaveTextContent('No card on file');
    expect(seen.map((r) => r.method)).toEqual(['GET']);
    expect(onClose).not.toHaveBeenCalled();

    // Changing the duration drops the question; asking again shows it anew.
    setDuration('100');
    expect(screen.queryByRole('alert', { name: 'Charges to confirm' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    setDuration('90');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Charge $35' }));
    expect(seen.map((r) => `${r.method} ${r.path.split('/').at(-1)}`)).toEqual(['GET overtime', 'GET overtime', 'POST duration_mins']);
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('asks before taking overtime from the hours of a session booked with an hour: hours, then the card for the rest', async () => {
    const m = meeting(-1.5);
    const charges = [
      { customer: { id: 1, firstname: 'Alex', lastname: 'Rivera' }, minutes: 60, hours: 1, amount_cents: 0, card_last_four: '4242' },
      { customer: { id: 3, firstname: 'Sam', lastname: 'Lee' }, minutes: 120, hours: 1, amount_cents: 5000, card_last_four: '1881' },
    ];
    fakeApi({ [`GET /api/meetings/${m.id}/overtime`]: (r) => success({ duration_mins: Number(r.query.duration_mins), charges: Number(r.query.duration_mins) === 90 ? charges.slice(0, 1) : charges }) });
    open(m);
    setDuration('90');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    const asked = await screen.findByRole('alert', { name: 'Charges to confirm' });
    expect(asked).toHaveTextContent("Take 1 hour of Alex Rivera's hours for 60 extra minutes?");
    expect(asked).toHaveTextContent('Paid with hours of their packages: nothing goes to a card.');
    expect(screen.getByRole('button', { name: 'Take hours' })).toBeInTheDocument();

    setDuration('150');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    const both = await screen.findByRole('alert', { name: 'Charges to confirm' });
    expect(both).toHaveTextContent("Take 1 hour of Sam Lee's hours and charge $50 for 120 extra minutes?");
    expect(both).toHaveTextContent('Card ending in 1881.');
    expect(screen.getByRole('button', { name: 'Charge $50' })).toBeInTheDocument();
  });

  it('shows a refused duration in the dialog before anything is charged', async () => {
    const m = meeting(-0.5);
    const seen = fakeApi({ [`GET /api/meetings/${m.id}/overtime`]: () => failure('MeetingNotEnded', 409) });
    open(m);
    setDuration('90');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Extra time can be entered once the booked hour has ended.');
    setDuration('500');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a duration from 1 to 180 minutes.');
    expect(seen.map((r) => r.method)).toEqual(['GET']);
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

  it('keeps the start of a started meeting as it is, and sends nothing when nothing changed', async () => {
    const m = meeting(-1);
    const seen = fakeApi({});
    const onClose = open(m);
    expect(startField()).toBeDisabled();
    // The focus starts in the dialog, on its first field that can take it.
    expect(durationField()).toHaveFocus();
    expect(screen.getByText('This session has started, so its time can no longer change.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(seen).toHaveLength(0);
    expect(onClose).toHaveBeenCalledWith(false);
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
    ['MeetingStarted', 'This session has started: it can no longer be moved or canceled. You can still enter how long it lasted.'],
    ['MoveTooSoon', 'A booked session can move earlier only to a time at least 12 hours from now, so its customers can still skip it, and later only to a time at least an hour from now.'],
    ['MeetingNotStarted', 'The duration can be changed once the meeting has started.'],
    ['EarlyAnchor', 'A meeting that has not started yet can only move to a time in the future.'],
    ['TooLate', 'Changes close 12 hours before the start; call or text (206) 555-0142'],
    ['SomethingNew', 'SomethingNew'],
  ])('shows %s inside the dialog and keeps the input', async (type, message) => {
    const m = meeting(24);
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
});
