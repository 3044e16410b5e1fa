/**
 * Islands drawn with the DOM instead of React, for a part so small that React's ~67 KB (gzip)
 * would be most of what the page loads (the home page's hero button). Astro renders and hydrates
 * them through the `dom-islands` renderer (./server.ts, ./client.ts, registered in
 * astro.config.mjs), so a page places one like any island: `<HeroLogin client:idle />`.
 */
const DOM_ISLAND = '__domIsland';

export interface DomIslandParts<P> {
  /** The island's HTML at build time (Astro puts it in the page). */
  html: (props: P) => string;
  /** Takes over that HTML in the browser. */
  hydrate: (root: HTMLElement, props: P) => void;
}

/** A DOM island: callable as a component (it returns its HTML), marked for the renderer. */
export type DomIsland<P> = ((props: P) => string) & DomIslandParts<P> & { [DOM_ISLAND]: true };

export function domIsland<P extends object>(parts: DomIslandParts<P>): DomIsland<P> {
  return Object.assign((props: P) => parts.html(props), parts, { [DOM_ISLAND]: true as const });
}

export function isDomIsland(component: unknown): component is DomIsland<Record<string, unknown>> {
  return typeof component === 'function' && (component as Partial<Record<typeof DOM_ISLAND, unknown>>)[DOM_ISLAND] === true;
}
