import { useStore } from '@nanostores/react';
import { Suspense, useEffect, useState } from 'react';
import { FailureBoundary } from '../../ui/FailureBoundary.tsx';
import { lazyChunk } from '../../ui/lazy-chunk.ts';
import { $auth, loadAuth } from './session-store.ts';
import styles from './auth.module.css';

// The dialog is fetched when a visitor first opens it, keeping the home page's first load small.
const MagicLinkDialog = lazyChunk(() => import('./MagicLinkDialog.tsx').then((m) => ({ default: m.MagicLinkDialog })));

/**
 * The hero's button: 'Login' for visitors (opens the magic-link dialog), 'Tutor Dashboard' for
 * tutors, 'Your Classes' for customers. Until the session is known it keeps the same size,
 * invisible, so the page does not shift.
 */
export function HeroButton() {
  const auth = useStore($auth);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if ($auth.get().state === 'unknown') void loadAuth();
  }, []);

  if (auth.state === 'unknown') {
    return (
      <span className={`${styles.heroButton} ${styles.placeholder}`} aria-hidden="true">
        Login
      </span>
    );
  }
  if (auth.state === 'signed-in' && auth.auth.user_type === 'tutor') {
    return (
      <a className={styles.heroButton} href="/tutors/myself/dashboard">
        Tutor Dashboard
      </a>
    );
  }
  if (auth.state === 'signed-in' && auth.auth.user_type === 'customer') {
    return (
      <a className={styles.heroButton} href="/student/dashboard">
        Your Classes
      </a>
    );
  }
  return (
    <>
      <button type="button" className={styles.heroButton} onClick={() => setOpen(true)}>
        Login
      </button>
      {open && (
        <FailureBoundary where="login dialog">
          <Suspense fallback={null}>
            <MagicLinkDialog open onClose={() => setOpen(false)} />
          </Suspense>
        </FailureBoundary>
      )}
    </>
  );
}
