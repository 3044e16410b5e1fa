import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ClientErrorReport, clientErrorForm } from '../../../src/contract/schemas.ts';
import {
  failureOf,
  installIslandLoadReporter,
  isModuleLoadFailure,
  islandLoadReport,
  MAX_REPORTS_PER_PAGE,
  reportGate,
  sitePathIn,
} from '../../../src/ui/island-load-report.ts';

const origin = 'https://beacon.example';

describe('isModuleLoadFailure', () => {
  it.each([
    ['Chromium', new TypeError(`Failed to fetch dynamically imported module: ${origin}/_astro/Booking.Ab1.js`)],
    ['Firefox', new TypeError(`error loading dynamically imported module: ${origin}/_astro/Booking.Ab1.js`)],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['Vite (CSS of a lazy part)', new Error(`Unable to preload CSS for ${origin}/_astro/BookingFlow.X.css`)],
    ['a message alone', 'Failed to fetch dynamically imported module: /_astro/a.js'],
  ])('recognises %s', (_browser, error) => {
    expect(isModuleLoadFailure(error)).toBe(true);
  });

  it.each([
    ['a render error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a failed API call', new TypeError('Failed to fetch')],
    ['nothing', undefined],
    ['an object without a message', { code: 1 }],
  ])('leaves %s alone', (_what, error) => {
    expect(isModuleLoadFailure(error)).toBe(false);
  });
});

describe('failureOf', () => {
  it('names the chunk the message names, as a path without its query', () => {
    const error = new TypeError(`Failed to fetch dynamically imported module: ${origin}/_astro/Booking.Ab1.js?astro-retry=1712345678901`);
    expect(failureOf(error, origin, '/_astro/Other.js')).toEqual({ name: 'TypeError', message: error.message, chunk: '/_astro/Booking.Ab1.js' });
  });

  it("falls back to the island's script, and never names another site's address", () => {
    expect(failureOf(new TypeError('Importing a module script failed.'), origin, '/_astro/Booking.Ab1.js').chunk).toBe('/_astro/Booking.Ab1.js');
    expect(failureOf(new TypeError('Failed to fetch dynamically imported module: https://cdn.other.example/x.js'), origin).chunk).toBeUndefined();
    expect(sitePathIn('Failed to fetch dynamically imported module: https://cdn.other.example/x.js', origin)).toBeUndefined();
    expect(failureOf(new Error('boom'), origin, 'https://cdn.other.example/x.js').chunk).toBeUndefined();
  });

  it('gives a plain name for a thrown value or an odd error name', () => {
    expect(failureOf('Importing a module script failed.', origin)).toMatchObject({ name: 'Error', message: 'Importing a module script failed.' });
    const odd = new Error('x');
    odd.name = 'Not a name!';
    expect(failureOf(odd, origin).name).toBe('Error');
  });
});

describe('reportGate', () => {
  it('admits each distinct failure once: by chunk, or by message when none is named', () => {
    const admit = reportGate();
    expect(admit({ name: 'TypeError', message: 'first try', chunk: '/_astro/a.js' })).toBe(true);
    expect(admit({ name: 'TypeError', message: 'other words', chunk: '/_astro/a.js' })).toBe(false);
    expect(admit({ name: 'TypeError', message: 'Importing a module script failed.' })).toBe(true);
    expect(admit({ name: 'TypeError', message: 'Importing a module script failed.' })).toBe(false);
    expect(admit({ name: 'TypeError', message: 'x', chunk: '/_astro/b.js' })).toBe(true);
  });

  it(`admits at most ${MAX_REPORTS_PER_PAGE} per page`, () => {
    const admit = reportGate();
    const admitted = Array.from({ length: 12 }, (_, i) => admit({ name: 'TypeError', message: 'x', chunk: `/_astro/c${i}.js` }));
    expect(admitted.filter(Boolean)).toHaveLength(MAX_REPORTS_PER_PAGE);
    expect(admitted.slice(0, MAX_REPORTS_PER_PAGE).every(Boolean)).toBe(true);
  });
});

describe('islandLoadReport', () => {
  it("fits the server's form, however long the message or the path", () => {
    const report = islandLoadReport({ name: 'TypeError', message: 'm'.repeat(5000), chunk: '/_astro/a.js' }, '/');
    expect(clientErrorForm.parse(report)).toEqual({ name: 'TypeError', message: 'm'.repeat(1000), where: 'island-load', page: '/', chunk_url: '/_astro/a.js' });
    expect(clientErrorForm.parse(islandLoadReport({ name: 'Error', message: '' }, `/${'p'.repeat(400)}`)).page).toHaveLength(300);
    expect(islandLoadReport({ name: 'Error', message: '' }, '/')).not.toHaveProperty('chunk_url');
  });
});

describe('installIslandLoadReporter', () => {
  let controller: AbortController;
  afterEach(() => {
    controller.abort();
    document.body.innerHTML = '';
  });

  function install() {
    controller = new AbortController();
    const sent: ClientErrorReport[] = [];
    installIslandLoadReporter(window, { send: (report) => sent.push(report), signal: controller.signal });
    return sent;
  }

  function hydrationError(island: Element, error: unknown, componentUrl = '/_astro/Booking.Ab1.js') {
    island.dispatchEvent(new CustomEvent('astro:hydration-error', { bubbles: true, composed: true, cancelable: true, detail: { error, componentUrl } }));
  }

  it('reports an island that did not start once, and puts the notice with the phone before it', () => {
    document.body.innerHTML = `<section id="book"><astro-island></astro-island></section>
      <template id="island-load-notice"><p class="island-load-notice" role="alert">This part of the page did not load. <a href="tel:+12065550142">(206) 555-0142</a></p></template>`;
    const sent = install();
    const island = document.querySelector('astro-island')!;
    const error = new TypeError(`Failed to fetch dynamically imported module: ${window.location.origin}/_astro/Booking.Ab1.js?astro-retry=1`);
    hydrationError(island, error);
    hydrationError(island, error);

    expect(sent).toEqual([{ name: 'TypeError', message: error.message, where: 'island-load', page: window.location.pathname, chunk_url: '/_astro/Booking.Ab1.js' }]);
    expect(island.previousElementSibling?.getAttribute('role')).toBe('alert');
    expect(document.querySelector('#book .island-load-notice a')?.getAttribute('href')).toBe('tel:+12065550142');
  });

  it('reports a rejected dynamic import left unhandled, and nothing else', () => {
    const sent = install();
    const rejection = (reason: unknown) => window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));
    rejection(new TypeError('Importing a module script failed.'));
    rejection(new Error('Something else went wrong'));
    expect(sent).toMatchObject([{ name: 'TypeError', message: 'Importing a module script failed.', where: 'island-load' }]);
  });

  it('reports a module <script> of this site that did not load, not a script of another site', () => {
    const sent = install();
    // Of a type happy-dom does not fetch: the test sends the error events itself.
    const script = (src: string) => Object.assign(document.createElement('script'), { type: 'text/x-inert', src });
    const ours = script('/_astro/page.Ab1.js');
    const theirs = script('https://js.stripe.com/v3/');
    document.head.append(ours, theirs);
    ours.dispatchEvent(new Event('error'));
    theirs.dispatchEvent(new Event('error'));
    expect(sent).toMatchObject([{ message: 'A script did not load: /_astro/page.Ab1.js', chunk_url: '/_astro/page.Ab1.js', where: 'island-load' }]);
    ours.remove();
    theirs.remove();
  });

  it('puts the notice before a module script of the body that did not load (the app shell mounts from one), not before one of the head', () => {
    document.body.innerHTML = `<div id="dashboard"><p>Loading your dashboard…</p></div>
      <template id="island-load-notice"><p class="island-load-notice" role="alert">This part of the page did not load.</p></template>`;
    const sent = install();
    // Inserted inert (happy-dom does not load scripts: the test sends the error), then a module as the shell's.
    const script = (src: string) => Object.assign(document.createElement('script'), { type: 'text/x-inert', src });
    const mount = script('/_astro/app-shell.Ab1.js');
    document.getElementById('dashboard')!.after(mount);
    const head = script('/_astro/head.Ab1.js');
    document.head.append(head);
    for (const element of [mount, head]) element.type = 'module';
    mount.dispatchEvent(new Event('error'));
    head.dispatchEvent(new Event('error'));

    expect(sent).toHaveLength(2);
    expect(mount.previousElementSibling?.getAttribute('role')).toBe('alert');
    expect(document.querySelectorAll('.island-load-notice')).toHaveLength(1);
    head.remove();
  });

  it("reports Vite's preload error only when a listener swallowed it (otherwise a boundary or the rejection reports it)", async () => {
    const sent = install();
    const preloadError = (file: string, swallow: boolean) => {
      const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
        payload: new TypeError(`Failed to fetch dynamically imported module: ${window.location.origin}/_astro/${file}`),
      });
      if (swallow) window.addEventListener('vite:preloadError', (e) => e.preventDefault(), { once: true });
      window.dispatchEvent(event);
    };
    preloadError('StepFinalize.Ab1.js', false);
    preloadError('TeamScreen.Ab1.js', true);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ chunk_url: '/_astro/TeamScreen.Ab1.js', where: 'island-load' });
  });

  it('stops after five reports on a page', () => {
    const sent = install();
    document.body.innerHTML = '<astro-island></astro-island>';
    const island = document.querySelector('astro-island')!;
    for (let i = 0; i < 9; i++) hydrationError(island, new TypeError('Importing a module script failed.'), `/_astro/Island${i}.js`);
    expect(sent).toHaveLength(5);
  });
});
