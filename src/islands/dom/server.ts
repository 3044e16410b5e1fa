import type { NamedSSRLoadedRendererValue } from 'astro';
import { isDomIsland } from './island.ts';

/** The build-time half of the `dom-islands` renderer: recognises a DOM island and writes its HTML. */
const renderer: NamedSSRLoadedRendererValue = {
  name: 'dom-islands',
  check: async (component) => isDomIsland(component),
  renderToStaticMarkup: async (component, props) => ({ html: isDomIsland(component) ? component.html(props) : '' }),
};

export default renderer;
