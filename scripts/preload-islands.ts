/**
 * After the build: gives each page a `<link rel="modulepreload">` for every script that it needs at
 * once (its module scripts, and client:load and client:only islands: the island's entry, its
 * renderer; and all that they import statically), so the browser fetches them in parallel as it reads the page
 * instead of discovering them one import at a time. Islands that wait (client:visible) and the
 * chunks loaded on demand (dynamic imports) are left to load when they are needed.
 *
 * astro.config.mjs runs this at `astro:build:done`; tests/e2e/page-budgets.spec.ts reads the same
 * graph to weigh what a page loads.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadScriptsAfterPaint } from './scripts-after-paint.ts';

/** Islands whose scripts load with the page, before any interaction. */
const EAGER_DIRECTIVES = new Set(['load', 'only']);

/**
 * The scripts (site paths) that start with the page: its module scripts (the dashboards' app shell
 * mounts itself from one) and its islands that start at once.
 */
export function eagerIslandScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, src] of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*>/g)) {
    // The build's own files only (another site's script is not in dist/).
    if (src!.startsWith('/') && !src!.startsWith('//') && !scripts.includes(src!)) scripts.push(src!);
  }
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    if (!EAGER_DIRECTIVES.has(attribute('client') ?? '')) continue;
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = attribute(name);
      if (url && !scripts.includes(url)) scripts.push(url);
    }
  }
  return scripts;
}

/**
 * The modules a built chunk imports statically (`import … from "./x.js"`, `import "./x.js"`,
 * `export … from "./x.js"`), as written; dynamic `import("./x.js")` is left out.
 */
export function staticImportsOf(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.m?js)["']/g)) found.add(match[1]!);
  return [...found];
}

/** Every script (site paths) that `entries` need before they run: themselves and their static imports, recursively. */
export async function staticClosure(distDir: string, entries: string[]): Promise<string[]> {
  const seen: string[] = [];
  const queue = [...entries];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.includes(url)) continue;
    seen.push(url);
    const code = await readFile(path.join(distDir, url), 'utf8');
    for (const specifier of staticImportsOf(code)) queue.push(path.posix.join(path.posix.dirname(url), specifier));
  }
  return seen;
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

/**
 * Adds the preload links to every page of the build in `distDir`, once a page marked for it loads
 * its module scripts after its first paint (scripts-after-paint.ts: those get no link); returns
 * how many pages changed.
 * They go first in the head, right after the charset, the largest script first: over HTTP/1.1 the
 * first request after the page reuses its warm connection, and the largest file gains most from
 * it (the others open connections of their own in parallel).
 */
export async function addModulePreloads(distDir: string): Promise<number> {
  let pages = 0;
  for await (const file of htmlFiles(distDir)) {
    const built = await readFile(file, 'utf8');
    const html = loadScriptsAfterPaint(built);
    const scripts = await staticClosure(distDir, eagerIslandScripts(html));
    const missing = scripts.filter((url) => !html.includes(`rel="modulepreload" href="${url}"`));
    const charset = /<meta charset="[^"]*">/i.exec(html);
    if (missing.length === 0 || !charset) {
      if (html !== built) {
        await writeFile(file, html);
        pages += 1;
      }
      continue;
    }
    const sizes = new Map(await Promise.all(missing.map(async (url) => [url, (await stat(path.join(distDir, url))).size] as const)));
    const links = missing
      .sort((a, b) => sizes.get(b)! - sizes.get(a)!)
      .map((url) => `<link rel="modulepreload" href="${url}">`)
      .join('');
    const at = charset.index + charset[0].length;
    await writeFile(file, html.slice(0, at) + links + html.slice(at));
    pages += 1;
  }
  return pages;
}
