import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { BareFailure, Failure, Success } from '../../src/contract/envelope.ts';
import type { Refusal } from '../domain/refusal.ts';
import { errorStatus } from './error-status.ts';

export function ok<T>(c: Context, data: T, status: ContentfulStatusCode = 200) {
  const body: Success<T> = { status: 'success', data };
  return c.json(body, status);
}

/**
 * A refusal as a failure envelope, with the status its type has in the one status table, and
 * Retry-After when the refusal says when to try again.
 */
export function failed(c: Context, refusal: Refusal, status: ContentfulStatusCode = errorStatus[refusal.type]) {
  if (refusal.retryAfterSeconds !== undefined) c.header('Retry-After', String(refusal.retryAfterSeconds));
  const body: Failure = { status: 'failure', error: { ...refusal.extra, type: refusal.type } };
  return c.json(body, status);
}

/**
 * A refusal as the three calls declared `errorShape: 'bare'` answer it, the way the spec's own
 * client reads them (CONTRACT.md, "Envelope and encodings"): `error` is the type name itself, and
 * the refusal's extra fields sit beside it in the envelope.
 */
export function failedBare(c: Context, refusal: Refusal, status: ContentfulStatusCode = errorStatus[refusal.type]) {
  if (refusal.retryAfterSeconds !== undefined) c.header('Retry-After', String(refusal.retryAfterSeconds));
  const body: BareFailure = { ...refusal.extra, status: 'failure', error: refusal.type };
  return c.json(body, status);
}
