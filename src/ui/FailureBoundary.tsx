import { type ReactNode, useSyncExternalStore } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { reportClientError } from '../api/client-errors.ts';
import { site } from '../config/site.ts';
import { formatPhone } from '../lib/phone.ts';
import { Button } from './Button.tsx';
import styles from './FailureBoundary.module.css';
import { ChunkLoadError, retryCount, retryFailedChunks, subscribeToRetries } from './lazy-chunk.ts';

export interface FailureBoundaryProps {
  /** Names the part of the page in the error report ('booking step 3', 'dashboard screen'). */
  where: string;
  /** The boundary starts over when one of these changes (the dashboard's route, say). */
  resetKeys?: unknown[];
  children: ReactNode;
}

/** The report's fields within the server's bounds (src/contract/schemas.ts clientErrorForm). */
function errorReport(error: unknown, where: string) {
  const name = error instanceof Error && /^[A-Za-z][\w.$]{0,59}$/.test(error.name) ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  const chunk = error instanceof ChunkLoadError ? error.chunkUrl : undefined;
  return {
    name,
    message: message.slice(0, 1000),
    where: where.slice(0, 100),
    page: window.location.pathname.slice(0, 300),
    ...(chunk && chunk.length <= 300 ? { chunk_url: chunk } : {}),
  };
}

function report(error: unknown, where: string) {
  // A report that cannot be sent is dropped: the page already shows what happened.
  void reportClientError(errorReport(error, where)).catch(() => undefined);
}

function Failure({ error }: FallbackProps) {
  const chunk = error instanceof ChunkLoadError;
  return (
    <div className={styles.box}>
      <p role="alert" className={styles.message}>
        {chunk ? 'This part of the page did not load. Check your connection and retry.' : 'Something went wrong on this part of the page.'}
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
    <ErrorBoundary FallbackComponent={Failure} resetKeys={[retries, ...resetKeys]} onError={(error) => report(error, where)}>
      {children}
    </ErrorBoundary>
  );
}
