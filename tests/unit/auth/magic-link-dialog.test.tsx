import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MagicLinkDialog } from '../../../src/features/auth/MagicLinkDialog.tsx';
import { failure, fakeApi, never, success } from '../fake-api.ts';

function open(onClose = vi.fn()) {
  render(<MagicLinkDialog open onClose={onClose} />);
  return { onClose, input: screen.getByRole('textbox', { name: 'Email Address' }), send: screen.getByRole('button', { name: 'Send Link' }) };
}

describe('MagicLinkDialog', () => {
  it('shows the title, text, field with an example placeholder and both buttons', () => {
    const { input } = open();
    expect(screen.getByRole('dialog', { name: 'Get a magic log-in link' })).toHaveTextContent(/email you a link for a one-click login/);
    expect(input).toHaveAttribute('placeholder', 'alex@example.com');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('keeps Send Link disabled, and Enter inert, until the address matches the rule', async () => {
    const seen = fakeApi({ 'POST /api/login': () => success() });
    const { input, send } = open();
    expect(send).toHaveAttribute('aria-disabled', 'true');
    await userEvent.type(input, 'alex@example{Enter}');
    expect(send).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(send);
    expect(seen).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.type(input, '.com');
    expect(send).not.toHaveAttribute('aria-disabled');
  });

  it('sends a customer login for an ordinary address, lowercased, and then says to check the inbox', async () => {
    const seen = fakeApi({ 'POST /api/login': () => success() });
    const { input, onClose } = open();
    await userEvent.type(input, 'Alex@Example.com{Enter}');
    expect(seen).toEqual([{ method: 'POST', path: '/api/login', query: { user_type: 'customer', email: 'alex@example.com' }, form: {} }]);
    expect(await screen.findByRole('dialog', { name: 'Check your inbox' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('sends a tutor login for a staff address', async () => {
    const seen = fakeApi({ 'POST /api/login': () => success() });
    const { input, send } = open();
    await userEvent.type(input, 'jordan@beacontutoring.com');
    await userEvent.click(send);
    expect(seen[0]!.query).toEqual({ user_type: 'tutor', email: 'jordan@beacontutoring.com' });
  });

  it('shows loading while the request is in flight and ignores more clicks', async () => {
    const seen = fakeApi({ 'POST /api/login': never });
    const { input, send } = open();
    await userEvent.type(input, 'alex@example.com');
    await userEvent.click(send);
    expect(send).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(send);
    await userEvent.type(input, '{Enter}');
    expect(seen).toHaveLength(1);
  });

  it.each([
    ['UserNotFound', "We can't find your account"],
    ['TooSoon', 'Too many tries in a short time. Please wait a few minutes and try again.'],
    ['BadInput', 'Something you entered is not valid'],
    ['SomethingNew', 'SomethingNew'],
  ])('shows %s inline as "%s"', async (type, message) => {
    fakeApi({ 'POST /api/login': () => failure(type) });
    const { input } = open();
    await userEvent.type(input, 'alex@example.com{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: 'Get a magic log-in link' })).toBeInTheDocument();
  });

  it('shows Cannot contact server when the network fails', async () => {
    fakeApi({ 'POST /api/login': () => 'network-error' });
    const { input } = open();
    await userEvent.type(input, 'alex@example.com{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot contact server');
  });

  it('Go Back closes it', async () => {
    const { onClose } = open();
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(onClose).toHaveBeenCalled();
  });
});
