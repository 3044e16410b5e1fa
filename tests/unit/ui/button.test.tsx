import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../../../src/ui/Button.tsx';

describe('Button', () => {
  it('runs onClick when enabled', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Pay</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks while disabled and runs the disabled-click handler instead', async () => {
    const onClick = vi.fn();
    const onDisabledClick = vi.fn();
    render(
      <Button disabled onClick={onClick} onDisabledClick={onDisabledClick}>
        Pay
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onDisabledClick).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks while loading and shows it is busy', async () => {
    const onClick = vi.fn();
    const onDisabledClick = vi.fn();
    render(
      <Button loading onClick={onClick} onDisabledClick={onDisabledClick}>
        Send Link
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Send Link' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onDisabledClick).toHaveBeenCalledTimes(1);
  });

  it('does not submit its form while disabled', async () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" disabled>
          Send
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('applies its variant and the thin modifier', () => {
    const variants = ['secondary', 'red', 'green'] as const;
    for (const variant of variants) {
      render(
        <Button variant={variant} thin>
          {variant}
        </Button>,
      );
      const className = screen.getByRole('button', { name: variant }).className;
      expect(className).toContain(variant);
      expect(className).toContain('thin');
    }
  });
});
