import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { site } from '../../../src/config/site.ts';
import { AddAvailabilityDialog } from '../../../src/features/tutor/AddAvailabilityDialog.tsx';
import { availabilityMessage } from '../../../src/features/tutor/availability-messages.ts';
import { AvailabilityScreen } from '../../../src/features/tutor/TutorMeetingsScreen.tsx';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../src/lib/datetime-local.ts';
import { overlapMessage } from '../../../src/lib/overlap-message.ts';
import { failure, fakeApi, success } from '../fake-api.ts';
import { HOUR, nowEpoch } from './fixtures.ts';

const startField = () => screen.getByLabelText('Start time');
const inAWeek = () => toDateTimeLocal(nowEpoch() + 7 * 24 * HOUR);
const openDialog = (tutorId = 'myself') => {
  const onClose = vi.fn();
  render(<AddAvailabilityDialog tutorId={tutorId} onClose={onClose} />);
  return onClose;
};
const overlapReply = (epoch: number) => ({
  status: 409,
  body: { status: 'failure', error: { type: 'Overlap', meeting: { id: 3, occurrence_epoch: epoch, duration_mins: 60 } } },
});

describe('availability messages', () => {
  it('words Overlap for a meeting or a slot, EarlyAnchor, network failures and the other known types, and shows unknown ones raw', () => {
    const overlap = { status: 'failure' as const, error: { type: 'Overlap', meeting: { id: 1, occurrence_epoch: 1_800_000_000 } } };
    expect(availabilityMessage(true, overlap)).toBe(overlapMessage('meeting', 1_800_000_000));
    expect(availabilityMessage(false, overlap)).toBe(overlapMessage('slot', 1_800_000_000));
    expect(availabilityMessage(false, { status: 'failure', error: { type: 'EarlyAnchor' } })).toBe(
      'Please pick a time in the future (consider next week at the same time)',
    );
    expect(availabilityMessage(true, { status: 'network-error', error: { type: 'NetworkError', message: '' } })).toBe(
      "Couldn't contact server. Try again later.",
    );
    expect(availabilityMessage(true, { status: 'failure', error: { type: 'TutorNotFound' } })).toBe('This tutor no longer exists. Please reload the page.');
    expect(availabilityMessage(true, { status: 'failure', error: { type: 'SomethingNew' } })).toBe('SomethingNew');
  });
});

describe('AddAvailabilityDialog', () => {
  it('has a labelled date-time picker that refuses past times, the one-time box and a button that follows it', async () => {
    openDialog();
    expect(await screen.findByRole('dialog', { name: 'Add availability' })).toBeInTheDocument();
    expect(startField()).toHaveAttribute('type', 'datetime-local');
    const min = startField().getAttribute('min')!;
    expect(fromDateTimeLocal(min)).toBeGreaterThanOrEqual(nowEpoch() - 60);
    expect(fromDateTimeLocal(min)).toBeLessThanOrEqual(nowEpoch() + 60);
    expect(startField()).toHaveFocus();
    // Weekly slots repeat until the semester's last reading day: no later anchor is offered.
    expect(startField()).toHaveAttribute('max', `${site.semesterLastReadingDay}T23:59`);
    const box = screen.getByRole('checkbox', { name: 'Is this a one-time meeting?' });
    expect(box).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Create Weekly Availability' })).toBeInTheDocument();
    await userEvent.click(box);
    expect(screen.getByRole('button', { name: 'Create One-off Availability' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Weekly Availability' })).not.toBeInTheDocument();
    expect(startField()).not.toHaveAttribute('max');
    await userEvent.click(box);
    expect(screen.getByRole('button', { name: 'Create Weekly Availability' })).toBeInTheDocument();
  });

  it('creates a weekly 60-minute slot from the chosen time', async () => {
    const seen = fakeApi({ 'POST /api/slots': () => success({ id: 1, anchor_epoch: 0, duration_mins: 60 }) });
    const onClose = openDialog();
    const value = inAWeek();
    fireEvent.change(startField(), { target: { value } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Weekly Availability' }));
    expect(seen).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/slots',
        form: { duration_mins: '60', anchor_epoch: String(fromDateTimeLocal(value)), tutor: 'myself' },
      }),
    ]);
    // The new hour's start, which the screen brings into view.
    expect(onClose).toHaveBeenCalledWith(fromDateTimeLocal(value));
  });

  it("creates a one-off meeting for the route's tutor, submitted with Enter", async () => {
    const seen = fakeApi({ 'POST /api/meetings': () => success({ id: 9 }) });
    const onClose = openDialog('17');
    const value = inAWeek();
    fireEvent.change(startField(), { target: { value } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Is this a one-time meeting?' }));
    // Enter submits: the primary button submits the dialog's form through its form attribute (browsers
    // find it for implicit submission; user-event looks only inside the form, so submit the form here).
    const form = startField().closest('form')!;
    const create = screen.getByRole('button', { name: 'Create One-off Availability' });
    expect(create).toHaveAttribute('type', 'submit');
    expect(create).toHaveAttribute('form', form.id);
    fireEvent.submit(form);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(fromDateTimeLocal(value)));
    expect(seen).toEqual([expect.objectContaining({ path: '/api/meetings', form: { occurrence_epoch: String(fromDateTimeLocal(value)), tutor: '17' } })]);
  });

  it('words an Overlap for a slot and for a meeting, keeping the input', async () => {
    const conflict = nowEpoch() + 7 * 24 * HOUR + 1800;
    fakeApi({ 'POST /api/slots': () => overlapReply(conflict), 'POST /api/meetings': () => overlapReply(conflict) });
    const onClose = openDialog();
    const value = inAWeek();
    fireEvent.change(startField(), { target: { value } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Weekly Availability' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(overlapMessage('slot', conflict));
    expect(screen.getByRole('alert').textContent).toMatch(/^This slot overlaps with your meeting on \w+ \w+ \d+ at \d+:\d\d [AP]M$/);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Is this a one-time meeting?' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create One-off Availability' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(overlapMessage('meeting', conflict)));
    expect(startField()).toHaveValue(value);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('explains EarlyAnchor, network failures and other types inside the dialog', async () => {
    let reply: 'early' | 'network' | 'other' = 'early';
    fakeApi({ 'POST /api/slots': () => (reply === 'early' ? failure('EarlyAnchor') : reply === 'network' ? 'network-error' : failure('TutorNotFound', 404)) });
    openDialog();
    fireEvent.change(startField(), { target: { value: inAWeek() } });
    const create = screen.getByRole('button', { name: 'Create Weekly Availability' });
    await userEvent.click(create);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please pick a time in the future (consider next week at the same time)');
    reply = 'network';
    await userEvent.click(create);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent("Couldn't contact server. Try again later."));
    reply = 'other';
    await userEvent.click(create);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This tutor no longer exists. Please reload the page.'));
  });

  it("shows the reason of a bad input when the server names it (a slot after the semester's end)", async () => {
    fakeApi({
      'POST /api/slots': () => ({
        status: 400,
        body: { status: 'failure', error: { type: 'BadInput', fields: { anchor_epoch: 'The semester ends before this date' } } },
      }),
    });
    openDialog();
    fireEvent.change(startField(), { target: { value: inAWeek() } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Weekly Availability' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The semester ends before this date');
  });

  it('checks for a time, and for one in the future, before asking the server; Cancel closes', async () => {
    const seen = fakeApi({});
    const onClose = openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Create Weekly Availability' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please pick a start time.');
    fireEvent.change(startField(), { target: { value: toDateTimeLocal(nowEpoch() - HOUR) } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Weekly Availability' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please pick a time in the future (consider next week at the same time)');
    expect(seen).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });
});

describe('adding from the availability screen', () => {
  it('says the list is empty only once the later weeks have come too', async () => {
    let letGo = () => {};
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let gets = 0;
    fakeApi({
      'GET /api/tutors/myself/meetings': async () => {
        // The first page answers at once; the weeks after it wait until the test lets them go.
        if (++gets > 1) await held;
        return success([]);
      },
    });
    render(<AvailabilityScreen tutorId="myself" renderMeeting={() => null} />);
    await waitFor(() => expect(gets).toBeGreaterThan(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Use the + button above to add availability')).not.toBeInTheDocument();
    expect(screen.getByText('Loading your meetings…')).toBeInTheDocument();
    letGo();
    await screen.findByText('Use the + button above to add availability');
  });


  it('opens the dialog from the + button, and reloads the list after a success', async () => {
    const seen = fakeApi({ 'GET /api/tutors/myself/meetings': () => success([]), 'POST /api/slots': () => success({ id: 1 }) });
    render(<AvailabilityScreen tutorId="myself" renderMeeting={() => null} />);
    await screen.findByText('Use the + button above to add availability');
    // An empty list has read every page to the semester's end; a success reads them all again.
    const pages = seen.filter((r) => r.method === 'GET').length;
    await userEvent.click(screen.getByRole('button', { name: 'Add availability' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add availability' });
    fireEvent.change(within(dialog).getByLabelText('Start time'), { target: { value: inAWeek() } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Weekly Availability' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(seen.filter((r) => r.method === 'GET')).toHaveLength(2 * pages));
    expect(screen.getByRole('button', { name: 'Add availability' })).toHaveFocus();
  });
});
