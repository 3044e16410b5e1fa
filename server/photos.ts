import path from 'node:path';
import type { Hono } from 'hono';
import { resolveFile, sendFile } from './static.ts';

/**
 * GET /tutor_images/{id}.jpg: an uploaded photo, else a seed photo, else the placeholder.
 * `dirs` are searched in order.
 */
export function addPhotoRoute(app: Hono, dirs: string[]): void {
  app.get('/tutor_images/:file{[0-9]+\\.jpg}', async (c) => {
    const name = c.req.param('file');
    for (const dir of dirs) {
      const file = await resolveFile(path.resolve(dir), `/${name}`);
      if (file) return sendFile(c, file, { cache: 'public, max-age=300' });
    }
    for (const dir of dirs) {
      const placeholder = await resolveFile(path.resolve(dir), '/placeholder.jpg');
      if (placeholder) return sendFile(c, placeholder, { cache: 'public, max-age=300' });
    }
    return c.notFound();
  });
}
