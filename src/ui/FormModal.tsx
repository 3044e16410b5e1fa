import { type ReactNode, useId } from 'react';
import { Modal } from './Modal.tsx';
import styles from './FormModal.module.css';

export interface FormModalProps {
  title: string;
  /** The primary button's label; it submits the form, so Enter in a field presses it too. */
  submitLabel: string;
  cancelLabel?: string;
  /** While true the button shows its spinner and the dialog cannot be dismissed. */
  working: boolean;
  onSubmit: () => void;
  onClose: () => void;
  /** A failure of the whole form, announced under its fields. */
  error?: string | null;
  children: ReactNode;
}

/** A dialog holding one form: its fields, the failure if any, a submit button and a cancel button. */
export function FormModal({ title, submitLabel, cancelLabel = 'Cancel', working, onSubmit, onClose, error, children }: FormModalProps) {
  const formId = useId();
  const close = () => {
    if (!working) onClose();
  };
  return (
    <Modal
      open
      onClose={close}
      dismissible={!working}
      title={title}
      primary={{ label: submitLabel, form: formId, loading: working }}
      secondary={[{ label: cancelLabel, onClick: close, disabled: working }]}
    >
      <form
        id={formId}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!working) onSubmit();
        }}
      >
        {children}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
