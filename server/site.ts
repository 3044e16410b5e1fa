import path from 'node:path';
import { type Context, Hono } from 'hono';
import type { PublicTutor } from '../src/contract/entities.ts';
import { builtPageScriptHashes, siteSecurityHeaders } from './http/security-headers.ts';
import { failed } from './http/envelope.ts';
import { requestPathGuard } from './http/request-path.ts';
import { Refusal } from './domain/refusal.ts';
import { dashboardShell } from './dashboard-shell.ts';
import { liveHomePage } from './live-home.ts';
import { addPhotoRoute } from './photos.ts';
import type { PhotoStore } from './photo-store/store.ts';
import { DASHBOARD_SHELL, isDashboardPath } from '../src/config/dashboard-routes.ts';
import { cacheControl, resolveFile, sendFile } from './static.ts';

export interface SiteOptions {
  /** The Hono app that answers /api. */
  api: Hono;
  /** The built site (dist/). */
  distDir: string;
  /** Uploaded tutor photos; the seed photos in dist/tutor_images are the fallback. */
  photos: PhotoStore;
  /** The tutors the home page's gallery shows now (it follows the team without a rebuild). */
  galleryTutors?: () => Promise<Pick<PublicTutor, 'id' | 'name' | 'background'>[]>;
  /** How often the gallery is read again, at most. */
  galleryRefreshMs?: number;
  /** Send Strict-Transport-Security (production, where the site URL is https). */
  hsts?: boolean;
  /** The dashboards' server render (dist-server/render-dashboard.js); without it the browser renders them. */
  dashboardRenderFile?: string;
  /** The sites allowed to frame the embed pages (/embed/*), from memory (cache/embed-origins.ts); none when not given. */
  embedOrigins?: () => Promise<string[]>;
}

/** The production server: the API, tutor photos, the static site and the dashboard rewrites. */
export function createSiteApp({ api, distDir, photos, galleryTutors, galleryRefreshMs, hsts = false, dashboardRenderFile, embedOrigins }: SiteOptions) {
  const root = path.resolve(distDir);
  const app = new Hono({ strict: false });

  async function notFound(c: Context) {
    const notFoundPage = await resolveFile(root, '/404.html');
    if (notFoundPage) return sendFile(c, notFoundPage, { status: 404, cache: 'no-cache' });
    return c.text('Not found', 404);
  }

  app.use(siteSecurityHeaders({ scriptHashes: builtPageScriptHashes(root), hsts, embedOrigins }));
  // One reading of the path before the router and every guard (http/request-path.ts); a path
  // without one is no page of ours (under /api, the API's envelope says so).
  app.use(requestPathGuard((c) => (c.req.path.startsWith('/api/') ? failed(c, new Refusal('NotFound')) : notFound(c))));
  app.route('/', api);
  addPhotoRoute(app, photos, [path.join(root, 'tutor_images')]);
  if (galleryTutors) {
    const home = liveHomePage({ indexFile: path.join(root, 'index.html'), galleryTutors, refreshMs: galleryRefreshMs });
    app.on(['GET', 'HEAD'], ['/', '/index.html'], home);
  }

  const shell = dashboardShell({ shellFile: path.join(root, DASHBOARD_SHELL, 'index.html'), api, renderFile: dashboardRenderFile });

  app.on(['GET', 'HEAD'], '*', async (c) => {
    if (isDashboardPath(c.req.path)) return shell(c);
    const file = await resolveFile(root, c.req.path);
    if (file) return sendFile(c, file, { cache: cacheControl(file.endsWith('.html') ? '/index.html' : c.req.path) });
    return notFound(c);
  });

  return app;
}
