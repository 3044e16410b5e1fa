/**
 * The wire's unit of time is whole epoch seconds (the contract's `*_epoch` fields); the server
 * works in Dates. These two convert, for routes reading a request and the domain writing an answer.
 */

/** Date (or a timestamp's text) → epoch seconds, rounded down to the whole second. */
export function toEpoch(date: Date | string): number {
  return Math.floor(new Date(date).getTime() / 1000);
}

/** Epoch seconds → Date. */
export function fromEpoch(seconds: number): Date {
  return new Date(seconds * 1000);
}
