import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button, type ButtonVariant } from './Button.tsx';
import styles from './Modal.module.css';

export interface ModalAction {
  label: string;
  onClick?: () => void;
  /** Makes the button submit this form (by id), so Enter in the form presses it. */
  form?: string;
  loading?: boolean;
  disabled?: boolean;
  variant?: ButtonVariant;
}

export interface ModalProps {
  open: boolean;
  /** Backdrop click, Escape and every secondary button without its own handler call this. */
  onClose: () => void;
  title: ReactNode;
  icon?: ReactNode;
  /** The body text (or any content). */
  children?: ReactNode;
  primary?: ModalAction;
  secondary?: ModalAction[];
  /** Set false while something must not be interrupted (a payment in flight). */
  dismissible?: boolean;
}

function ActionButton({ action, variant }: { action: ModalAction; variant: ButtonVariant }) {
  return (
    <Button
      variant={action.variant ?? variant}
      type={action.form ? 'submit' : 'button'}
      form={action.form}
      onClick={action.onClick}
      loading={action.loading}
      disabled={action.disabled}
    >
      {action.label}
    </Button>
  );
}

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A real modal dialog: labelled by its title, focus moves in on open, Tab stays inside, Escape and
 * a backdrop click close it, and focus returns to where it was on close.
 */
export function Modal({ open, onClose, title, icon, children, primary, secondary = [], dismissible = true }: ModalProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    // A form starts on its first field; a confirmation on the dialog itself, never on a button, so
    // Enter cannot run its action by accident (and the safe choice, first, is the next Tab).
    // (a disabled field cannot take the focus: it would stay behind the dialog, outside its Tab loop)
    const first = dialog?.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled]), select:not([disabled])') ?? dialog;
    first?.focus();
    return () => previous?.focus?.();
  }, [open]);

  if (!open || typeof document === 'undefined') return null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && dismissible) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(focusable)];
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      className={styles.backdrop}
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && dismissible) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {icon && (
          <div className={styles.icon} aria-hidden="true">
            {icon}
          </div>
        )}
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children && (
          <div id={bodyId} className={styles.body}>
            {children}
          </div>
        )}
        {(primary || secondary.length > 0) && (
          <div className={styles.actions}>
            {secondary.map((action) => (
              <ActionButton key={action.label} action={action} variant="secondary" />
            ))}
            {primary && <ActionButton action={primary} variant="primary" />}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
