import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Reassigned, ReassignCandidates } from '../../../src/contract/entities.ts';
import { ReassignDialog } from '../../../src/features/sessions/ReassignDialog.tsx';
import { doneLines, reassignInput, unavailableReason } from '../../../src/features/sessions/reassign-model.ts';
import { StaffMeetingCard } from '../../../src/features/sessions/StaffMeetingCard.tsx';
import { failure, fakeApi, never, success } from '../fake-api.ts';
import { HOUR, item, meeting, openSlot } from './fixtures.ts';

const ZONE = 'America/Los_Angeles';

function candidatesFor(m: ReturnType<typeof meeting>, extra: Partial<ReassignCandidates> = {}): ReassignCandidates {
  return {
    meeting: { id: m.id, occurrence_epoch: m.occurrence_epoch, duration_mins: 60, course: { id: 1, course_number: 'CS 121', course_name: 'Intro to Programming I' }, tutor: { id: 2, name: 'Jordan Alvarez' }, slot: m.slot ?? null },
    from_date: null,
    sessions: [{ id: m.id, occurrence_epoch: m.occurrence_epoch, duration_mins: 60 }],
    free: [
      { tutor: { id: 3, name: 'Priya Natarajan' }, hours_used: [] },
      { tutor: { id: 9, name: 'Rae Kim' }, hours_used: [{ id: 70, occurrence_epoch: m.occurrence_epoch, duration_mins: 60 }] },
    ],
    unavailable: [{ tutor: { id: 4, name: 'Sam Okafor' }, reason: 'busy', meeting: { id: 71, occurrence_epoch: m.occurrence_epoch, duration_mins: 60 } }],
    other_times: [{ tutor: { id: 3, name: 'Priya Natarajan' }, hour: { id: 72, occurrence_epoch: m.occurrence_epoch + 24 * HOUR, duration_mins: 60 } }],
    ...extra,
  };
}

const done = (m: ReturnType<typeof meeting>, tutor = { id: 3, name: 'Priya Natarajan' }): Reassigned => ({
  tutor,
  meetings: [{ ...m, tutor: { id: tutor.id, name: tutor.name, phone: '2065550103', email: 'priya@beacontutoring.com' } }],
  hours_used: [],
});

describe('the card offers Re-assign…', () => {
  it('to a supervisor, on a booked session ahead only', () => {
    const booked = item(meeting(48));
    const { unmount } = render(<StaffMeetingCard {...booked} onChanged={vi.fn()} supervisor />);
    expect(screen.getByRole('button', { name: 'Re-assign…' })).toBeInTheDocument();
    unmount();
    // Not to a tutor, not on an unbooked hour, not on a session that has started.
    for (const [data, supervisor] of [[booked, false], [item(openSlot(48), []), true], [item(meeting(-0.5)), true]] as const) {
      const { unmount: gone } = render(<StaffMeetingCard {...data} onChanged={vi.fn()} supervisor={supervisor} />);
      expect(screen.queryByRole('button', { name: 'Re-assign…' })).not.toBeInTheDocument();
      gone();
    }
  });

  it('opens the dialog, which re-assigns and reloads the list when closed', async () => {
    const m = meeting(48);
    const seen = fakeApi({
      [`GET /api/meetings/${m.id}/reassign-candidates`]: () => success(candidatesFor(m)),
      [`POST /api/meetings/${m.id}/reassign`]: () => success(done(m)),
    });
    const onChanged = vi.fn();
    render(<StaffMeetingCard {...item(m)} onChanged={onChanged} supervisor />);
    await userEvent.click(screen.getByRole('button', { name: 'Re-assign…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Re-assign this session' }));
    expect(dialog.getByText(/with Alex Rivera/)).toBeInTheDocument();
    await userEvent.click(await dialog.findByRole('radio', { name: 'Priya Natarajan' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Re-assign' }));
    const finished = within(await screen.findByRole('dialog', { name: 'Session re-assigned' }));
    expect(finished.getByRole('status')).toHaveTextContent('is now with Priya Natarajan');
    expect(seen.find((r) => r.method === 'POST')!.form).toEqual({ tutor: '3' });
    await userEvent.click(finished.getByRole('button', { name: 'Close' }));
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});

describe('ReassignDialog', () => {
  it('lists the free tutors, those not free and why, and other open hours; sends the choice', async () => {
    const m = meeting(48);
    const seen = fakeApi({
      [`GET /api/meetings/${m.id}/reassign-candidates`]: () => success(candidatesFor(m)),
      [`POST /api/meetings/${m.id}/reassign`]: () => success(done(m)),
    });
    render(<ReassignDialog meeting={m} customers={['Alex Rivera']} onClose={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Re-assign this session' }));
    expect(dialog.getByText('Finding qualified tutors…')).toBeInTheDocument();
    const same = within(await dialog.findByRole('group', { name: 'At the same time' }));
    expect(same.getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['Priya Natarajan', 'Rae Kim (their open hour then is used)']);
    expect(same.getByRole('list', { name: 'Qualified, not free then' })).toHaveTextContent(/^Sam Okafor has another session then/);
    const other = within(dialog.getByRole('group', { name: /Or at another time/ }));
    await userEvent.click(other.getByRole('radio', { name: /Priya Natarajan/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Re-assign' }));
    await screen.findByRole('dialog', { name: 'Session re-assigned' });
    expect(seen.find((r) => r.method === 'POST')!.form).toEqual({ tutor: '3', occurrence_epoch: String(m.occurrence_epoch + 24 * HOUR) });
  });

  it('asks for a choice, and keeps a refusal in the dialog in words, reading the list again', async () => {
    const m = meeting(48);
    let reads = 0;
    fakeApi({
      [`GET /api/meetings/${m.id}/reassign-candidates`]: () => {
        reads += 1;
        return success(candidatesFor(m));
      },
      [`POST /api/meetings/${m.id}/reassign`]: () => failure('TutorBusy', 409),
    });
    const onClose = vi.fn();
    render(<ReassignDialog meeting={m} customers={['Alex Rivera']} onClose={onClose} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Re-assign this session' }));
    await dialog.findByRole('radio', { name: 'Priya Natarajan' });
    await userEvent.click(dialog.getByRole('button', { name: 'Re-assign' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Please choose who takes the session.');
    await userEvent.click(dialog.getByRole('radio', { name: 'Priya Natarajan' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Re-assign' }));
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('This tutor has another session at that time. Please choose another tutor or time.'));
    await waitFor(() => expect(reads).toBe(2));
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('says when nobody else is qualified, and shows a failed read with a way to try again', async () => {
    const m = meeting(48);
    let answer: 'none' | 'fail' = 'fail';
    fakeApi({
      [`GET /api/meetings/${m.id}/reassign-candidates`]: () => (answer === 'fail' ? failure('MeetingStarted', 409) : success(candidatesFor(m, { free: [], unavailable: [], other_times: [] }))),
    });
    render(<ReassignDialog meeting={m} customers={[]} onClose={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Re-assign this session' }));
    expect(await dialog.findByText('This session has started: it can no longer be re-assigned.')).toBeInTheDocument();
    answer = 'none';
    await userEvent.click(dialog.getByRole('button', { name: 'Try again' }));
    expect(await dialog.findByText(/No other tutor is qualified for CS 121/)).toBeInTheDocument();
  });

  it('moves a weekly series from a day: the day is asked for, the list read for it, and only same-time choices offered', async () => {
    const m = meeting(48, { slot: { id: 5 } });
    const seen = fakeApi({
      [`GET /api/meetings/${m.id}/reassign-candidates`]: (request) =>
        success(
          request.query.from_date
            ? candidatesFor(m, {
                from_date: request.query.from_date,
                sessions: [0, 1, 2].map((w) => ({ id: Number(m.id) + w, occurrence_epoch: m.occurrence_epoch + w * 7 * 24 * HOUR, duration_mins: 60 })),
                other_times: [],
              })
            : candidatesFor(m),
        ),
      [`POST /api/meetings/${m.id}/reassign`]: () => success({ ...done(m), meetings: [m, m, m] }),
    });
    render(<ReassignDialog meeting={m} customers={['Alex Rivera']} onClose={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Re-assign this session' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'The weekly series from a day on' }));
    const day = dialog.getByLabelText('Move the weeks from') as HTMLInputElement;
    expect(day.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const same = within(await dialog.findByRole('group', { name: /^At the same times: 3 weekly sessions from/ }));
    expect(dialog.queryByRole('group', { name: /Or at another time/ })).not.toBeInTheDocument();
    await userEvent.click(same.getByRole('radio', { name: 'Priya Natarajan' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Re-assign' }));
    await screen.findByRole('dialog', { name: 'Session re-assigned' });
    expect(seen.find((r) => r.method === 'POST')!.form).toEqual({ tutor: '3', from_date: day.value });
  });

  it('shows the loading state while the list is read', () => {
    const m = meeting(48);
    fakeApi({ [`GET /api/meetings/${m.id}/reassign-candidates`]: () => never() });
    render(<ReassignDialog meeting={m} customers={[]} onClose={vi.fn()} />);
    expect(screen.getByText('Finding qualified tutors…')).toBeInTheDocument();
  });
});

describe('the re-assign model', () => {
  it('makes the request of a choice', () => {
    expect(reassignInput({ kind: 'same', tutor: 3 }, 'one', '2026-12-01')).toEqual({ tutor: 3 });
    expect(reassignInput({ kind: 'same', tutor: 3 }, 'series', '2026-12-01')).toEqual({ tutor: 3, from_date: '2026-12-01' });
    expect(reassignInput({ kind: 'other', tutor: 3, hour: 9, epoch: 1_800_000_000 }, 'one', '2026-12-01')).toEqual({ tutor: 3, occurrence_epoch: 1_800_000_000 });
  });

  it('says why a tutor is not free, and what was done', () => {
    const start = Date.UTC(2026, 10, 25, 2) / 1000;
    expect(unavailableReason({ tutor: { id: 1, name: 'Sam' }, reason: 'busy', meeting: { id: 1, occurrence_epoch: start, duration_mins: 60 } }, ZONE)).toBe('has another session then (Tue, Nov 24 · 6:00–7:00 PM PST)');
    expect(unavailableReason({ tutor: { id: 1, name: 'Sam' }, reason: 'day_off', day_off: { id: 1, first_day: '2026-11-24', last_day: '2026-11-24', starts_epoch: 0, ends_epoch: 0 } }, ZONE)).toMatch(/^is on days off \(.*Nov.*24/);
    const m = meeting(48, { occurrence_epoch: start });
    expect(doneLines({ ...done(m), hours_used: [{ id: 1, occurrence_epoch: start, duration_mins: 60 }] }, ZONE)).toEqual([
      'The session (Tue, Nov 24 · 6:00–7:00 PM PST) is now with Priya Natarajan.',
      'Nothing was refunded or charged. The customer gets an updated calendar invite naming the new tutor; both tutors are told by email and text.',
      'Priya Natarajan’s open hour at that time was used for it.',
    ]);
  });
});
