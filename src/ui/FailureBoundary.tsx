import { type ReactNode, useSyncExternalStore } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { site } from '../config/site.ts';
import { formatPhone } from '../lib/phone.ts';
import { Button } from './Button.tsx';
import styles from './FailureBoundary.module.css';
import { retryCount, retryFailedChunks, subscribeToRetries } from './chunk-load.ts';
import { failureMessage, reportFailure } from './failure-report.ts';

export interface FailureBoundaryProps {
  /** Names the part of the page in the error report ('booking step 3', 'dashboard screen'). */
  where: string;
  /** The boundary starts over when one of these changes (the dashboard's route, say). */
  resetKeys?: unknown[];
  children: ReactNode;
}

function Failure({ error }: FallbackProps) {
  return (
    <div className={styles.box}>
      <p role="alert" className={styles.message}>
        {failureMessage(error)}
      </p>
      <Button variant="secondary" thin onClick={retryFailedChunks}>
        Retry
      </Button>
      <p className={styles.help}>
        If it keeps happening, call or text us at <a href={`tel:+1${site.supportPhone}`}>{formatPhone(site.supportPhone)}</a>.
      </p>
    </div>
  );
}

/**
 * An error boundary around an island or a lazily loaded part: a chunk that did not load or a
 * screen that threw shows a message, a Retry and the support phone in its place, instead of
 * blanking the page, and is reported to the server log. Retry starts every failed chunk over and
 * resets every boundary showing a failure. react-error-boundary is the class component React's
 * documentation points to (React has no function-component boundary).
 */
export function FailureBoundary({ where, resetKeys = [], children }: FailureBoundaryProps) {
  const retries = useSyncExternalStore(subscribeToRetries, retryCount, retryCount);
  return (
    <ErrorBoundary FallbackComponent={Failure} resetKeys={[retries, ...resetKeys]} onError={(error) => reportFailure(error, where)}>
      {children}
    </ErrorBoundary>
  );
}
