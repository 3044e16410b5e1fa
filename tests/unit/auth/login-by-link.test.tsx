import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HeroButton } from '../../../src/features/auth/HeroButton.tsx';
import { LoginByLink } from '../../../src/features/auth/LoginByLink.tsx';
import { $auth } from '../../../src/features/auth/session-store.ts';
import { failure, fakeApi, never, success } from '../fake-api.ts';

describe('LoginByLink', () => {
  beforeEach(() => window.history.replaceState(null, '', '/login?token=abcdefghijklmnopqrstuvwxyz'));

  it('says Logging You In while it waits', () => {
    const seen = fakeApi({ 'GET /api/login': never });
    render(<LoginByLink navigate={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Logging You In' })).toHaveTextContent('Please wait');
    expect(seen).toEqual([{ method: 'GET', path: '/api/login', query: { token: 'abcdefghijklmnopqrstuvwxyz' }, form: {} }]);
  });

  it.each([
    ['customer', '/student/dashboard'],
    ['tutor', '/tutors/myself/dashboard'],
  ])('sends a %s to %s', async (userType, path) => {
    fakeApi({ 'GET /api/login': () => success({ token: { user_type: userType } }) });
    const navigate = vi.fn();
    render(<LoginByLink navigate={navigate} />);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(path));
  });

  it.each([
    [failure('BadToken'), 'Your token has expired'],
    [failure('OldToken'), 'Your token has expired'],
    [failure('DBError', 500), 'DBError'],
    ['network-error' as const, 'Unable to communicate with server'],
    [success({ token: { user_type: 'robot' } }), 'Unknown user type'],
  ])('shows the error and offers Resend Link', async (reply, message) => {
    fakeApi({ 'GET /api/login': () => reply });
    render(<LoginByLink navigate={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await userEvent.click(screen.getByRole('button', { name: 'Resend Link' }));
    expect(screen.getByRole('dialog', { name: 'Get a magic log-in link' })).toBeInTheDocument();
  });

  it('treats a link without a token as expired, without calling the server', async () => {
    window.history.replaceState(null, '', '/login');
    const seen = fakeApi({});
    render(<LoginByLink navigate={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your token has expired');
    expect(seen).toHaveLength(0);
  });
});

describe('HeroButton', () => {
  beforeEach(() => $auth.set({ state: 'unknown' }));

  it('keeps an invisible placeholder until the session is known', () => {
    fakeApi({ 'GET /api/checkauth': never });
    const { container } = render(<HeroButton />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });

  it('offers Login to visitors, which opens the magic-link dialog', async () => {
    fakeApi({ 'GET /api/checkauth': () => failure('NoAuth', 401) });
    render(<HeroButton />);
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    // The dialog's code is fetched on first use.
    expect(await screen.findByRole('dialog', { name: 'Get a magic log-in link' })).toBeInTheDocument();
  });

  it('links tutors to the tutor dashboard and customers to their classes', async () => {
    fakeApi({ 'GET /api/checkauth': () => success({ user_type: 'tutor' }) });
    const { unmount } = render(<HeroButton />);
    expect(await screen.findByRole('link', { name: 'Tutor Dashboard' })).toHaveAttribute('href', '/tutors/myself/dashboard');
    unmount();
    $auth.set({ state: 'unknown' });
    fakeApi({ 'GET /api/checkauth': () => success({ user_type: 'customer' }) });
    render(<HeroButton />);
    expect(await screen.findByRole('link', { name: 'Your Classes' })).toHaveAttribute('href', '/student/dashboard');
  });
});
