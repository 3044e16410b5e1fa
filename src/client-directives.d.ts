// The project's own client directive (astro.config.mjs), for Astro's types of island attributes.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate once the first contentful paint is on screen (src/islands/after-paint-directive.ts). */
    'client:afterpaint'?: boolean;
  }
}
