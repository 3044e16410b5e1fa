import { useEffect, useId, useRef, useState } from 'react';
import { continueWithCode, requestLoginLink, requestVerificationCode, verifyCode } from '../../api/auth.ts';
import { loadAuth } from '../../api/auth-state.ts';
import type { ApiResult } from '../../api/http.ts';
import { isStaffEmail } from '../../config/site.ts';
import type { Id, VerificationRequest } from '../../contract/entities.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { normalizeEmail } from '../../lib/email.ts';
import { formatPhone, normalizePhone } from '../../lib/phone.ts';
import { MailIcon, PhoneIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import styles from './auth.module.css';
import { MagicLinkDialog } from './MagicLinkDialog.tsx';
import { type AccountSwitch, accountSwitchOf, AccountSwitchDialog } from './AccountSwitchDialog.tsx';

type Phase =
  | { name: 'waiting' }
  | { name: 'entry'; codeId: Id; lastFour: string; checking: boolean; error?: string }
  /** The code is right, but this browser is signed in to another account: the person chooses. */
  | ({ name: 'switch'; codeId: Id; busy: boolean; error?: string } & AccountSwitch)
  | { name: 'too-soon'; emailing?: boolean; error?: string }
  | { name: 'emailed' }
  | { name: 'phone-on-file' }
  | { name: 'failed'; message: string }
  | { name: 'by-email' };

export interface TextCodeDialogProps {
  open: boolean;
  /** The account's email; the code goes to the phone on file for it. */
  email: string;
  /**
   * The phone typed next to the email (the booking contact form). When no code can be texted for
   * the email, but the phone is on file with an account, the dialog offers to text the code to it.
   */
  phone?: string;
  /** `signedIn` is true when the code was accepted (a session now exists). */
  onClose: (signedIn: boolean) => void;
}

/**
 * Spec 1 §2 and §4: texts a login code as soon as it opens, then checks the code typed in. Every
 * way it can fail leads somewhere: a code just sent → a button that emails a login link; a new
 * email whose phone has an account → the code to that phone, or a link to that account's email.
 */
export function TextCodeDialog({ open, email, phone, onClose }: TextCodeDialogProps) {
  const formId = useId();
  const [phase, setPhase] = useState<Phase>({ name: 'waiting' });
  const [code, setCode] = useState('');
  // Texted to the phone rather than for the email (then the email is not the account's).
  const [byPhone, setByPhone] = useState(false);
  const requested = useRef(false);

  function codeRequested(result: ApiResult<VerificationRequest>, toPhone: boolean) {
    if (result.status === 'success') {
      setPhase({ name: 'entry', codeId: result.data.code_id, lastFour: result.data.last_four_phone, checking: false });
    } else if (result.status === 'network-error') {
      setPhase({ name: 'failed', message: 'FAIL' });
    } else if (result.error.type === 'TooSoon') {
      setPhase({ name: 'too-soon' });
    } else if (result.error.type === 'UserNotFound' && phone && !toPhone) {
      setPhase({ name: 'phone-on-file' });
    } else {
      setPhase({ name: 'failed', message: errorMessage(result.error, 'codeRequest') });
    }
  }

  useEffect(() => {
    if (!open) {
      requested.current = false;
      return;
    }
    if (requested.current) return;
    requested.current = true;
    setPhase({ name: 'waiting' });
    setByPhone(false);
    setCode('');
    void requestVerificationCode({ email: normalizeEmail(email) }).then((result) => codeRequested(result, false));
    // codeRequested reads only `phone`, which comes with the email.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, email]);

  async function textThePhone() {
    setPhase({ name: 'waiting' });
    setByPhone(true);
    codeRequested(await requestVerificationCode({ phone: normalizePhone(phone!) }), true);
  }

  async function emailLink() {
    if (phase.name !== 'too-soon' || phase.emailing) return;
    setPhase({ name: 'too-soon', emailing: true });
    const result = await requestLoginLink(isStaffEmail(email) ? 'tutor' : 'customer', email);
    if (result.status === 'success') setPhase({ name: 'emailed' });
    else setPhase({ name: 'too-soon', error: result.status === 'network-error' ? 'Cannot contact server' : errorMessage(result.error) });
  }

  async function login() {
    if (phase.name !== 'entry' || phase.checking) return;
    setPhase({ ...phase, checking: true, error: undefined });
    const result = await verifyCode(phase.codeId, code.trim());
    if (result.status === 'success') {
      void loadAuth();
      onClose(true);
      return;
    }
    const other = result.status === 'failure' ? accountSwitchOf(result.error) : undefined;
    if (other) return setPhase({ name: 'switch', codeId: phase.codeId, busy: false, ...other });
    const message = result.status === 'failure' ? errorMessage(result.error) : 'Cannot contact sever';
    setPhase({ ...phase, checking: false, error: message });
  }

  /** 'Continue as …': the same code, by POST, replaces this browser's sign-in. */
  async function continueAs() {
    if (phase.name !== 'switch' || phase.busy) return;
    setPhase({ ...phase, busy: true, error: undefined });
    const result = await continueWithCode(phase.codeId, code.trim());
    if (result.status === 'success') {
      void loadAuth();
      onClose(true);
      return;
    }
    setPhase({ ...phase, busy: false, error: result.status === 'failure' ? errorMessage(result.error) : 'Cannot contact sever' });
  }

  const close = () => onClose(false);
  const byEmail = { label: 'Log in by email', onClick: () => setPhase({ name: 'by-email' }) };

  if (phase.name === 'by-email') return <MagicLinkDialog open={open} onClose={close} />;
  if (phase.name === 'switch') {
    return <AccountSwitchDialog open={open} by="code" current={phase.current} next={phase.next} busy={phase.busy} error={phase.error} onContinue={() => void continueAs()} onStay={close} />;
  }
  if (phase.name === 'waiting') {
    return (
      <Modal key="waiting" open={open} onClose={close} title="Texting you a login code...">
        <p role="status">Please wait</p>
      </Modal>
    );
  }
  if (phase.name !== 'entry') {
    return <TextCodeNotice open={open} phase={phase} email={email} phone={phone} byPhone={byPhone} byEmail={byEmail} emailLink={() => void emailLink()} textThePhone={() => void textThePhone()} close={close} />;
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

interface TextCodeNoticeProps {
  open: boolean;
  phase: Extract<Phase, { name: 'too-soon' | 'emailed' | 'phone-on-file' | 'failed' }>;
  email: string;
  phone?: string;
  /** The last code went to the phone typed, not for the email. */
  byPhone: boolean;
  byEmail: { label: string; onClick: () => void };
  emailLink: () => void;
  textThePhone: () => void;
  close: () => void;
}

/** The dialog's phases without a code to type: each says what happened and where to go from there. */
function TextCodeNotice({ open, phase, email, phone, byPhone, byEmail, emailLink, textThePhone, close }: TextCodeNoticeProps) {
  if (phase.name === 'too-soon') {
    // After a code to the phone, the email typed is not the account's: the person types theirs.
    const emailAction = byPhone ? byEmail : { label: 'Email me a login link', onClick: emailLink, loading: phase.emailing };
    return (
      <Modal key="too-soon" open={open} onClose={close} title="Please log-in to continue" primary={emailAction} secondary={[{ label: 'Close', onClick: close }]}>
        <p>We could not text you a login code because we just sent you one. Please log in by email, then retry.</p>
        {phase.error && (
          <p className={styles.error} role="alert">
            {phase.error}
          </p>
        )}
      </Modal>
    );
  }
  if (phase.name === 'emailed') {
    return (
      <Modal key="emailed" open={open} onClose={close} icon={<MailIcon />} title="Check your inbox" primary={{ label: 'Close', onClick: close }}>
        <p role="status">
          We emailed a login link to <strong>{email}</strong>. It works once, for the next 15 minutes. Open it, then book again.
        </p>
      </Modal>
    );
  }
  if (phase.name === 'phone-on-file') {
    return (
      <Modal
        key="phone-on-file"
        open={open}
        onClose={close}
        icon={<PhoneIcon />}
        title="This phone number has an account"
        primary={{ label: 'Text me the code', onClick: textThePhone }}
        secondary={[byEmail, { label: 'Close', onClick: close }]}
      >
        <p>
          The phone number {formatPhone(phone!)} belongs to an existing account, under another email. We can text the login code to it, or you can log in
          with that account's email.
        </p>
      </Modal>
    );
  }
  return (
    <Modal key="failed" open={open} onClose={close} title="Texting you a login code..." primary={{ label: 'Close', onClick: close }} secondary={[byEmail]}>
      <p className={styles.error} role="alert">
        {phase.message}
      </p>
    </Modal>
  );
}
