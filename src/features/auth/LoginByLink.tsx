import { useEffect, useState } from 'react';
import { loginWithToken } from '../../api/auth.ts';
import { Modal } from '../../ui/Modal.tsx';
import { MagicLinkDialog } from './MagicLinkDialog.tsx';
import { dashboardPath } from './session-store.ts';
import styles from './auth.module.css';

function loginError(type: string): string {
  return type === 'BadToken' || type === 'OldToken' ? 'Your token has expired' : type;
}

const goTo = (path: string) => window.location.assign(path);

/** The /login?token=… screen (spec 2 §2, §8): spends the emailed token and goes to the dashboard. */
export function LoginByLink({ navigate = goTo }: { navigate?: (path: string) => void }) {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token'));
  const [error, setError] = useState<string | undefined>(token ? undefined : 'Your token has expired');
  const [resending, setResending] = useState(false);

  useEffect(() => {
    if (!token) return;
    void loginWithToken(token).then((result) => {
      if (result.status === 'network-error') return setError('Unable to communicate with server');
      if (result.status === 'failure') return setError(loginError(result.error.type));
      const path = dashboardPath(result.data?.token?.user_type);
      if (path) navigate(path);
      else setError('Unknown user type');
    });
  }, [token, navigate]);

  return (
    <>
      <Modal
        open={!resending}
        onClose={() => {}}
        dismissible={false}
        title="Logging You In"
        primary={error ? { label: 'Resend Link', onClick: () => setResending(true) } : undefined}
      >
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : (
          <p role="status">Please wait</p>
        )}
      </Modal>
      <MagicLinkDialog open={resending} onClose={() => setResending(false)} />
    </>
  );
}
