import { useEffect, useId, useRef, useState } from 'react';
import { requestVerificationCode, verifyCode } from '../../api/auth.ts';
import type { Id } from '../../contract/entities.ts';
import type { ErrorType } from '../../contract/errors.ts';
import { PhoneIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import styles from './auth.module.css';
import { loadAuth } from './session-store.ts';

/**
 * Plain sentences for the text-request errors the product added (docs/contract-extensions.md);
 * every other error type is shown raw, as spec 1 §8 says.
 */
const textErrorMessages = new Map<string, string>(
  Object.entries({
    TextNotSent: "We couldn't send the text. Try again in a minute, or log in by email.",
    TextLimit: 'Too many texts were sent to this number today. Please log in by email.',
    BadPhone: 'We can only text North American phone numbers. Please log in by email.',
    TextLoginOff: 'Logging in by text is not available right now. Please log in by email.',
  } satisfies Partial<Record<ErrorType, string>>),
);

type Phase =
  | { name: 'waiting' }
  | { name: 'entry'; codeId: Id; lastFour: string; checking: boolean; error?: string }
  | { name: 'too-soon' }
  | { name: 'failed'; message: string };

export interface TextCodeDialogProps {
  open: boolean;
  /** The account's email; the code goes to the phone on file for it. */
  email: string;
  /** `signedIn` is true when the code was accepted (a session now exists). */
  onClose: (signedIn: boolean) => void;
}

/** Spec 1 §2 and §4: texts a login code as soon as it opens, then checks the code typed in. */
export function TextCodeDialog({ open, email, onClose }: TextCodeDialogProps) {
  const formId = useId();
  const [phase, setPhase] = useState<Phase>({ name: 'waiting' });
  const [code, setCode] = useState('');
  const requested = useRef(false);

  useEffect(() => {
    if (!open) {
      requested.current = false;
      return;
    }
    if (requested.current) return;
    requested.current = true;
    setPhase({ name: 'waiting' });
    setCode('');
    void requestVerificationCode(email).then((result) => {
      if (result.status === 'success') {
        setPhase({ name: 'entry', codeId: result.data.code_id, lastFour: result.data.last_four_phone, checking: false });
      } else if (result.status === 'failure' && result.error.type === 'TooSoon') {
        setPhase({ name: 'too-soon' });
      } else {
        const type = result.status === 'failure' ? result.error.type : '';
        setPhase({ name: 'failed', message: textErrorMessages.get(type) ?? (type || 'FAIL') });
      }
    });
  }, [open, email]);

  async function login() {
    if (phase.name !== 'entry' || phase.checking) return;
    setPhase({ ...phase, checking: true, error: undefined });
    const result = await verifyCode(phase.codeId, code.trim());
    if (result.status === 'success') {
      void loadAuth();
      onClose(true);
      return;
    }
    const message = result.status === 'failure' ? result.error.type || 'Cannot contact sever' : 'Cannot contact sever';
    setPhase({ ...phase, checking: false, error: message });
  }

  const close = () => onClose(false);

  if (phase.name === 'waiting') {
    return (
      <Modal key="waiting" open={open} onClose={close} title="Texting you a login code...">
        <p role="status">Please wait</p>
      </Modal>
    );
  }
  if (phase.name === 'too-soon') {
    return (
      <Modal key="too-soon" open={open} onClose={close} title="Please log-in to continue" primary={{ label: 'Close', onClick: close }}>
        <p>We could not text you a login code because we just sent you one. Please log in with the link we email you, then retry.</p>
      </Modal>
    );
  }
  if (phase.name === 'failed') {
    return (
      <Modal key="failed" open={open} onClose={close} title="Texting you a login code..." primary={{ label: 'Close', onClick: close }}>
        <p className={styles.error} role="alert">
          {phase.message}
        </p>
      </Modal>
    );
  }
  return (
    <Modal
      key="entry"
      open={open}
      onClose={close}
      icon={<PhoneIcon />}
      title="We texted you a login code"
      primary={{ label: 'Login', form: formId, loading: phase.checking }}
      secondary={[{ label: 'Close', onClick: close }]}
    >
      <p>We sent a login code to the phone number ending in {phase.lastFour}.</p>
      <form
        id={formId}
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void login();
        }}
      >
        <TextInput
          label="Your 7-digit code"
          className={styles.codeInput}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={setCode}
          error={phase.error}
        />
      </form>
    </Modal>
  );
}
