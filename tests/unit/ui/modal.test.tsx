import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from '../../../src/ui/Modal.tsx';

function Harness({ onPrimary = () => {} }: { onPrimary?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        icon={<span>★</span>}
        title="Get a magic log-in link"
        primary={{ label: 'Send Link', onClick: onPrimary }}
        secondary={[{ label: 'Go Back', onClick: () => setOpen(false) }]}
      >
        <p>We will email you a link.</p>
        <input aria-label="Email Address" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a labelled dialog with its icon, body and buttons', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Get a magic log-in link' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('We will email you a link.');
    expect(dialog).toHaveTextContent('★');
    expect(screen.getByRole('button', { name: 'Send Link' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('moves focus in on open and back to the opener on close', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    expect(screen.getByRole('textbox', { name: 'Email Address' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps Tab inside the dialog', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const input = screen.getByRole('textbox', { name: 'Email Address' });
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Go Back' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Send Link' })).toHaveFocus();
    await userEvent.tab();
    expect(input).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Send Link' })).toHaveFocus();
  });

  it('closes on a backdrop click but not on a click inside', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByText('We will email you a link.'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('runs the primary action', async () => {
    const onPrimary = vi.fn();
    render(<Harness onPrimary={onPrimary} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send Link' }));
    expect(onPrimary).toHaveBeenCalledTimes(1);
  });

  it('stays open on Escape and backdrop clicks when not dismissible', async () => {
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="Paying" dismissible={false}>
        Please wait
      </Modal>,
    );
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('renders nothing when closed', () => {
    render(<Modal open={false} onClose={() => {}} title="Hidden" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Modal as a confirmation', () => {
  function Confirm({ onSkip }: { onSkip: () => void }) {
    return (
      <Modal
        open
        onClose={() => {}}
        title="Are you sure?"
        primary={{ label: 'Skip Meeting', variant: 'red', onClick: onSkip }}
        secondary={[{ label: 'Nevermind' }]}
      >
        <p>Your tutor will be told.</p>
      </Modal>
    );
  }

  it('puts the safe choice first and the action last', () => {
    render(<Confirm onSkip={() => {}} />);
    const labels = screen.getAllByRole('button').map((button) => button.textContent);
    expect(labels).toEqual(['Nevermind', 'Skip Meeting']);
  });

  it('opens with focus on the dialog, not on the action, so Enter does not run it', async () => {
    const onSkip = vi.fn();
    render(<Confirm onSkip={onSkip} />);
    expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onSkip).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Nevermind' })).toHaveFocus();
  });
});
