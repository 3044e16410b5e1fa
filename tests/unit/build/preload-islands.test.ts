// @vitest-environment node
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addModulePreloads, eagerIslandScripts, staticClosure, staticImportsOf } from '../../../scripts/preload-islands.ts';

const island = (client: string, component: string, renderer: string) =>
  `<astro-island uid="x" component-url="${component}" component-export="default" renderer-url="${renderer}" props="{}" ssr client="${client}" opts="{}"></astro-island>`;

describe('the scripts a page needs at once', () => {
  it('are the entries and renderers of client:load and client:only islands, not of those that wait', () => {
    const html = island('load', '/_astro/Hero.js', '/_astro/dom.js') + island('visible', '/_astro/Booking.js', '/_astro/react.js') + island('only', '/_astro/App.js', '/_astro/react.js');
    expect(eagerIslandScripts(html)).toEqual(['/_astro/Hero.js', '/_astro/dom.js', '/_astro/App.js', '/_astro/react.js']);
  });

  it("are the page's module scripts too (the app shell mounts itself from one), not its inline scripts", () => {
    const html = '<script type="module" src="/_astro/app-shell.js"></script><script type="module">start()</script><script src="/legacy.js"></script>';
    expect(eagerIslandScripts(html + island('only', '/_astro/App.js', '/_astro/react.js'))).toEqual(['/_astro/app-shell.js', '/_astro/App.js', '/_astro/react.js']);
  });

  it('follow static imports and exports, not dynamic imports', () => {
    const code = 'import{a as e}from"./react.X.js";import"./side.Y.js";export{b}from"./kit.Z.js";const l=()=>import("./Later.W.js");';
    expect(staticImportsOf(code)).toEqual(['./react.X.js', './side.Y.js', './kit.Z.js']);
  });
});

describe('addModulePreloads', () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('puts a modulepreload link for each, largest first, right after the charset; pages without islands are left alone', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'preload-'));
    await mkdir(path.join(dir, '_astro'));
    await mkdir(path.join(dir, 'terms'));
    await writeFile(path.join(dir, '_astro/App.js'), 'import"./big.js";import"./small.js";const x=()=>import("./Lazy.js");');
    await writeFile(path.join(dir, '_astro/big.js'), `import"./small.js";${'x'.repeat(500)}`);
    await writeFile(path.join(dir, '_astro/small.js'), 'export{}');
    await writeFile(path.join(dir, '_astro/renderer.js'), 'import"./big.js";');
    const page = `<!doctype html><html><head><meta charset="utf-8"><title>t</title></head><body>${island('only', '/_astro/App.js', '/_astro/renderer.js')}</body></html>`;
    await writeFile(path.join(dir, 'index.html'), page);
    await writeFile(path.join(dir, 'terms/index.html'), '<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');

    expect(await staticClosure(dir, ['/_astro/App.js', '/_astro/renderer.js'])).toEqual(['/_astro/App.js', '/_astro/renderer.js', '/_astro/big.js', '/_astro/small.js']);
    expect(await addModulePreloads(dir)).toBe(1);
    const html = await readFile(path.join(dir, 'index.html'), 'utf8');
    expect(html).toContain(
      '<meta charset="utf-8"><link rel="modulepreload" href="/_astro/big.js"><link rel="modulepreload" href="/_astro/App.js"><link rel="modulepreload" href="/_astro/renderer.js"><link rel="modulepreload" href="/_astro/small.js"><title>',
    );
    expect(html).not.toContain('Lazy.js');
    expect(await readFile(path.join(dir, 'terms/index.html'), 'utf8')).not.toContain('modulepreload');
    // Run again (a second build step): nothing is added twice.
    expect(await addModulePreloads(dir)).toBe(0);
  });
});
