/**
 * The server's one clock. Every rule that depends on the time (holds, skips, availability in the
 * future, meetings that have started, sign-in expiry) asks it, so tests can set the time without
 * moving the browser's or the machine's clock. SQL takes the time from here too, as a parameter,
 * never from the database's `now()`.
 *
 * The offset lives in this process. With several worker processes (WORKERS, server/cluster.ts)
 * each move is told to the listener below, which relays it through the primary to every worker.
 */
let offsetMs = 0;

/** A move of the clock: by an amount, or to an offset from the machine's clock (a set or a reset). */
export type ClockMove = { advanceMs: number } | { offsetMs: number };

let moveListener: ((move: ClockMove) => void) | undefined;

export function nowMs(): number {
  return Date.now() + offsetMs;
}

export function now(): Date {
  return new Date(nowMs());
}

/** A time `ms` from now (negative for the past). */
export function fromNow(ms: number): Date {
  return new Date(nowMs() + ms);
}

/** Tests: moves the clock so that it reads `date` now (it keeps running from there). */
export function setClock(date: Date): void {
  offsetMs = date.getTime() - Date.now();
  moveListener?.({ offsetMs });
}

/** Tests: moves the clock by `ms`. */
export function advanceClock(ms: number): void {
  offsetMs += ms;
  moveListener?.({ advanceMs: ms });
}

export function resetClock(): void {
  offsetMs = 0;
  moveListener?.({ offsetMs: 0 });
}

/** How far the clock is from the machine's, in ms. */
export function clockOffsetMs(): number {
  return offsetMs;
}

/** Applies a move that another process made (server/cluster.ts); the listener is not told. */
export function applyClockMove(move: ClockMove): void {
  offsetMs = 'advanceMs' in move ? offsetMs + move.advanceMs : move.offsetMs;
}

/** Hears every move made in this process (one listener: the cluster relay). */
export function onClockMove(listener: ((move: ClockMove) => void) | undefined): void {
  moveListener = listener;
}
