import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Failure, Success } from '../../src/contract/envelope.ts';
import type { ApiFailure } from './failure.ts';

export function ok<T>(c: Context, data: T, status: ContentfulStatusCode = 200) {
  const body: Success<T> = { status: 'success', data };
  return c.json(body, status);
}

export function failed(c: Context, failure: ApiFailure) {
  const body: Failure = { status: 'failure', error: { ...failure.extra, type: failure.type } };
  return c.json(body, failure.status);
}
