import { isDomIsland } from './island.ts';

/** The browser half of the `dom-islands` renderer: Astro calls it with the island's element once the directive fires. */
export default (root: HTMLElement) => (component: unknown, props: Record<string, unknown>) => {
  if (isDomIsland(component)) component.hydrate(root, props);
};
