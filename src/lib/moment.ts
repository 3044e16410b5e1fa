import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * When and where the viewer is: the clock that says what is upcoming (and what can still be
 * skipped) and the IANA zone that times are written in.
 *
 * A screen the server wrote first (src/islands/render-dashboard.tsx) must render in the browser
 * exactly as it did on the server until it is hydrated, so `useMoment` answers the server's moment
 * (`ServerMoment`, written into the page) while hydrating, then the browser's own: React renders
 * once more when they differ, as with any external store. Elsewhere it is simply the browser's.
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

// Nothing announces a change: each render reads the moment afresh (as it read the clock before).
const noChanges = () => () => {};

/** The viewer's moment; the server's while the browser hydrates the page the server wrote. */
export function useMoment(): Moment {
  const server = useContext(ServerMoment);
  return useSyncExternalStore(noChanges, browserMoment, () => server ?? browserMoment());
}
