import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { PublicTutor } from '../src/contract/entities.ts';
import { GALLERY_END, GALLERY_START, galleryHtml } from '../src/lib/gallery.ts';
import { nowMs } from './clock.ts';

/**
 * The home page stays the static HTML of the build, but its tutor gallery follows the team: every
 * `refreshMs` at most, the server reads the gallery's tutors from the database and, when they
 * changed, swaps the fresh gallery into the built page (between the markers of src/lib/gallery.ts)
 * and compresses it once. Each instance does this on its own from the shared database, so with
 * several instances every one shows a change within `refreshMs`, with no message between them.
 */
export interface LiveHomeOptions {
  indexFile: string;
  galleryTutors: () => Promise<Pick<PublicTutor, 'id' | 'name' | 'background'>[]>;
  refreshMs?: number;
  log?: (line: string) => void;
}

interface Rendered {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  key: string;
}

export function liveHomePage({ indexFile, galleryTutors, refreshMs = 30_000, log = console.log }: LiveHomeOptions) {
  let built: string | undefined;
  let rendered: Rendered | undefined;
  let checkedAt = -Infinity;
  let pending: Promise<Rendered> | undefined;

  async function render(): Promise<Rendered> {
    built ??= await readFile(indexFile, 'utf8');
    let tutors: Awaited<ReturnType<typeof galleryTutors>> | undefined;
    try {
      tutors = await galleryTutors();
    } catch (error) {
      // The database is unreachable: the page last shown (or the build's) is better than an error.
      log(`home page gallery not refreshed: ${(error as Error).message}`);
    }
    checkedAt = nowMs();
    if (!tutors) return rendered ?? pack(built, 'built');
    const key = JSON.stringify(tutors);
    if (rendered?.key === key) return rendered;
    const start = built.indexOf(GALLERY_START);
    const end = built.indexOf(GALLERY_END, start);
    const page = start < 0 || end < 0 ? built : built.slice(0, start) + galleryHtml(tutors) + built.slice(end + GALLERY_END.length);
    rendered = pack(page, key);
    return rendered;
  }

  function pack(page: string, key: string): Rendered {
    const html = Buffer.from(page);
    return {
      html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(html, { level: 9 }),
      etag: `"home-${html.length.toString(36)}-${Buffer.from(key).reduce((h, b) => (h * 31 + b) >>> 0, 7).toString(36)}"`,
      key,
    };
  }

  /**
   * The current page; one database read at a time, however many requests arrive. A read "in the
   * future" (the demo clock was put back since) is stale too, or the page would wait for the clock
   * to catch up.
   */
  async function current(): Promise<Rendered> {
    const age = nowMs() - checkedAt;
    if (rendered && age >= 0 && age < refreshMs) return rendered;
    pending ??= render().finally(() => (pending = undefined));
    return pending;
  }

  return async function serve(c: Context) {
    const page = await current();
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', vary: 'accept-encoding', etag: page.etag };
    if (c.req.header('if-none-match') === page.etag) return c.body(null, 304, headers);
    const accepted = c.req.header('accept-encoding') ?? '';
    const [body, encoding] = accepted.includes('br') ? [page.br, 'br'] : accepted.includes('gzip') ? [page.gzip, 'gzip'] : [page.html, undefined];
    if (encoding) headers['content-encoding'] = encoding;
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(body), 200, headers);
  };
}
