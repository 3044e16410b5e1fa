import { useEffect, useRef, useState } from 'react';
import { checkAuth, continueWithToken, loginWithToken } from '../../api/auth.ts';
import type { ApiResult } from '../../api/http.ts';
import type { LoginResult } from '../../contract/entities.ts';
import { errorMessage, linkFailureReasons } from '../../lib/error-messages.ts';
import { dashboardPath, nextFor } from '../../lib/next-path.ts';
import { Modal } from '../../ui/Modal.tsx';
import { MagicLinkDialog } from './MagicLinkDialog.tsx';
import { type AccountSwitch, accountSwitchOf, AccountSwitchDialog } from './AccountSwitchDialog.tsx';
import styles from './auth.module.css';

const goTo = (path: string) => window.location.assign(path);

/** What went wrong: the spec's message, and (for a refused link) one line saying what happened to it. */
interface Failed {
  message: string;
  reason?: string;
}

/** A link without a token was cut short: as the server says of a malformed one. */
const noToken: Failed = { message: 'Your token has expired', reason: linkFailureReasons.malformed };

/**
 * The /login?token=… screen (spec 2 §2, §8): spends the emailed token and goes to the dashboard.
 * After a failure it says so in its title, says whether the link was used, expired or malformed,
 * and offers a new link or the way home. In a browser signed in to another account nothing is
 * spent until the person chooses: 'Continue as {new}' (a POST) or 'Stay signed in as {current}'.
 */
export function LoginByLink({ navigate = goTo }: { navigate?: (path: string) => void }) {
  const [{ token, next }] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    return { token: params.get('token'), next: params.get('next') };
  });
  const [failed, setFailed] = useState<Failed | undefined>(token ? undefined : noToken);
  const [resending, setResending] = useState(false);
  const [switching, setSwitching] = useState<(AccountSwitch & { busy: boolean; error?: string }) | undefined>();
  /** 'Continue as …': spends the token by POST (set once the token is read). */
  const continueAs = useRef<() => void>(() => {});

  useEffect(() => {
    if (!token) return;
    /** Signed in: to the page that asked (a dashboard address of this account's kind), else the dashboard. */
    const signedIn = (result: ApiResult<LoginResult>) => {
      if (result.status === 'network-error') return setFailed({ message: 'Unable to communicate with server' });
      if (result.status === 'failure') {
        const other = accountSwitchOf(result.error);
        if (other) return setSwitching({ ...other, busy: false });
        const { reason } = result.error;
        return setFailed({ message: errorMessage(result.error), reason: typeof reason === 'string' ? linkFailureReasons[reason] : undefined });
      }
      const path = nextFor(next, result.data?.token?.user_type) ?? dashboardPath(result.data?.token?.user_type);
      if (path) navigate(path);
      else setFailed({ message: 'Unknown user type' });
    };
    continueAs.current = () => {
      setSwitching((current) => current && { ...current, busy: true, error: undefined });
      void continueWithToken(token).then((result) => {
        setSwitching(undefined);
        signedIn(result);
      });
    };
    void loginWithToken(token).then(signedIn);
  }, [token, next, navigate]);

  /** Nothing changes: back to the account this browser is signed in to. */
  async function stay() {
    const who = await checkAuth();
    navigate((who.status === 'success' && dashboardPath(who.data?.user_type)) || '/');
  }

  if (switching) {
    return <AccountSwitchDialog open by="link" {...switching} onContinue={() => continueAs.current()} onStay={() => void stay()} />;
  }

  return (
    <>
      <Modal
        open={!resending}
        onClose={() => {}}
        dismissible={false}
        title={failed ? "We couldn't log you in" : 'Logging You In'}
        primary={failed ? { label: 'Resend Link', onClick: () => setResending(true) } : undefined}
        secondary={failed ? [{ label: 'Go to the home page', onClick: () => navigate('/') }] : undefined}
      >
        {failed ? (
          <div role="alert">
            <p className={styles.error}>{failed.message}</p>
            {failed.reason && <p>{failed.reason}</p>}
          </div>
        ) : (
          <p role="status">Please wait</p>
        )}
      </Modal>
      <MagicLinkDialog open={resending} onClose={() => setResending(false)} />
    </>
  );
}
