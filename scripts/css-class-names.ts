/**
 * How the builds name CSS-module classes: `card_k3x9q`, the class as written and five base-36
 * characters of a hash of its file's CSS. Vite's default (`_card_k3x9q_2`) adds an underscore and
 * the line number; the names are written in the scripts of every screen and in every page, so the
 * shorter ones make the app shell about 150 bytes gzip lighter (docs/decisions/019-one-read-hook.md).
 *
 * The browser's build (astro.config.mjs) and the dashboards' server render
 * (scripts/build-dashboard-render.ts) must name classes alike, or the server's HTML would not
 * match what the browser hydrates: both use this, and like Vite's default it depends only on the
 * file's CSS, which both builds read the same.
 */

/** A 32-bit string hash (djb2, as Vite's default uses), in base 36. */
function hash(text: string): string {
  let value = 5381;
  for (let index = 0; index < text.length; index += 1) value = (value * 33) ^ text.charCodeAt(index);
  return (value >>> 0).toString(36).padStart(5, '0').slice(0, 5);
}

/** Vite's `css.modules` settings for both builds. */
export const cssModules = {
  generateScopedName: (name: string, _file: string, css: string) => `${name}_${hash(css)}`,
};
