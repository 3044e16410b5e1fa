import { useId, useRef, useState } from 'react';
import { requestLoginLink } from '../../api/auth.ts';
import { site, isStaffEmail } from '../../config/site.ts';
import { isMagicLinkEmail } from '../../lib/email.ts';
import { SIGN_IN_TO_CONTINUE } from '../../lib/next-path.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { KeyIcon, MailIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import styles from './auth.module.css';

type Phase = { name: 'idle' } | { name: 'sending' } | { name: 'sent' } | { name: 'error'; message: string };

export interface MagicLinkDialogProps {
  open: boolean;
  onClose: () => void;
  /** A dashboard address that sent the visitor here to sign in: the dialog says so, and the link leads back to it. */
  next?: string;
}

/** Spec 1 §2 and §4: asks for an email address and emails a one-click login link. */
export function MagicLinkDialog({ open, onClose, next }: MagicLinkDialogProps) {
  const formId = useId();
  const [email, setEmail] = useState('');
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const valid = isMagicLinkEmail(email);
  // Closing forgets a request still in flight: its late answer must not reopen as 'sent'.
  const attempt = useRef(0);

  function close() {
    attempt.current += 1;
    setEmail('');
    setPhase({ name: 'idle' });
    onClose();
  }

  async function send() {
    if (!valid || phase.name === 'sending') return;
    setPhase({ name: 'sending' });
    const mine = ++attempt.current;
    // Staff addresses log in as tutors; every other address as a customer.
    const result = await requestLoginLink(isStaffEmail(email) ? 'tutor' : 'customer', email, next);
    if (mine !== attempt.current) return;
    if (result.status === 'success') setPhase({ name: 'sent' });
    else if (result.status === 'network-error') setPhase({ name: 'error', message: 'Cannot contact server' });
    else setPhase({ name: 'error', message: errorMessage(result.error) });
  }

  if (phase.name === 'sent') {
    return (
      <Modal key="sent" open={open} onClose={close} icon={<MailIcon />} title="Check your inbox" primary={{ label: 'Close', onClick: close }}>
        <p>
          We emailed a login link to <strong>{email}</strong>. It works once, for the next 15 minutes.
        </p>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onClose={close}
      icon={<KeyIcon />}
      title="Get a magic log-in link"
      primary={{ label: 'Send Link', form: formId, loading: phase.name === 'sending', disabled: !valid }}
      secondary={[{ label: 'Go Back', onClick: close }]}
    >
      {next && (
        <p className={styles.notice} role="status">
          {SIGN_IN_TO_CONTINUE}
        </p>
      )}
      <p>Enter the email address you booked with and we'll email you a link for a one-click login to {site.brandName}.</p>
      <form
        id={formId}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <TextInput
          label="Email Address"
          type="email"
          autoComplete="email"
          placeholder="alex@example.com"
          value={email}
          onChange={(value) => {
            setEmail(value);
            if (phase.name === 'error') setPhase({ name: 'idle' });
          }}
          error={phase.name === 'error' ? phase.message : undefined}
        />
      </form>
    </Modal>
  );
}
