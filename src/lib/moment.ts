import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * When and where the viewer is: the clock that says what is upcoming (and what can still be
 * skipped) and the IANA zone that times are written in.
 *
 * A screen the server wrote first (src/islands/render-dashboard.tsx) must render in the browser
 * exactly as it did on the server until it is hydrated, so `useMoment` answers the server's moment
 * (`ServerMoment`, written into the page) while hydrating, then the browser's own: React renders
 * once more when they differ, as with any external store (adoptServerMoment spares that when they
 * agree). Elsewhere it is simply the browser's.
 */
export interface Moment {
  nowMs: number;
  zone: string;
}

export const ServerMoment = createContext<Moment | null>(null);

/** How long the browser's moment stands for now: renders within it agree on what is upcoming. */
const FRESH_MS = 30_000;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

let live: Moment | undefined;

/** The same object while fresh: React compares snapshots by identity. */
function browserMoment(): Moment {
  const nowMs = Date.now();
  if (!live || nowMs - live.nowMs > FRESH_MS) live = { nowMs, zone: browserZone() };
  return live;
}

/**
 * Before the browser hydrates a page the server wrote at `server`: when that is the browser's zone
 * and the two clocks agree within FRESH_MS, the browser takes that moment as its own (the same
 * object). The hydrated page then has nothing to render again; otherwise every time on it renders
 * once more, at once, in one long task (a tutor's list has dozens of cards), to write the same text.
 */
export function adoptServerMoment(server: Moment): void {
  if (server.zone === browserZone() && Math.abs(Date.now() - server.nowMs) <= FRESH_MS) live = server;
}

// Nothing announces a change: each render reads the moment afresh (as it read the clock before).
const noChanges = () => () => {};

/** The viewer's moment; the server's while the browser hydrates the page the server wrote. */
export function useMoment(): Moment {
  const server = useContext(ServerMoment);
  return useSyncExternalStore(noChanges, browserMoment, () => server ?? browserMoment());
}
