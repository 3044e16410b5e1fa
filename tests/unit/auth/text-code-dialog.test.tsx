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

  it.each([
    ['BadCode', 'That code is not right. Please check the text we sent and type it again.'],
    ['OldCode', 'That code has expired or was used already. Close this and ask for a new code.'],
    ['TooManyAttempts', 'Too many wrong codes. Please log in by email.'],
    ['SomethingNew', 'SomethingNew'],
  ])('says a failed check (%s) in words and stays open', async (type, sentence) => {
    fakeApi({ 'POST /api/verification': codeSent, 'GET /api/verification': () => failure(type) });
    const onClose = vi.fn();
    render(<TextCodeDialog open email="alex@example.com" onClose={onClose} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your 7-digit code' }), '7654321{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('never letter-spaces the code field\'s label or error, only the digits typed', async () => {
    fakeApi({ 'POST /api/verification': codeSent, 'GET /api/verification': () => failure('BadCode') });
    render(<TextCodeDialog open email="alex@example.com" onClose={vi.fn()} />);
    const input = await screen.findByRole('textbox', { name: 'Your 7-digit code' });
    await userEvent.type(input, '7654321{Enter}');
    const error = await screen.findByRole('alert');
    const styles = (await import('../../../src/features/auth/auth.module.css')).default as Record<string, string>;
    // The spacing's class is on the field's wrapper; its rule (auth.module.css) reaches only the input.
    const field = input.closest(`.${styles.codeInput}`);
    expect(field).not.toBeNull();
    expect(field).toContainElement(error);
    const css = (await import('node:fs')).readFileSync('src/features/auth/auth.module.css', 'utf8');
    expect(css).toMatch(/\.codeInput input\s*\{[^}]*letter-spacing/);
    expect(css).not.toMatch(/\.codeInput\s*\{[^}]*letter-spacing/);
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

  it('on TooSoon, emails the login link it speaks of when asked', async () => {
    const seen = fakeApi({ 'POST /api/verification': () => failure('TooSoon', 429), 'POST /api/login': () => success() });
    render(<TextCodeDialog open email="Alex@Example.com" onClose={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'Please log-in to continue' });
    await userEvent.click(screen.getByRole('button', { name: 'Email me a login link' }));
    expect(await screen.findByRole('dialog', { name: 'Check your inbox' })).toHaveTextContent('We emailed a login link to Alex@Example.com');
    expect(seen[1]).toEqual({ method: 'POST', path: '/api/login', query: { user_type: 'customer', email: 'alex@example.com' }, form: {} });
  });

  it('on TooSoon, says why the link could not be emailed and keeps the button', async () => {
    fakeApi({ 'POST /api/verification': () => failure('TooSoon', 429), 'POST /api/login': () => failure('TooSoon', 429) });
    render(<TextCodeDialog open email="alex@example.com" onClose={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Email me a login link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tries in a short time');
    expect(screen.getByRole('button', { name: 'Email me a login link' })).toBeInTheDocument();
  });

  it('when a new email\'s phone has an account, offers to text the code to that phone, and logs in with it', async () => {
    const seen = fakeApi({
      'POST /api/verification': (request) => (request.form.email ? failure('UserNotFound', 404) : codeSent()),
      'GET /api/verification': () => success({ user_type: 'customer' }),
    });
    const onClose = vi.fn();
    render(<TextCodeDialog open email="new@example.com" phone="2065550199" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'This phone number has an account' });
    expect(dialog).toHaveTextContent('The phone number (206) 555-0199 belongs to an existing account');
    await userEvent.click(screen.getByRole('button', { name: 'Text me the code' }));
    expect(await screen.findByRole('dialog', { name: 'We texted you a login code' })).toHaveTextContent('ending in 0199');
    expect(seen[1]).toEqual({ method: 'POST', path: '/api/verification', query: {}, form: { phone: '2065550199' } });
    await userEvent.type(screen.getByRole('textbox', { name: 'Your 7-digit code' }), '1234567{Enter}');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  });

  it('when a new email\'s phone has an account, offers to log in by that account\'s email instead', async () => {
    fakeApi({ 'POST /api/verification': () => failure('UserNotFound', 404) });
    render(<TextCodeDialog open email="new@example.com" phone="2065550199" onClose={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'This phone number has an account' });
    await userEvent.click(screen.getByRole('button', { name: 'Log in by email' }));
    expect(screen.getByRole('dialog', { name: 'Get a magic log-in link' })).toBeInTheDocument();
  });

  it('when the phone cannot be texted either, says so and leads to logging in by email', async () => {
    fakeApi({ 'POST /api/verification': () => failure('UserNotFound', 404) });
    render(<TextCodeDialog open email="new@example.com" phone="2065550199" onClose={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Text me the code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We can't text a login code for this email. Please log in by email.");
    expect(screen.getByRole('button', { name: 'Log in by email' })).toBeInTheDocument();
  });

  it('says another request error in words (raw if nobody expected it), or FAIL without one', async () => {
    fakeApi({ 'POST /api/verification': () => failure('UserNotFound', 404) });
    const first = render(<TextCodeDialog open email="x@example.com" onClose={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent("We can't text a login code for this email. Please log in by email.");
    first.unmount();
    fakeApi({ 'POST /api/verification': () => failure('SomethingNew', 409) });
    const { unmount } = render(<TextCodeDialog open email="x@example.com" onClose={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('SomethingNew');
    unmount();
    fakeApi({ 'POST /api/verification': () => 'network-error' });
    render(<TextCodeDialog open email="x@example.com" onClose={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('FAIL');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('says in plain words why no text was sent, and offers Close', async () => {
    const cases = [
      ['TextNotSent', 502, "We couldn't send the text. Try again in a minute, or log in by email."],
      ['TextLimit', 429, "We can't text another login code to this number for now, but a login link by email still works. Please log in by email."],
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

describe('TextCodeDialog in a browser signed in to another account', () => {
  it("asks before the code replaces the sign-in: 'Continue as' posts the same code, 'Stay' closes signed in as before", async () => {
    const other = () => failure('OtherAccountSignedIn', 409, { current: 'maya@beacontutoring.com', next: 'alex@example.com' });
    const seen = fakeApi({ 'POST /api/verification': codeSent, 'GET /api/verification': other, 'POST /api/verification/continue': () => success({ user_type: 'customer' }) });
    const onClose = vi.fn();
    render(<TextCodeDialog open email="alex@example.com" onClose={onClose} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your 7-digit code' }), '7654321{Enter}');
    const dialog = await screen.findByRole('dialog', { name: "You're signed in to another account" });
    expect(dialog).toHaveTextContent('This browser is signed in as maya@beacontutoring.com. The code you typed is for alex@example.com.');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Continue as alex@example.com' }));
    expect(seen.find((r) => r.method === 'POST' && r.path === '/api/verification/continue')).toEqual({ method: 'POST', path: '/api/verification/continue', query: {}, form: { code_id: '41', code: '7654321' } });
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it("'Stay signed in as …' closes without signing in", async () => {
    fakeApi({ 'POST /api/verification': codeSent, 'GET /api/verification': () => failure('OtherAccountSignedIn', 409, { current: 'maya@beacontutoring.com', next: 'alex@example.com' }) });
    const onClose = vi.fn();
    render(<TextCodeDialog open email="alex@example.com" onClose={onClose} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your 7-digit code' }), '7654321{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Stay signed in as maya@beacontutoring.com' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });
});
