/**
 * Students skip a meeting up to 12 hours before its start (the terms; the server decides, in
 * server/domain/meetings/student-changes.ts, and answers TooLate). The card shows Skip closed from then on,
 * with this sentence, which is also error-messages.ts's for a refused skip. `{phone}`: the support line.
 */
export const NOTICE_MS = 12 * 3600_000;

/** Whether a meeting starting at `epoch` (seconds) is within the 12 hours, by the browser's clock (display only). */
export const skipClosed = (epoch: number, nowMs = Date.now()) => epoch * 1000 - nowMs <= NOTICE_MS;
export const SKIP_CLOSED = 'Skipping closes 12 hours before the start; call or text {phone}';
