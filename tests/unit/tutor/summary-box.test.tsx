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
});
