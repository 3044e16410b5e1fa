import { useState } from 'react';
import type { ApiResult } from '../../api/http.ts';
import { errorMessage, type MessageContext } from '../../lib/error-messages.ts';
import { Modal } from '../../ui/Modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  /** The action button's label, e.g. 'Skip Meeting'. */
  action: string;
  /** 'Meeting', 'Subscription' or 'Tutor Meeting': the success title is '{what} canceled'. */
  what: 'Meeting' | 'Subscription' | 'Tutor Meeting';
  body?: string;
  run: () => Promise<ApiResult<unknown>>;
  /** Where a refusal's sentence comes from (error-messages.ts), e.g. 'skip'. */
  messageContext?: MessageContext;
  /** Called when the dialog closes; `changed` is true after a success. */
  onClose: (changed: boolean) => void;
}

type Phase = { name: 'asking' } | { name: 'working' } | { name: 'done' } | { name: 'failed'; message: string };

/** Spec 2 §2: 'Are you sure?' with 'Nevermind' and the action; then '{…} canceled' with Close. */
export function ConfirmDialog({ open, action, what, body, run, messageContext, onClose }: ConfirmDialogProps) {
  const [phase, setPhase] = useState<Phase>({ name: 'asking' });
  const close = () => {
    const changed = phase.name === 'done';
    setPhase({ name: 'asking' });
    onClose(changed);
  };

  if (phase.name === 'done') {
    return <Modal key="done" open={open} onClose={close} title={`${what} canceled`} primary={{ label: 'Close', onClick: close }} />;
  }
  return (
    <Modal
      open={open}
      onClose={close}
      dismissible={phase.name !== 'working'}
      title="Are you sure?"
      primary={{
        label: action,
        variant: 'red',
        loading: phase.name === 'working',
        onClick: async () => {
          setPhase({ name: 'working' });
          const result = await run();
          if (result.status === 'success') setPhase({ name: 'done' });
          else setPhase({ name: 'failed', message: result.status === 'network-error' ? 'Cannot contact server' : errorMessage(result.error, messageContext) });
        },
      }}
      secondary={[{ label: 'Nevermind', onClick: close, disabled: phase.name === 'working' }]}
    >
      {body && <p>{body}</p>}
      {phase.name === 'failed' && (
        <p role="alert" style={{ color: '#b91c1c', fontWeight: 600 }}>
          {phase.message}
        </p>
      )}
    </Modal>
  );
}
