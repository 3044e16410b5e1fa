import type { AnchorHTMLAttributes, ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import styles from './Button.module.css';
import { Spinner } from './Loader.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'red' | 'green';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> {
  variant?: ButtonVariant;
  thin?: boolean;
  loading?: boolean;
  disabled?: boolean;
  /** Runs instead of onClick when the button is clicked while disabled or loading. */
  onDisabledClick?: () => void;
  children: ReactNode;
}

/**
 * A button whose clicks are ignored while disabled or loading. It stays focusable and uses
 * aria-disabled rather than the native attribute, so a disabled click can still explain itself
 * (onDisabledClick) and the click that Enter makes in a form does not submit it.
 */
export function Button({
  variant = 'primary',
  thin = false,
  loading = false,
  disabled = false,
  onDisabledClick,
  onClick,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const inert = disabled || loading;
  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    if (inert) {
      event.preventDefault();
      onDisabledClick?.();
      return;
    }
    onClick?.(event);
  }
  const classes = [styles.button, styles[variant], thin && styles.thin, inert && styles.inert, className]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      aria-disabled={inert || undefined}
      aria-busy={loading || undefined}
      onClick={handleClick}
    >
      {loading && <Spinner size={16} label="" />}
      <span className={loading ? styles.loadingLabel : undefined}>{children}</span>
    </button>
  );
}

/** A link that looks like a button: for a move to another page (here, one opened in a new tab). */
export function ButtonLink({ variant = 'primary', className, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: ButtonVariant; children: ReactNode }) {
  return (
    <a {...rest} className={[styles.button, styles.link, styles[variant], className].filter(Boolean).join(' ')}>
      {children}
    </a>
  );
}
