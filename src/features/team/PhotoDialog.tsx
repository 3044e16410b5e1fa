import { useId, useState } from 'react';
import type { ApiResult } from '../../api/http.ts';
import { uploadTutorPhoto } from '../../api/team.ts';
import type { Id } from '../../contract/entities.ts';
import { contextMessages, errorMessage } from '../../lib/error-messages.ts';
import { Modal } from '../../ui/Modal.tsx';
import styles from './team.module.css';

export const PHOTO_DIALOG_TITLE = 'Upload a profile photo';
export const PHOTO_LABEL = 'Photo (JPEG)';
export const PHOTO_SUCCESS = 'Succesfully uploaded photo';
export const PHOTO_NETWORK_MESSAGE = 'Unable to contact server';
export const PHOTO_NOT_JPEG = 'Please choose a JPEG photo.';
export const PHOTO_TOO_LARGE = contextMessages.photo.BadInput;
/** The server's limit on the body (spec 2 §5 / the photo endpoint). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** A failed upload → what the dialog says (spec 2 §8 'Other': network → 'Unable to contact server'). */
export function photoFailureMessage(result: Exclude<ApiResult<unknown>, { status: 'success' }>): string {
  if (result.status === 'network-error') return PHOTO_NETWORK_MESSAGE;
  return errorMessage(result.error, 'photo');
}

export interface PhotoDialogProps {
  /** Whose photo: an id or 'myself'. */
  tutorId: Id | 'myself';
  /** Named in the dialog's text when known. */
  tutorName?: string;
  /** The new photo's (versioned) address, after a successful upload. */
  onUploaded: (url: string) => void;
  onClose: () => void;
}

type State = { kind: 'idle' } | { kind: 'working' } | { kind: 'error'; message: string } | { kind: 'done' };

/**
 * 'Upload a profile photo' (spec 2 §2): a JPEG file input, Upload and Close. The file's bytes are sent
 * as they are; anything that is not a JPEG by its type is refused before sending.
 */
export function PhotoDialog({ tutorId, tutorName, onUploaded, onClose }: PhotoDialogProps) {
  const inputId = useId();
  const hintId = useId();
  const messageId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const working = state.kind === 'working';

  function choose(chosen: File | null) {
    setFile(chosen);
    if (chosen && chosen.type !== 'image/jpeg') setState({ kind: 'error', message: PHOTO_NOT_JPEG });
    else setState({ kind: 'idle' });
  }

  async function upload() {
    if (working) return;
    if (!file || file.type !== 'image/jpeg') return setState({ kind: 'error', message: PHOTO_NOT_JPEG });
    if (file.size > PHOTO_MAX_BYTES) return setState({ kind: 'error', message: PHOTO_TOO_LARGE });
    setState({ kind: 'working' });
    const result = await uploadTutorPhoto(tutorId, file);
    if (result.status === 'success') {
      setState({ kind: 'done' });
      onUploaded(result.data.url);
    } else setState({ kind: 'error', message: photoFailureMessage(result) });
  }

  const close = () => {
    if (!working) onClose();
  };
  const invalid = state.kind === 'error';

  return (
    <Modal
      open
      onClose={close}
      dismissible={!working}
      title={PHOTO_DIALOG_TITLE}
      primary={{ label: 'Upload', onClick: () => void upload(), loading: working }}
      secondary={[{ label: 'Close', onClick: close, disabled: working }]}
    >
      <div className={styles.dialogForm}>
        <div className={styles.field}>
          <label htmlFor={inputId} className={styles.label}>
            {PHOTO_LABEL}
          </label>
          <input
            id={inputId}
            className={styles.fileInput}
            type="file"
            accept="image/jpeg,.jpg,.jpeg"
            disabled={working}
            aria-invalid={invalid || undefined}
            aria-describedby={`${hintId}${invalid ? ` ${messageId}` : ''}`}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
          <p id={hintId} className={styles.muted}>
            {tutorName ? `The new photo of ${tutorName}: ` : ''}a JPEG of at most 5 MB. It is cropped to a square.
          </p>
        </div>
        {state.kind === 'error' && (
          <p id={messageId} className={styles.error} role="alert">
            {state.message}
          </p>
        )}
        {state.kind === 'done' && (
          <p className={styles.success} role="status">
            {PHOTO_SUCCESS}
          </p>
        )}
      </div>
    </Modal>
  );
}
