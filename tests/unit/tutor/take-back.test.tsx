import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { site } from '../../../src/config/site.ts';
import { DAYS_OFF_MAX_DAYS } from '../../../src/contract/limits.ts';
import { StaffMeetingCard } from '../../../src/features/sessions/StaffMeetingCard.tsx';
import { DaysOffDialog } from '../../../src/features/tutor/DaysOffDialog.tsx';
import { daysOffProblem } from '../../../src/features/tutor/days-off-model.ts';
import { addDays, dayInZone } from '../../../src/lib/site-days.ts';
import { failure, fakeApi, success } from '../fake-api.ts';
import { HOUR, item, meeting, openSlot } from './fixtures.ts';

const renderCard = (data: ReturnType<typeof item>) => {
  const onChanged = vi.fn();
  const { unmount } = render(<StaffMeetingCard meeting={data.meeting} payments={data.payments} onChanged={onChanged} />);
  return Object.assign(onChanged, { unmount });
};

const browserDay = (epoch: number) => dayInZone(epoch * 1000, Intl.DateTimeFormat().resolvedOptions().timeZone);
const midnight = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Math.floor(new Date(y, m - 1, d).getTime() / 1000);
};
const alexBooked = (epoch: number) => ({ meeting: { id: 77, occurrence_epoch: epoch, duration_mins: 60, course_number: 'CS 121' }, customers: [{ id: 1, firstname: 'Alex', lastname: 'Rivera' }] });

describe('taking an hour back from its card', () => {
  it('offers Delete on an unbooked one-off, Remove this week and End series… on a week of a series, nothing on booked, paying or past hours', () => {
    let card = renderCard(item(openSlot(24), []));
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End series…' })).not.toBeInTheDocument();
    card.unmount();

    card = renderCard(item(openSlot(24, { slot: { id: 9 } }), []));
    expect(screen.getByRole('button', { name: 'Remove this week' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'End series…' })).toBeInTheDocument();
    card.unmount();

    for (const data of [item(meeting(24, { slot: { id: 9 } })), item(openSlot(24, { reservations_taken: 1 }), []), item(openSlot(-2), [])]) {
      card = renderCard(data);
      expect(screen.queryByRole('button', { name: /^(Delete|Remove this week|End series…)$/ })).not.toBeInTheDocument();
      card.unmount();
    }
  });

  it('deletes a one-off after asking, then reports the change', async () => {
    const slot = openSlot(30);
    const seen = fakeApi({ [`DELETE /api/meetings/${slot.id}`]: () => success({ id: slot.id }) });
    const onChanged = renderCard(item(slot, []));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this hour?' });
    expect(dialog).toHaveTextContent('nobody can book it any more');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const done = await screen.findByRole('dialog', { name: 'Hour deleted' });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /api/meetings/${slot.id}`]);
    await userEvent.click(within(done).getByRole('button', { name: 'Close' }));
    expect(onChanged).toHaveBeenCalledOnce();
  });

  it('keeps the dialog open with the reason when the hour was just booked', async () => {
    const slot = openSlot(30, { slot: { id: 4 } });
    fakeApi({ [`DELETE /api/meetings/${slot.id}`]: () => failure('AlreadyBooked', 409) });
    const onChanged = renderCard(item(slot, []));
    await userEvent.click(screen.getByRole('button', { name: 'Remove this week' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this week?' });
    expect(dialog).toHaveTextContent('The other weeks of the series stay.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove this week' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/just booked, or someone is paying for it right now.*Cancel Meeting/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nevermind' }));
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('ends a series from the chosen day, showing first what goes and the booked weeks that stay with their customers', async () => {
    const week = openSlot(50, { slot: { id: 12 } });
    const later = week.occurrence_epoch + 14 * 24 * HOUR;
    const answer = (written: boolean, from: number) => success({ slot: { id: 12, anchor_epoch: week.occurrence_epoch, duration_mins: 60 }, from_epoch: from, removed: [{ id: 1, occurrence_epoch: later, duration_mins: 60 }, { id: 2, occurrence_epoch: later + 7 * 24 * HOUR, duration_mins: 60 }], booked: [alexBooked(later + 14 * 24 * HOUR)], written });
    const seen = fakeApi({ 'POST /api/slots/12/end': (request) => answer(request.query.dry_run !== 'true', Number(request.form.from_epoch)) });
    const onChanged = renderCard(item(week, []));
    await userEvent.click(screen.getByRole('button', { name: 'End series…' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this weekly series?' });
    const field = within(dialog).getByLabelText('End the series from');
    expect(field).toHaveValue(browserDay(week.occurrence_epoch));
    expect(await within(dialog).findByText('2 unbooked weeks will be removed.')).toBeInTheDocument();
    const stay = within(dialog).getByRole('list', { name: 'Booked sessions that stay' });
    expect(stay).toHaveTextContent('CS 121 · Alex Rivera');
    expect(dialog).toHaveTextContent('use Cancel Meeting');
    expect(seen[0]).toMatchObject({ query: { dry_run: 'true' }, form: { from_epoch: String(midnight(browserDay(week.occurrence_epoch))) } });

    const chosen = browserDay(later);
    fireEvent.change(field, { target: { value: chosen } });
    await vi.waitFor(() => expect(seen.at(-1)?.form.from_epoch).toBe(String(midnight(chosen))));
    await userEvent.click(within(dialog).getByRole('button', { name: 'End series' }));
    const done = await screen.findByRole('dialog', { name: 'Series ended' });
    expect(seen.at(-1)).toMatchObject({ query: {}, form: { from_epoch: String(midnight(chosen)) } });
    expect(done).toHaveTextContent('2 unbooked weeks removed.');
    expect(within(done).getByRole('list', { name: 'Booked sessions that stay' })).toHaveTextContent('Alex Rivera');
    await userEvent.click(within(done).getByRole('button', { name: 'Close' }));
    expect(onChanged).toHaveBeenCalledOnce();
  });

  it('refuses a day in the past without asking the server', async () => {
    const week = openSlot(50, { slot: { id: 13 } });
    const seen = fakeApi({ 'POST /api/slots/13/end': () => success({ removed: [], booked: [] }) });
    renderCard(item(week, []));
    await userEvent.click(screen.getByRole('button', { name: 'End series…' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this weekly series?' });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    fireEvent.change(within(dialog).getByLabelText('End the series from'), { target: { value: '2020-01-01' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End series' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please pick today or a later day.');
    expect(seen).toHaveLength(1);
  });
});

describe('the days-off dialog', () => {
  const today = dayInZone(Date.now(), site.timeZone);

  it('checks the days before sending', () => {
    expect(daysOffProblem('', '', today)).toBe('Please pick the first day off.');
    expect(daysOffProblem(today, '', today)).toBe('Please pick the last day off.');
    expect(daysOffProblem(addDays(today, -1), today, today)).toBe('The first day off must be today or later.');
    expect(daysOffProblem(addDays(today, 3), addDays(today, 2), today)).toBe('The last day off must be on or after the first.');
    expect(daysOffProblem(today, addDays(today, DAYS_OFF_MAX_DAYS), today)).toMatch(/^At most/);
    expect(daysOffProblem(today, addDays(today, DAYS_OFF_MAX_DAYS - 1), today)).toBeNull();
  });

  it('takes days off, then sums up what went and the booked sessions that stay', async () => {
    const first = addDays(today, 10);
    const seen = fakeApi({
      'GET /api/tutors/myself/days-off': () => success([]),
      'POST /api/tutors/myself/days-off': (request) =>
        success({ day_off: { id: 5, first_day: request.form.first_day, last_day: request.form.last_day, starts_epoch: 0, ends_epoch: 1 }, removed: [{ id: 1, occurrence_epoch: 0, duration_mins: 60 }, { id: 2, occurrence_epoch: 0, duration_mins: 60 }, { id: 3, occurrence_epoch: 0, duration_mins: 60 }], booked: [alexBooked(midnight(first) + 10 * HOUR)] }),
    });
    const onClose = vi.fn();
    render(<DaysOffDialog tutorId="myself" onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Days off' });
    expect(await within(dialog).findByText('None ahead.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take days off' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please pick the first day off.');

    fireEvent.change(within(dialog).getByLabelText('First day off'), { target: { value: first } });
    expect(within(dialog).getByLabelText('Last day off')).toHaveValue(first);
    fireEvent.change(within(dialog).getByLabelText('Last day off'), { target: { value: addDays(first, 2) } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take days off' }));
    const done = await screen.findByRole('dialog', { name: 'Days off taken' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', form: { first_day: first, last_day: addDays(first, 2) } });
    expect(done).toHaveTextContent('3 unbooked hours removed.');
    expect(within(done).getByRole('list', { name: 'Booked sessions that stay' })).toHaveTextContent('Alex Rivera');
    await userEvent.click(within(done).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('takes days off back, saying the hours they removed stay gone, and shows a refusal in words', async () => {
    const dayOff = { id: 8, first_day: addDays(today, 5), last_day: addDays(today, 6), starts_epoch: 0, ends_epoch: 1 };
    let list = [dayOff];
    fakeApi({
      'GET /api/tutors/7/days-off': () => success(list),
      'DELETE /api/tutors/7/days-off/8': () => {
        list = [];
        return success({ id: 8 });
      },
      'POST /api/tutors/7/days-off': () => ({ status: 409, body: { status: 'failure', error: { type: 'DayOffOverlap', day_off: dayOff } } }),
    });
    const onClose = vi.fn();
    render(<DaysOffDialog tutorId="7" onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Days off' });
    fireEvent.change(within(dialog).getByLabelText('First day off'), { target: { value: dayOff.first_day } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take days off' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/These days meet days off you have already \(.+ – .+\)/);

    await userEvent.click(await within(dialog).findByRole('button', { name: /^Take back / }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('taken back. Taking days off back does not bring back the hours they removed');
    expect(await within(dialog).findByText('None ahead.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });
});
