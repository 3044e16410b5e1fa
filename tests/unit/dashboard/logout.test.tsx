import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LogoutButton } from '../../../src/features/dashboard/LogoutButton.tsx';
import { signInAgain } from '../../../src/lib/sign-in-again.ts';
import { fakeApi, success } from '../fake-api.ts';

describe('Log out', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a read answering NoAuth while the logout is on its way does not send the page to sign in again: it goes home', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    let loggedOut: (() => void) | undefined;
    fakeApi({ 'POST /api/logout': () => new Promise((resolve) => (loggedOut = () => resolve(success()))) });
    render(<LogoutButton />);
    // Before anyone logs out, an ended session sends the page to sign in and come back.
    signInAgain();
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign.mock.calls[0]![0]).toMatch(/^\/\?next=/);

    act(() => screen.getByRole('button', { name: 'Log out' }).click());
    expect(await screen.findByRole('button', { name: 'Logging out…' })).toBeInTheDocument();
    await vi.waitFor(() => expect(loggedOut).toBeDefined());
    // The session is gone on the server: a screen's read, still on its way, gets NoAuth.
    signInAgain();
    await act(async () => loggedOut!());
    await vi.waitFor(() => expect(assign).toHaveBeenCalledTimes(2));
    expect(assign.mock.calls[1]).toEqual(['/']);
    signInAgain();
    expect(assign).toHaveBeenCalledTimes(2);
  });
});
