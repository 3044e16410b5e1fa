/** An Astro client directive: given the island's loader, it calls the hydration when it chooses. */
type ClientDirective = (load: () => Promise<() => Promise<void>>) => void;

/**
 * `client:afterpaint` (astro.config.mjs): hydrates the island once the browser reports the page's
 * first contentful paint, or after 1.5 s when it reports none (no paint timing, a hidden frame).
 * Not when idle: an unthrottled page is idle before it paints, and its requests then come before
 * the paint. The same wait as the dashboards' script loader (scripts/scripts-after-paint.ts).
 */
const afterPaint: ClientDirective = (load) => {
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    await (await load())();
  };
  try {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) setTimeout(hydrate);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing: the time-out below.
  }
  setTimeout(hydrate, 1500);
};

export default afterPaint;
