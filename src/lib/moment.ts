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

/** How often the browser's moment moves on while a screen shows it: skip closes, meetings start. */
const TICK_MS = 30_000;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

let live: Moment | undefined;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function tick() {
  live = { nowMs: Date.now(), zone: browserZone() };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(tick, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearInterval(timer);
    timer = undefined;
    // Read afresh the next time a screen asks: nothing keeps it current meanwhile.
    live = undefined;
  };
}

/** The same object until it changes: React compares snapshots by identity. */
function browserMoment(): Moment {
  return (live ??= { nowMs: Date.now(), zone: browserZone() });
}

/** The viewer's moment; the server's while the browser hydrates the page the server wrote. */
export function useMoment(): Moment {
  const server = useContext(ServerMoment);
  return useSyncExternalStore(subscribe, browserMoment, () => server ?? browserMoment());
}
