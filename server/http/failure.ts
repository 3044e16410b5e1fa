import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorType } from '../../src/contract/errors.ts';

/**
 * A refusal the API answers with a failure envelope. Domain rules and routes throw it; the app's
 * error handler turns it into `{status: "failure", error: {type, ...extra}}` with this HTTP status.
 */
export class ApiFailure extends Error {
  readonly type: ErrorType;
  readonly status: ContentfulStatusCode;
  readonly extra: Record<string, unknown>;

  constructor(type: ErrorType, status: ContentfulStatusCode, extra: Record<string, unknown> = {}) {
    super(type);
    this.type = type;
    this.status = status;
    this.extra = extra;
  }
}

export const noAuth = () => new ApiFailure('NoAuth', 401);
export const notAuthorized = () => new ApiFailure('NotAuthorized', 403);
export const notFound = (type: ErrorType = 'NotFound') => new ApiFailure(type, 404);
