import { Modal } from '../../ui/Modal.tsx';
import styles from './auth.module.css';

/** Both accounts of an OtherAccountSignedIn answer: the browser's (`current`) and the link's or code's (`next`). */
export interface AccountSwitch {
  current: string;
  next: string;
}

/** The two accounts an OtherAccountSignedIn failure names, if this failure is one. */
export function accountSwitchOf(error: { type: string; [field: string]: unknown }): AccountSwitch | undefined {
  const { type, current, next } = error;
  return type === 'OtherAccountSignedIn' && typeof current === 'string' && typeof next === 'string' ? { current, next } : undefined;
}

interface AccountSwitchDialogProps extends AccountSwitch {
  open: boolean;
  /** What was used: the emailed link or the texted code. */
  by: 'link' | 'code';
  /** 'Continue as {next}': the POST that signs in as the other account. */
  onContinue: () => void;
  /** 'Stay signed in as {current}': nothing changes. */
  onStay: () => void;
  busy: boolean;
  error?: string;
}

/**
 * A login link or code opened in a browser signed in to another account (server/domain/sign-in/sign-in-switch.ts):
 * the person chooses. A hostile page that sends a signed-in browser to its own link gets no
 * further than this question, which names both accounts.
 */
export function AccountSwitchDialog({ open, by, current, next, onContinue, onStay, busy, error }: AccountSwitchDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onStay}
      title="You're signed in to another account"
      primary={{ label: `Continue as ${next}`, onClick: onContinue, loading: busy }}
      secondary={[{ label: `Stay signed in as ${current}`, onClick: onStay, disabled: busy }]}
    >
      <p>
        This browser is signed in as <strong>{current}</strong>. The {by === 'link' ? 'login link you opened' : 'code you typed'} is for <strong>{next}</strong>.
      </p>
      <p>If you did not ask for it, stay signed in as you are.</p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
