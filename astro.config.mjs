// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { cssModules } from './scripts/css-class-names.ts';
import { addModulePreloads } from './scripts/preload-islands.ts';
import { DASHBOARD_SHELL, isDashboardPath } from './src/config/dashboard-routes.ts';
const isServerPath = (/** @type {string} */ p) => /^\/(api|dev)(\/|$)/.test(p) || /^\/tutor_images\/\d+\.jpg$/.test(p);

/**
 * `npm run dev` is one process: the Hono API answers /api (and the demo outbox under /dev), and
 * dashboard deep links are rewritten to the app shell, as the production server does.
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
        const { closeSharedDatabase } = await import('./server/start/shared-database.ts');
        await closeSharedDatabase();
      },
    },
  };
}

/**
 * Islands drawn with the DOM (src/islands/dom/island.ts): the home page's hero button starts
 * without React. Listed before React so its check answers first.
 */
/** @returns {import('astro').AstroIntegration} */
function domIslands() {
  return {
    name: 'dom-islands',
    hooks: {
      'astro:config:setup': ({ addRenderer }) => {
        addRenderer({
          name: 'dom-islands',
          serverEntrypoint: fileURLToPath(new URL('./src/islands/dom/server.ts', import.meta.url)),
          clientEntrypoint: fileURLToPath(new URL('./src/islands/dom/client.ts', import.meta.url)),
        });
      },
    },
  };
}

/**
 * `client:afterpaint`: an island that hydrates once the page's first contentful paint is on screen
 * (src/islands/after-paint-directive.ts). For a page whose HTML is already what it first shows (the
 * booking widget's frame): its scripts, requested before that paint, would count against it in
 * Lighthouse's simulation of a slow phone, as the dashboards' did (scripts/scripts-after-paint.ts).
 */
/** @returns {import('astro').AstroIntegration} */
function afterPaintDirective() {
  return {
    name: 'after-paint-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'afterpaint', entrypoint: fileURLToPath(new URL('./src/islands/after-paint-directive.ts', import.meta.url)) });
      },
    },
  };
}

/** The scripts that islands need at once are fetched as the page is read (scripts/preload-islands.ts). */
/** @returns {import('astro').AstroIntegration} */
function islandPreloads() {
  return {
    name: 'island-preloads',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        await addModulePreloads(fileURLToPath(dir));
      },
    },
  };
}

/**
 * The browser build's shared chunks, by what needs them, instead of many small ones (each a request
 * and a step in the chain of imports): `dom-kit` is what every island needs without React (the API
 * client, the session store, chunk loading, failure reports: all the home page's hero button
 * loads), and `react` is React with the UI kit's basics, which every React island needs. What every
 * dashboard address shows stays in the app shell's own script (src/pages/app-shell.astro), so the
 * shell starts with three scripts (and Rolldown's small runtime). `mount-dashboard` names that
 * script's small modules which the dashboards' other chunks share (the read hook, the sign-in
 * redirect, the deferred error sentences, the network sentence): left to Rolldown, each became a
 * chunk of its own (four more requests for the shell, and about 550 bytes gzip of chunk overhead);
 * here they stay in the shell's script, which every dashboard chunk loads after anyway. Its
 * priority is below the others', so what it imports from `dom-kit` and `react` stays there. The
 * rest splits as Rolldown sees fit (each screen's own chunks: a student never fetches the tutor's or
 * the supervisor's screens).
 */
const clientChunks = {
  groups: [
    {
      name: 'dom-kit',
      priority: 20,
      test: /node_modules[\\/]nanostores[\\/](atom|index)|vite[\\/]preload-helper|[\\/]src[\\/](api[\\/](http|auth|auth-state|client-errors|customers|calendar)\.ts|features[\\/]auth[\\/]auth\.module\.css|config[\\/]site\.ts|lib[\\/](phone|email)\.ts|ui[\\/](chunk-load|failure-report)\.ts|ui[\\/](Button|FailureBoundary)\.module\.css)/,
    },
    {
      name: 'react',
      priority: 10,
      test: /node_modules[\\/](react|react-dom|scheduler)[\\/.]|[\\/]src[\\/](ui[\\/](Button|Loader|FailureBoundary|lazy-chunk|use-store|LoadError|Chip)(\.tsx|\.ts|\.module\.css)|lib[\\/](time-format|labels|late-change)\.ts)/,
    },
    {
      name: 'mount-dashboard',
      priority: 5,
      test: /[\\/]src[\\/](islands[\\/]mount-dashboard\.tsx|ui[\\/]use-read\.ts|lib[\\/](sign-in-again|error-message-later|network-message)\.ts)/,
    },
  ],
};

export default defineConfig({
  integrations: [domIslands(), afterPaintDirective(), react(), apiServer(), islandPreloads()],
  server: { port: Number(process.env.PORT ?? 4321) },
  // Every page's CSS is in its HTML: no stylesheet request holds up the first paint.
  build: { inlineStylesheets: 'always' },
  devToolbar: { enabled: false },
  vite: { css: { modules: cssModules }, environments: { client: { build: { rolldownOptions: { output: { codeSplitting: clientChunks } } } } } },
});
