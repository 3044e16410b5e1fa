import type { ErrorType } from '../../src/contract/errors.ts';

/**
 * A request the rules refuse. Domain code and routes throw it with the contract's error type (and
 * the extra fields the contract gives that type); the HTTP layer picks the status code from its one
 * table (server/http/error-status.ts) and answers a failure envelope.
 */
export class Refusal extends Error {
  readonly type: ErrorType;
  readonly extra: Record<string, unknown>;

  constructor(type: ErrorType, extra: Record<string, unknown> = {}) {
    super(type);
    this.type = type;
    this.extra = extra;
  }
}

export const noAuth = () => new Refusal('NoAuth');
export const notAuthorized = () => new Refusal('NotAuthorized');
export const notFound = (type: ErrorType = 'NotFound') => new Refusal(type);
