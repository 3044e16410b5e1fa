import type { ErrorType } from './errors.ts';

/** Every JSON answer of the API is one of these two shapes (docs/spec/contract.md, "Envelope"). */
export interface Success<T> {
  status: 'success';
  data: T;
}

export interface ApiError {
  /** Usually one of `ErrorType`; a backend serving the same contract may send others. */
  type: ErrorType | (string & {});
  message?: string;
  [extra: string]: unknown;
}

export interface Failure {
  status: 'failure';
  error: ApiError;
}

/**
 * The failure of the three calls declared `errorShape: 'bare'` (grade creation, the photo upload,
 * create tutor): `error` is the type name itself, the extra fields beside it (CONTRACT.md,
 * "Envelope and encodings"). The client reads it as a Failure (src/api/http.ts).
 */
export interface BareFailure {
  status: 'failure';
  error: ErrorType | (string & {});
  [extra: string]: unknown;
}

export type Envelope<T> = Success<T> | Failure;
