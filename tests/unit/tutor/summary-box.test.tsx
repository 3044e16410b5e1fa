import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MeetingSummaryBox } from '../../../src/features/sessions/MeetingSummaryBox.tsx';
import { failure, fakeApi, success } from '../fake-api.ts';

const EMPTY = 'Please enter a summary to get paid for this session.';
const UNSAVED = 'Remember to submit!';
const field = () => screen.getByLabelText('One-Line Meeting Summary:');

describe('MeetingSummaryBox', () => {
  it('asks for a summary while empty, reminds to submit once changed, and saves with the submit icon', async () => {
    const seen = fakeApi({ 'POST /api/meetings/12/notes': ({ form }) => success({ id: 12, notes: form.notes }) });
    const onSaved = vi.fn();
    render(<MeetingSummaryBox meetingId={12} notes="" onSaved={onSaved} />);
    expect(screen.getByText(EMPTY)).toBeInTheDocument();
    expect(field()).toHaveAccessibleDescription(EMPTY);
    await userEvent.type(field(), '  Practised recursion ');
    expect(screen.getByText(UNSAVED)).toBeInTheDocument();
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit summary' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.queryByText(UNSAVED)).not.toBeInTheDocument();
    expect(seen).toEqual([expect.objectContaining({ method: 'POST', path: '/api/meetings/12/notes', form: { notes: 'Practised recursion' } })]);
    expect(onSaved).toHaveBeenCalledWith('Practised recursion');
    expect(field()).toHaveValue('Practised recursion');
  });

  it('submits with Enter and sends nothing when the summary did not change', async () => {
    const seen = fakeApi({ 'POST /api/meetings/12/notes': () => success({ id: 12 }) });
    render(<MeetingSummaryBox meetingId={12} notes="Covered loops" onSaved={vi.fn()} />);
    expect(field()).toHaveValue('Covered loops');
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
    expect(screen.queryByText(UNSAVED)).not.toBeInTheDocument();
    await userEvent.type(field(), '{Enter}');
    expect(seen).toHaveLength(0);
    await userEvent.type(field(), ' and arrays{Enter}');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(seen[0]!.form).toEqual({ notes: 'Covered loops and arrays' });
  });

  it('shows failures and keeps the text', async () => {
    let reply: 'failure' | 'network' = 'failure';
    fakeApi({ 'POST /api/meetings/12/notes': () => (reply === 'failure' ? failure('NotAuthorized', 403) : 'network-error') });
    const onSaved = vi.fn();
    render(<MeetingSummaryBox meetingId={12} notes="" onSaved={onSaved} />);
    await userEvent.type(field(), 'Went over the midterm');
    await userEvent.click(screen.getByRole('button', { name: 'Submit summary' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account cannot do this. Please log in with the right account.');
    expect(screen.getByText(UNSAVED)).toBeInTheDocument();
    reply = 'network';
    await userEvent.click(screen.getByRole('button', { name: 'Submit summary' }));
    expect(await screen.findByText("Couldn't contact server. Try again later.")).toBeInTheDocument();
    expect(field()).toHaveValue('Went over the midterm');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('opens the lesson report and sends attendance, homework and the private note with the summary in one submit', async () => {
    const seen = fakeApi({ 'POST /api/meetings/12/notes': ({ form }) => success({ id: 12, ...form }) });
    render(<MeetingSummaryBox meetingId={12} notes="Covered loops" onSaved={vi.fn()} />);
    const disclosure = screen.getByRole('button', { name: 'Lesson report' });
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    await userEvent.click(disclosure);
    expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const late = await screen.findByRole('radio', { name: 'Late (up to 15 minutes)' });
    expect(screen.getByRole('group', { name: 'Attendance' })).toBeInTheDocument();
    // The radio group is keyboard usable: arrows move the choice.
    await userEvent.click(screen.getByRole('radio', { name: 'Attended' }));
    await userEvent.keyboard('{ArrowDown}');
    expect(late).toBeChecked();
    expect(screen.getByRole('radio', { name: 'No-show (more than 15 minutes late)' })).not.toBeChecked();
    await userEvent.type(screen.getByLabelText('Homework for the student'), ' Exercises 3.1 to 3.4 ');
    const note = screen.getByLabelText('Private note');
    expect(note).toHaveAccessibleDescription('Only staff see this');
    await userEvent.type(note, 'Seemed tired');
    expect(screen.getByText(UNSAVED)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit summary and report' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.form).toEqual({ notes: 'Covered loops', attendance: 'late', homework: 'Exercises 3.1 to 3.4', private_note: 'Seemed tired' });
    expect(screen.getByLabelText('Homework for the student')).toHaveValue('Exercises 3.1 to 3.4');
  });

  it('shows a report on file opened, and keeps everything typed when the submit fails', async () => {
    let reply: 'cleared' | 'network' = 'cleared';
    fakeApi({ 'POST /api/meetings/12/notes': () => (reply === 'cleared' ? failure('SummaryCannotBeCleared', 409) : 'network-error') });
    render(<MeetingSummaryBox meetingId={12} notes="Covered loops" report={{ attendance: 'no-show', homework: 'Read chapter 4', private_note: '' }} onSaved={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Lesson report' })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('radio', { name: 'No-show (more than 15 minutes late)' })).toBeChecked();
    expect(screen.getByLabelText('Homework for the student')).toHaveValue('Read chapter 4');
    await userEvent.clear(field());
    await userEvent.type(screen.getByLabelText('Private note'), 'Called the parents');
    await userEvent.click(screen.getByRole('button', { name: 'Submit summary and report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A submitted summary cannot be left empty. Please write the new one-line summary instead of clearing it.');
    reply = 'network';
    await userEvent.type(field(), 'Went over the midterm{Enter}');
    expect(await screen.findByText("Couldn't contact server. Try again later.")).toBeInTheDocument();
    expect(field()).toHaveValue('Went over the midterm');
    expect(screen.getByLabelText('Private note')).toHaveValue('Called the parents');
    expect(screen.getByLabelText('Homework for the student')).toHaveValue('Read chapter 4');
    expect(screen.getByRole('radio', { name: 'No-show (more than 15 minutes late)' })).toBeChecked();
  });
});
