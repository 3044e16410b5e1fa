// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_LOADER, AFTER_PAINT_MARK, afterPaintScripts, loadScriptsAfterPaint } from '../../../scripts/scripts-after-paint.ts';

const shell = (mark: string) =>
  `<html><head><script type="module">inline()</script></head><body><div id="dashboard" ${mark}></div>` +
  '<script type="module" src="/_astro/app-shell.js"></script></body></html>';

describe('a page that loads its scripts after its first paint', () => {
  it('has its module scripts replaced by the loader, which names them; an unmarked page is left alone', () => {
    const page = loadScriptsAfterPaint(shell(AFTER_PAINT_MARK));
    expect(page).not.toContain('<script type="module" src=');
    expect(page).toContain(`<script data-src="/_astro/app-shell.js">${AFTER_PAINT_LOADER}</script>`);
    expect(page).toContain('<script type="module">inline()</script>');
    expect(afterPaintScripts(page)).toEqual(['/_astro/app-shell.js']);
    expect(loadScriptsAfterPaint(shell(''))).toBe(shell(''));
  });
});

/** Runs the loader in a page whose paint timing, frames and timers the test drives. */
function runLoader({ paintTiming }: { paintTiming: boolean }) {
  const appended: { type: string; src: string }[] = [];
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  let paintObserver: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined;
  const document = {
    currentScript: { dataset: { src: '/_astro/app-shell.js' } },
    createElement: () => ({ type: '', src: '' }),
    body: { appendChild: (element: { type: string; src: string }) => appended.push(element) },
  };
  class PerformanceObserver {
    constructor(callback: typeof paintObserver) {
      if (!paintTiming) throw new TypeError('no paint timing');
      paintObserver = callback;
    }
    observe() {}
  }
  new Function('document', 'PerformanceObserver', 'requestAnimationFrame', 'setTimeout', AFTER_PAINT_LOADER)(
    document,
    PerformanceObserver,
    (frame: () => void) => frames.push(frame),
    (run: () => void, ms = 0) => timers.push({ run, ms }),
  );
  const paint = (name: string) => paintObserver?.({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) });
  /** Runs the timers due within `atMost` ms; the others stay queued. */
  const runTimers = (atMost: number) => {
    const due = timers.filter((t) => t.ms <= atMost);
    timers.splice(0, timers.length, ...timers.filter((t) => t.ms > atMost));
    for (const timer of due) timer.run();
  };
  return { appended, frames, paint, runTimers };
}

describe('the loader', () => {
  it('adds the module script once the first contentful paint is reported, not at the frame before it, and once', () => {
    const page = runLoader({ paintTiming: true });
    page.frames.forEach((frame) => frame());
    page.runTimers(0);
    expect(page.appended).toEqual([]);
    page.paint('first-paint');
    page.runTimers(0);
    expect(page.appended).toEqual([]);
    page.paint('first-contentful-paint');
    page.runTimers(0);
    expect(page.appended).toEqual([{ type: 'module', src: '/_astro/app-shell.js' }]);
    page.runTimers(300);
    expect(page.appended).toHaveLength(1);
  });

  it('adds it 300 ms after a frame when no paint is reported, or when the browser has no paint timing', () => {
    for (const paintTiming of [true, false]) {
      const page = runLoader({ paintTiming });
      page.frames.forEach((frame) => frame());
      page.runTimers(299);
      expect(page.appended).toEqual([]);
      page.runTimers(300);
      expect(page.appended).toEqual([{ type: 'module', src: '/_astro/app-shell.js' }]);
    }
  });
});
