import type { ErrorType } from '../../src/contract/errors.ts';

/**
 * A request the rules refuse. Domain code and routes throw it with the contract's error type (and
 * the extra fields the contract gives that type); the HTTP layer picks the status code from its one
 * table (server/http/error-status.ts) and answers a failure envelope.
 */
export class Refusal extends Error {
  readonly type: ErrorType;
  readonly extra: Record<string, unknown>;
  /** Seconds until trying again can succeed (TooSoon); the HTTP layer sends it as Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(type: ErrorType, extra: Record<string, unknown> = {}, retryAfterSeconds?: number) {
    super(type);
    this.type = type;
    this.extra = extra;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const noAuth = () => new Refusal('NoAuth');
export const notAuthorized = () => new Refusal('NotAuthorized');
/** TooSoon, with the whole seconds (at least 1) until `ms` from now. */
export const tooSoon = (ms: number) => new Refusal('TooSoon', {}, Math.max(1, Math.ceil(ms / 1000)));
export const notFound = (type: ErrorType = 'NotFound') => new Refusal(type);
