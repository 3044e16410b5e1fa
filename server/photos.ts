import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { resolveFile, sendFile } from './static.ts';

/**
 * A photo's answer. The plain address is checked again on each use (a new photo shows at once; an
 * unchanged one costs a 304); the versioned address that an upload answers never changes.
 */
async function sendPhoto(c: Context, file: string) {
  const info = await stat(file);
  const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
  const cache = c.req.query('v') ? 'public, max-age=31536000, immutable' : 'no-cache';
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, { etag, 'cache-control': cache });
  c.header('etag', etag);
  return sendFile(c, file, { cache });
}

/**
 * GET /tutor_images/{id}.jpg: an uploaded photo, else a seed photo, else the placeholder; with
 * `?fallback=none`, a 404 instead of the placeholder (the home page's gallery then shows the
 * tutor's initials). `dirs` are searched in order.
 */
export function addPhotoRoute(app: Hono, dirs: string[]): void {
  app.get('/tutor_images/:file{[0-9]+\\.jpg}', async (c) => {
    const name = c.req.param('file');
    for (const dir of dirs) {
      const file = await resolveFile(path.resolve(dir), `/${name}`);
      if (file) return sendPhoto(c, file);
    }
    if (c.req.query('fallback') === 'none') return c.notFound();
    for (const dir of dirs) {
      const placeholder = await resolveFile(path.resolve(dir), '/placeholder.jpg');
      if (placeholder) return sendPhoto(c, placeholder);
    }
    return c.notFound();
  });
}
