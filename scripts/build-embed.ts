/**
 * A step of `npm run build`: bundles the partner's script (src/embed/embed.ts) into dist/embed.js,
 * one minified classic script (a partner loads it with a plain `<script async>`), before
 * precompress.ts writes its gzip and brotli twins. Astro builds the pages; this file is not a page.
 */
import { build } from 'esbuild';

await build({
  entryPoints: ['src/embed/embed.ts'],
  outfile: 'dist/embed.js',
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2022',
  legalComments: 'none',
  logLevel: 'warning',
});
console.log('build-embed: dist/embed.js');
