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

/**
 * Where a reset puts the clock back: the machine's time (0), or the demo's start instant and on
 * from there when the process started its clock at one (startClockAt: DEMO_CLOCK_START).
 */
let baseOffsetMs = 0;

/** A move of the clock: by an amount, to an offset from the machine's clock (a set), or back to its start (a reset). */
export type ClockMove = { advanceMs: number } | { offsetMs: number } | { reset: true };

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

/**
 * Demo mode's start instant (DEMO_CLOCK_START): the clock reads `date` now and runs on from there,
 * and a reset comes back to this timeline rather than to the machine's. The journeys start their
 * server at the suite's instant so that they pass on any day at any hour.
 */
export function startClockAt(date: Date): void {
  baseOffsetMs = date.getTime() - Date.now();
  offsetMs = baseOffsetMs;
}

/** Back to the start: the machine's time, or the start instant's timeline (startClockAt). */
export function resetClock(): void {
  offsetMs = baseOffsetMs;
  moveListener?.({ reset: true });
}

/** How far the clock is from the machine's, in ms. */
export function clockOffsetMs(): number {
  return offsetMs;
}

/** Applies a move that another process made (server/cluster.ts); the listener is not told. */
export function applyClockMove(move: ClockMove): void {
  if ('reset' in move) offsetMs = baseOffsetMs;
  else offsetMs = 'advanceMs' in move ? offsetMs + move.advanceMs : move.offsetMs;
}

/** Hears every move made in this process (one listener: the cluster relay). */
export function onClockMove(listener: ((move: ClockMove) => void) | undefined): void {
  moveListener = listener;
}
