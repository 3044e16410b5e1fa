import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Chip } from '../../../src/ui/Chip.tsx';
import { Loader } from '../../../src/ui/Loader.tsx';
import { SidebarButton } from '../../../src/ui/SidebarButton.tsx';
import { TextInput } from '../../../src/ui/TextInput.tsx';

describe('Chip', () => {
  it('shows its text with its tone', () => {
    render(<Chip tone="green">Complete</Chip>);
    expect(screen.getByText('Complete').className).toContain('green');
  });
});

describe('Loader', () => {
  it('shows a spinner announced as loading', () => {
    render(<Loader />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('shows placeholder text instead when given', () => {
    render(<Loader text="Please wait" />);
    expect(screen.getByRole('status')).toHaveTextContent('Please wait');
  });
});

describe('TextInput', () => {
  function Controlled({ error }: { error?: string }) {
    const [value, setValue] = useState('');
    return <TextInput label="Email Address" value={value} onChange={setValue} placeholder="you@example.com" error={error} hint="We never share it" />;
  }

  it('is labelled and controlled', async () => {
    render(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'Email Address' });
    await userEvent.type(input, 'a@b.co');
    expect(input).toHaveValue('a@b.co');
    expect(input).toHaveAttribute('placeholder', 'you@example.com');
    expect(input).toHaveAccessibleDescription('We never share it');
  });

  it('marks itself invalid and announces its error', () => {
    render(<Controlled error="Invalid email address" />);
    const input = screen.getByRole('textbox', { name: 'Email Address' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email address');
    expect(input).toHaveAccessibleDescription('We never share it Invalid email address');
  });
});

describe('SidebarButton', () => {
  it('shows its icon and label, and is selected when its name equals the selection', () => {
    render(<SidebarButton name="studentHistory" selection="studentHistory" label="Meeting History" icon={<span>⏱</span>} href="/student/dashboard/history" />);
    const link = screen.getByRole('link', { name: /Meeting History/ });
    expect(link).toHaveAttribute('href', '/student/dashboard/history');
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(link).toHaveTextContent('⏱');
  });

  it('is not selected for another selection', () => {
    render(<SidebarButton name="studentHistory" selection="studentUpcoming" label="Meeting History" href="/x" />);
    expect(screen.getByRole('link', { name: 'Meeting History' })).not.toHaveAttribute('aria-current');
  });

  it('runs a custom handler instead of navigating', async () => {
    const onClick = vi.fn();
    render(<SidebarButton name="logout" selection={undefined} label="Log out" onClick={onClick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
