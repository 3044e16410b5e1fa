/**
 * The server's one clock. Every rule that depends on the time (holds, skips, availability in the
 * future, meetings that have started, sign-in expiry) asks it, so tests can set the time without
 * moving the browser's or the machine's clock. SQL takes the time from here too, as a parameter,
 * never from the database's `now()`.
 */
let offsetMs = 0;

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
}

/** Tests: moves the clock by `ms`. */
export function advanceClock(ms: number): void {
  offsetMs += ms;
}

export function resetClock(): void {
  offsetMs = 0;
}
