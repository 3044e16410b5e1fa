import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountHeroButton } from '../../../src/features/auth/hero-button.ts';
import { LoginByLink } from '../../../src/features/auth/LoginByLink.tsx';
import { $auth } from '../../../src/api/auth-state.ts';
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

  it('lands on the page that asked to sign in, when it is a dashboard of the account\'s kind', async () => {
    window.history.replaceState(null, '', '/login?token=abcdefghijklmnopqrstuvwxyz&next=%2Fstudent%2Fdashboard%2Fhistory');
    fakeApi({ 'GET /api/login': () => success({ token: { user_type: 'customer' } }) });
    const navigate = vi.fn();
    render(<LoginByLink navigate={navigate} />);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/student/dashboard/history'));
  });

  it.each([['https://evil.example/'], ['//evil.example/student/dashboard'], ['/tutors/myself/dashboard']])('ignores a next of %s for a customer', async (next) => {
    window.history.replaceState(null, '', `/login?token=abcdefghijklmnopqrstuvwxyz&next=${encodeURIComponent(next)}`);
    fakeApi({ 'GET /api/login': () => success({ token: { user_type: 'customer' } }) });
    const navigate = vi.fn();
    render(<LoginByLink navigate={navigate} />);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/student/dashboard'));
  });

  it.each([
    [failure('BadToken'), 'Your token has expired'],
    [failure('OldToken'), 'Your token has expired'],
    [failure('DBError', 500), 'Something went wrong on our side'],
    [failure('SomethingNew', 500), 'SomethingNew'],
    ['network-error' as const, 'Unable to communicate with server'],
    [success({ token: { user_type: 'robot' } }), 'Unknown user type'],
  ])('shows the error and offers Resend Link', async (reply, message) => {
    fakeApi({ 'GET /api/login': () => reply });
    render(<LoginByLink navigate={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await userEvent.click(screen.getByRole('button', { name: 'Resend Link' }));
    expect(screen.getByRole('dialog', { name: 'Get a magic log-in link' })).toBeInTheDocument();
  });

  it.each([
    ['used', 'BadToken', 'This link was used already: each link logs you in once.'],
    ['expired', 'OldToken', 'This link is more than 15 minutes old.'],
    ['malformed', 'BadToken', 'This link is incomplete or is not one we sent.'],
  ])('after a %s link, says so under the spec\'s text, changes its title, and offers the way home', async (reason, type, line) => {
    fakeApi({ 'GET /api/login': () => ({ status: 400, body: { status: 'failure', error: { type, reason } } }) });
    const navigate = vi.fn();
    render(<LoginByLink navigate={navigate} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Your token has expired${line}`);
    expect(screen.getByRole('dialog', { name: "We couldn't log you in" })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Logging You In' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to the home page' }));
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('treats a link without a token as expired, without calling the server', async () => {
    window.history.replaceState(null, '', '/login');
    const seen = fakeApi({});
    render(<LoginByLink navigate={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your token has expired');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete');
    expect(seen).toHaveLength(0);
  });
});

describe('the hero button (plain DOM)', () => {
  let unmount: (() => void) | undefined;
  beforeEach(() => $auth.set({ state: 'unknown' }));
  afterEach(() => {
    act(() => unmount?.());
    unmount = undefined;
    document.body.replaceChildren();
  });

  /** Mounts the button in a fresh element, as its island does. */
  function mount(): HTMLElement {
    const root = document.body.appendChild(document.createElement('div'));
    unmount = mountHeroButton(root);
    return root;
  }

  it('keeps an invisible placeholder until the session is known', () => {
    fakeApi({ 'GET /api/checkauth': never });
    const root = mount();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(root.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(root.firstElementChild).toHaveTextContent('Login');
  });

  it('offers Login to visitors, which opens the magic-link dialog', async () => {
    fakeApi({ 'GET /api/checkauth': () => failure('NoAuth', 401) });
    mount();
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    // The dialog's code (and React) is fetched on first use.
    expect(await screen.findByRole('dialog', { name: 'Get a magic log-in link' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Focus goes back to the button.
    expect(screen.getByRole('button', { name: 'Login' })).toHaveFocus();
  });

  it('opens by itself on a page a signed-out dashboard visit led to, says why, and asks for a link back there', async () => {
    window.history.replaceState(null, '', '/?next=%2Ftutors%2Fmyself%2Fdashboard%2Fschedule');
    const seen = fakeApi({ 'GET /api/checkauth': () => failure('NoAuth', 401), 'POST /api/login': () => success(undefined) });
    mount();
    const dialog = await screen.findByRole('dialog', { name: 'Get a magic log-in link' });
    expect(dialog).toHaveTextContent('Please log in to continue');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email Address' }), 'jordan@beacontutoring.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Link' }));
    await screen.findByRole('dialog', { name: 'Check your inbox' });
    expect(seen.find((r) => r.path === '/api/login')!.query).toEqual({ user_type: 'tutor', email: 'jordan@beacontutoring.com', next: '/tutors/myself/dashboard/schedule' });
    window.history.replaceState(null, '', '/');
  });

  it('links tutors to the tutor dashboard and customers to their classes', async () => {
    fakeApi({ 'GET /api/checkauth': () => success({ user_type: 'tutor' }) });
    mount();
    expect(await screen.findByRole('link', { name: 'Tutor Dashboard' })).toHaveAttribute('href', '/tutors/myself/dashboard');
    unmount?.();
    document.body.replaceChildren();
    $auth.set({ state: 'unknown' });
    fakeApi({ 'GET /api/checkauth': () => success({ user_type: 'customer' }) });
    mount();
    expect(await screen.findByRole('link', { name: 'Your Classes' })).toHaveAttribute('href', '/student/dashboard');
  });

  it('follows the session store: a sign-in elsewhere on the page turns Login into Your Classes', async () => {
    fakeApi({ 'GET /api/checkauth': () => failure('NoAuth', 401) });
    mount();
    await screen.findByRole('button', { name: 'Login' });
    act(() => $auth.set({ state: 'signed-in', auth: { user_type: 'customer' } as never }));
    expect(screen.getByRole('link', { name: 'Your Classes' })).toHaveAttribute('href', '/student/dashboard');
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('shows the failure message, Retry and phone after the button when the dialog does not load, and reports it', async () => {
    const reports = fakeApi({
      'GET /api/checkauth': () => failure('NoAuth', 401),
      'POST /api/client-errors': () => ({ body: { status: 'success', data: null } }),
    });
    const root = document.body.appendChild(document.createElement('div'));
    // The network is down until the Retry (the pointer's early fetch of the dialog fails too).
    let down = true;
    unmount = mountHeroButton(root, async () => {
      if (down) throw new TypeError(`Failed to fetch dynamically imported module: ${window.location.origin}/_astro/hero-dialog.Ab1.js`);
      return import('../../../src/features/auth/hero-dialog.tsx');
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the page did not load. Check your connection and retry.');
    expect(screen.getByRole('link', { name: '(206) 555-0142' })).toHaveAttribute('href', 'tel:+12065550142');
    await vi.waitFor(() => expect(reports.filter((r) => r.path === '/api/client-errors')).toHaveLength(1));
    expect(reports.find((r) => r.path === '/api/client-errors')).toMatchObject({
      form: { name: 'ChunkLoadError', where: 'login dialog', chunk_url: '/_astro/hero-dialog.Ab1.js' },
    });
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('dialog', { name: 'Get a magic log-in link' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
