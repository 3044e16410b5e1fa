import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TextCodeDialog } from '../../../src/features/auth/TextCodeDialog.tsx';
import { failure, fakeApi, never, success } from '../fake-api.ts';

const codeSent = () => success({ code_id: 41, last_four_phone: '0199' });

describe('TextCodeDialog', () => {
  it('requests a code as it opens and waits', async () => {
    const seen = fakeApi({ 'POST /api/verification': never });
    render(<TextCodeDialog open email="Alex@Example.com" onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Texting you a login code...' })).toHaveTextContent('Please wait');
    expect(seen).toEqual([{ method: 'POST', path: '/api/verification', query: {}, form: { email: 'alex@example.com' } }]);
  });

  it('asks for the code with the last four digits, and logs in with it', async () => {
    const seen = fakeApi({ 'POST /api/verification': codeSent, 'GET /api/verification': () => success({ user_type: 'customer' }) });
    const onClose = vi.fn();
    render(<TextCodeDialog open email="alex@example.com" onClose={onClose} />);
    expect(await screen.findByRole('dialog', { name: 'We texted you a login code' })).toHaveTextContent('ending in 0199');
    const input = screen.getByRole('textbox', { name: 'Your 7-digit code' });
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.click(input);
    await userEvent.paste('1234567');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(seen[1]).toEqual({ method: 'GET', path: '/api/verification', query: { code_id: '41', code: '1234567' }, form: {} });
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('shows the verification error type and stays open', async () => {
    fakeApi({ 'POST /api/verification': codeSent, 'GET /api/verification': () => failure('BadCode') });
    const onClose = vi.fn();
    render(<TextCodeDialog open email="alex@example.com" onClose={onClose} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your 7-digit code' }), '7654321{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('BadCode');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says Cannot contact sever when verification cannot reach the server', async () => {
    fakeApi({ 'POST /api/verification': codeSent, 'GET /api/verification': () => 'network-error' });
    render(<TextCodeDialog open email="alex@example.com" onClose={vi.fn()} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your 7-digit code' }), '7654321{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot contact sever');
  });

  it('explains TooSoon and offers Close', async () => {
    fakeApi({ 'POST /api/verification': () => failure('TooSoon', 429) });
    const onClose = vi.fn();
    render(<TextCodeDialog open email="alex@example.com" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Please log-in to continue' });
    expect(dialog).toHaveTextContent(/could not text you a login code because we just sent you one/);
    expect(dialog).toHaveTextContent(/log in/);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('shows another request error raw, or FAIL without one', async () => {
    fakeApi({ 'POST /api/verification': () => failure('UserNotFound', 404) });
    const { unmount } = render(<TextCodeDialog open email="x@example.com" onClose={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('UserNotFound');
    unmount();
    fakeApi({ 'POST /api/verification': () => 'network-error' });
    render(<TextCodeDialog open email="x@example.com" onClose={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('FAIL');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('says in plain words why no text was sent, and offers Close', async () => {
    const cases = [
      ['TextNotSent', 502, "We couldn't send the text. Try again in a minute, or log in by email."],
      ['TextLimit', 429, 'Too many texts were sent to this number today. Please log in by email.'],
      ['BadPhone', 400, 'We can only text North American phone numbers. Please log in by email.'],
      ['TextLoginOff', 503, 'Logging in by text is not available right now. Please log in by email.'],
    ] as const;
    for (const [type, status, sentence] of cases) {
      fakeApi({ 'POST /api/verification': () => failure(type, status) });
      const { unmount } = render(<TextCodeDialog open email="alex@example.com" onClose={vi.fn()} />);
      expect(await screen.findByRole('alert'), type).toHaveTextContent(sentence);
      expect(screen.getByRole('dialog', { name: 'Texting you a login code...' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
      unmount();
    }
  });

  it('requests nothing while closed', () => {
    const seen = fakeApi({});
    render(<TextCodeDialog open={false} email="alex@example.com" onClose={vi.fn()} />);
    expect(seen).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
