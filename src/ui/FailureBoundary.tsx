import { Component, type ReactNode, useSyncExternalStore } from 'react';
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

function Failure({ error }: { error: unknown }) {
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

interface BoundaryProps {
  resetKeys: unknown[];
  onError: (error: unknown) => void;
  children: ReactNode;
}

const changed = (before: unknown[], after: unknown[]) => before.length !== after.length || before.some((key, i) => !Object.is(key, after[i]));

/**
 * React's error boundary, which only a class can be, as React's documentation writes it: it shows
 * the failure instead of its children once one threw, and starts over when a reset key changes.
 * (react-error-boundary did the same with more options than this needs, for 0.2 KB more in every
 * dashboard's first load, whose budget is 80 KB: decision 011.)
 */
class Boundary extends Component<BoundaryProps, { failed: boolean; error: unknown }> {
  state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  componentDidCatch(error: unknown) {
    this.props.onError(error);
  }

  componentDidUpdate(previous: BoundaryProps, previousState: { failed: boolean }) {
    // Only a failure already shown starts over: keys that change with the failing render do not hide it.
    if (this.state.failed && previousState.failed && changed(previous.resetKeys, this.props.resetKeys)) this.setState({ failed: false, error: undefined });
  }

  render() {
    return this.state.failed ? <Failure error={this.state.error} /> : this.props.children;
  }
}

/**
 * An error boundary around an island or a lazily loaded part: a chunk that did not load or a
 * screen that threw shows a message, a Retry and the support phone in its place, instead of
 * blanking the page, and is reported to the server log. Retry starts every failed chunk over and
 * resets every boundary showing a failure.
 */
export function FailureBoundary({ where, resetKeys = [], children }: FailureBoundaryProps) {
  const retries = useSyncExternalStore(subscribeToRetries, retryCount, retryCount);
  return (
    <Boundary resetKeys={[retries, ...resetKeys]} onError={(error) => reportFailure(error, where)}>
      {children}
    </Boundary>
  );
}
