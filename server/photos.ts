import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { isTutorId, type PhotoStore } from './photo-store/store.ts';
import { resolveFile, sendFile } from './static.ts';

/**
 * A photo's caching. The plain address is checked again on each use (a new photo shows at once;
 * an unchanged one costs a 304); the versioned address that an upload answers never changes.
 */
const cacheOf = (c: Context) => (c.req.query('v') ? 'public, max-age=31536000, immutable' : 'no-cache');

/** A seed photo or the placeholder, files of the build. */
async function sendPhotoFile(c: Context, file: string) {
  const info = await stat(file);
  const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
  const cache = cacheOf(c);
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, { etag, 'cache-control': cache });
  c.header('etag', etag);
  return sendFile(c, file, { cache });
}

/**
 * An uploaded photo from the store, undefined when the tutor has none. Its ETag is its version (a
 * hash of its bytes), so every instance answers a revalidation alike; the 304 reads no bytes.
 */
async function sendStoredPhoto(c: Context, photos: PhotoStore, tutorId: number) {
  const cache = cacheOf(c);
  const asked = c.req.header('if-none-match');
  if (asked) {
    const version = await photos.version(tutorId);
    if (version && asked === `"${version}"`) return c.body(null, 304, { etag: asked, 'cache-control': cache });
  }
  const photo = await photos.read(tutorId);
  if (!photo) return undefined;
  const headers = { 'content-type': 'image/jpeg', 'cache-control': cache, etag: `"${photo.version}"`, 'x-content-type-options': 'nosniff' };
  return c.body(new Uint8Array(photo.jpeg), 200, headers);
}

/**
 * GET /tutor_images/{id}.jpg: an uploaded photo (the photo store), else a seed photo, else the
 * placeholder; with `?fallback=none`, a 404 instead of the placeholder (the home page's gallery
 * then shows the tutor's initials). `seedDirs` (the build's photos) are searched in order.
 */
export function addPhotoRoute(app: Hono, photos: PhotoStore, seedDirs: string[]): void {
  app.get('/tutor_images/:file{[0-9]+\\.jpg}', async (c) => {
    const name = c.req.param('file');
    const tutorId = Number(name.slice(0, -'.jpg'.length));
    if (isTutorId(tutorId)) {
      const stored = await sendStoredPhoto(c, photos, tutorId);
      if (stored) return stored;
    }
    for (const dir of seedDirs) {
      const file = await resolveFile(path.resolve(dir), `/${name}`);
      if (file) return sendPhotoFile(c, file);
    }
    if (c.req.query('fallback') === 'none') return c.notFound();
    for (const dir of seedDirs) {
      const placeholder = await resolveFile(path.resolve(dir), '/placeholder.jpg');
      if (placeholder) return sendPhotoFile(c, placeholder);
    }
    return c.notFound();
  });
}
