// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

const DASHBOARD_SHELL = '/app-shell/';
const isDashboardPath = (/** @type {string} */ p) =>
  /^\/student\/dashboard(\/.*)?$/.test(p) || /^\/tutors\/[^/]+\/dashboard(\/.*)?$/.test(p);
const isServerPath = (/** @type {string} */ p) => /^\/(api|dev)(\/|$)/.test(p) || /^\/tutor_images\/\d+\.jpg$/.test(p);

/**
 * `npm run dev` is one process: the Hono API answers /api (and the demo outbox under /dev), and
 * dashboard deep links are rewritten to the client-side app shell, as the production server does.
 * The build closes the database the pages read (the home page's tutor gallery).
 */
/** @returns {import('astro').AstroIntegration} */
function apiServer() {
  return {
    name: 'tutoring-api',
    hooks: {
      'astro:server:setup': async ({ server }) => {
        const { createDevListener } = await server.ssrLoadModule('/server/dev.ts');
        const listener = await createDevListener();
        server.middlewares.use((req, res, next) => {
          const pathname = (req.url ?? '/').split('?')[0] ?? '/';
          if (isServerPath(pathname)) return listener(req, res);
          if (isDashboardPath(pathname)) req.url = DASHBOARD_SHELL;
          next();
        });
      },
      'astro:build:done': async () => {
        const { closeSharedDatabase } = await import('./server/db/shared.ts');
        await closeSharedDatabase();
      },
    },
  };
}

export default defineConfig({
  integrations: [react(), apiServer()],
  server: { port: Number(process.env.PORT ?? 4321) },
  build: { inlineStylesheets: 'auto' },
  devToolbar: { enabled: false },
});
