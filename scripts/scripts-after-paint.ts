/**
 * After the build: a page that marks itself `data-scripts="after-paint"` (the dashboards' app shell,
 * whose first screen the server writes) asks for its module scripts only once its first contentful
 * paint is on screen. Its `<script type="module" src>` tags become a small inline loader that adds
 * them then, and preload-islands.ts gives them no preload link.
 *
 * Why: the page paints from its HTML alone (decision 012), but a script requested before that paint
 * counts against it in Lighthouse's simulation of a slow phone (the shell's code pushed the
 * dashboards' simulated LCP from about 0.9 s to 1.1 s). Waiting for the paint's own entry, not a
 * frame callback: a frame's callbacks run before the frame is presented, and requests made there
 * still come before the paint.
 */
export const AFTER_PAINT_MARK = 'data-scripts="after-paint"';

/**
 * The loader, the same text on every page (the CSP allows inline scripts by hash,
 * server/http/security-headers.ts). It adds the script named by its `data-src` once the browser has
 * reported the first contentful paint, or 300 ms after a frame when it reports none (a browser
 * without paint timing, a page with nothing contentful). A failed load is reported by the page's
 * island-load report, which watches every script element.
 */
export const AFTER_PAINT_LOADER =
  '(function(s){var d=0;function g(){if(d)return;d=1;var e=document.createElement("script");e.type="module";e.src=s;document.body.appendChild(e)}' +
  'try{new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)setTimeout(g)}).observe({type:"paint",buffered:true})}catch(x){}' +
  'requestAnimationFrame(function(){setTimeout(g,300)})})(document.currentScript.dataset.src)';

const MODULE_SCRIPT = /<script type="module" src="([^"]+)"><\/script>/g;
const LOADER_SRC = /<script data-src="([^"]+)">/g;

/** The scripts a page loads after its first paint (the loaders' `data-src`). */
export function afterPaintScripts(html: string): string[] {
  return [...html.matchAll(LOADER_SRC)].map((match) => match[1]!);
}

/** The page with its module scripts loaded after the first paint, when it is marked for it; else unchanged. */
export function loadScriptsAfterPaint(html: string): string {
  if (!html.includes(AFTER_PAINT_MARK)) return html;
  return html.replace(MODULE_SCRIPT, (_, src: string) => `<script data-src="${src}">${AFTER_PAINT_LOADER}</script>`);
}
