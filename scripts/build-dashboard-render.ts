/**
 * Bundles the dashboards' server render (src/islands/render-dashboard.tsx) for the production
 * server: dist-server/render-dashboard.js, which server/dashboard-shell.ts loads. `npm run build`
 * runs it after `astro build`.
 *
 * It is Vite's server build of the same source as the browser's: the same JSX, the same `PUBLIC_`
 * variables, and the same CSS-module class names (css-class-names.ts names a class from its file's
 * CSS, so both builds agree; tests/e2e/server-render.spec.ts checks the page's look without scripts). React and
 * the packages around it are bundled in their production builds, whatever NODE_ENV the server
 * runs with (React's development build renders several times slower). CSS is not emitted (the
 * page inlines it already).
 */
import { build } from 'vite';
import { cssModules } from './css-class-names.ts';

export const RENDER_OUT_DIR = 'dist-server';

await build({
  configFile: false,
  logLevel: 'warn',
  envPrefix: 'PUBLIC_',
  publicDir: false,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  css: { modules: cssModules },
  ssr: { noExternal: true },
  build: {
    ssr: 'src/islands/render-dashboard.tsx',
    outDir: RENDER_OUT_DIR,
    emptyOutDir: true,
    minify: false,
    rolldownOptions: { output: { entryFileNames: 'render-dashboard.js' } },
  },
});
console.log(`dashboard render: ${RENDER_OUT_DIR}/render-dashboard.js`);
