import { useEffect, useState } from 'react';
import { loginWithToken } from '../../api/auth.ts';
import { errorMessage, linkFailureReasons } from '../../lib/error-messages.ts';
import { dashboardPath, nextFor } from '../../lib/next-path.ts';
import { Modal } from '../../ui/Modal.tsx';
import { MagicLinkDialog } from './MagicLinkDialog.tsx';
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
 * and offers a new link or the way home.
 */
export function LoginByLink({ navigate = goTo }: { navigate?: (path: string) => void }) {
  const [{ token, next }] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    return { token: params.get('token'), next: params.get('next') };
  });
  const [failed, setFailed] = useState<Failed | undefined>(token ? undefined : noToken);
  const [resending, setResending] = useState(false);

  useEffect(() => {
    if (!token) return;
    void loginWithToken(token).then((result) => {
      if (result.status === 'network-error') return setFailed({ message: 'Unable to communicate with server' });
      if (result.status === 'failure') {
        const { reason } = result.error;
        return setFailed({ message: errorMessage(result.error), reason: typeof reason === 'string' ? linkFailureReasons[reason] : undefined });
      }
      // The page that asked to sign in (a dashboard address of this account's kind), else the dashboard.
      const path = nextFor(next, result.data?.token?.user_type) ?? dashboardPath(result.data?.token?.user_type);
      if (path) navigate(path);
      else setFailed({ message: 'Unknown user type' });
    });
  }, [token, next, navigate]);

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
