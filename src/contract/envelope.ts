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

export type Envelope<T> = Success<T> | Failure;
