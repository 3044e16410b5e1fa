import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { normalPath } from './request-path.ts';

/**
 * Stripe.js and its card frames: the only origins besides our own that the pages use. Stripe's
 * security guide also lists its script subdomains (*.js.stripe.com) for scripts and frames, and
 * hooks.stripe.com for the 3-D Secure frame.
 */
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_API = 'https://api.stripe.com';

/** sha256 of each inline script of a page (`<script>` without `src`), as CSP source expressions. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? '')) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The inline scripts of every page of the build (Astro's island loaders are inline), read once
 * at start-up so the pages stay static, cacheable files. A page added to dist/ by a later build
 * needs a restart, as the server's other reads of dist/ do.
 */
export function builtPageScriptHashes(distDir: string): string[] {
  let files: string[];
  try {
    files = readdirSync(distDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  } catch {
    return [];
  }
  const hashes = files.flatMap((file) => inlineScriptHashes(readFileSync(path.join(distDir, file), 'utf8')));
  return [...new Set(hashes)].sort();
}

/**
 * The pages' Content-Security-Policy. Scripts: our own files, the build's inline island loaders
 * by hash, and Stripe.js. Styles allow inline: React's style props, the select's runtime styles
 * (emotion) and Astro's small inlined stylesheets need it, and style cannot run code. Images
 * are our own (tutor photos) and the favicon, which every page carries as a data: URL (an image
 * cannot run code). No page may be framed, except the embed pages by the sites allowed to embed
 * them (`frameAncestors`, from frameAncestorsFor).
 */
export function contentSecurityPolicy(scriptHashes: string[], frameAncestors: readonly string[] = ["'none'"]): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptHashes, ...STRIPE_SCRIPTS].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${STRIPE_API}`,
    // Our own: the supervisor's Embed screen previews the booking widget's frame.
    `frame-src 'self' ${STRIPE_FRAMES.join(' ')}`,
    ['frame-ancestors', ...frameAncestors].join(' '),
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Whether a path is under /embed/, the pages made to be framed by other sites (the booking
 * widget, decision 020). Decided on the one reading of the path that the router and the file
 * server have too (request-path.ts: decoded, `..` resolved), so that `/embed/%2e%2e/terms` is not
 * the terms page made frameable; a path without one reading is not an embed page.
 */
export function isEmbedPath(urlPath: string): boolean {
  const normal = normalPath(urlPath);
  return normal !== null && (normal === '/embed' || normal.startsWith('/embed/'));
}

/**
 * Who may frame the page at `urlPath`: nobody, except for an embed page, which our own pages (the
 * supervisor's Embed screen shows a preview) and the sites allowed to embed (`embedOrigins`,
 * normalised by src/lib/embed-origins.ts) may frame.
 */
export function frameAncestorsFor(urlPath: string, embedOrigins: readonly string[]): string[] {
  return isEmbedPath(urlPath) ? ["'self'", ...embedOrigins] : ["'none'"];
}

export interface SiteSecurityOptions {
  /** The build's inline scripts (builtPageScriptHashes). */
  scriptHashes: string[];
  hsts: boolean;
  /** The sites allowed to embed, from memory (cache/embed-origins.ts); none when not given. */
  embedOrigins?: () => Promise<string[]>;
}

/**
 * Headers on every answer of the production server: nosniff everywhere (photos and assets
 * included); on HTML, the CSP, the referrer policy and no framing (an embed page: framing by the
 * allowed sites only, and no X-Frame-Options, which cannot name them and would forbid it); HSTS in
 * production.
 */
export function siteSecurityHeaders({ scriptHashes, hsts, embedOrigins = async () => [] }: SiteSecurityOptions): MiddlewareHandler {
  const pageCsp = contentSecurityPolicy(scriptHashes);
  return async (c, next) => {
    await next();
    c.res.headers.set('x-content-type-options', 'nosniff');
    if (hsts) c.res.headers.set('strict-transport-security', HSTS);
    if ((c.res.headers.get('content-type') ?? '').startsWith('text/html')) {
      c.res.headers.set('referrer-policy', 'strict-origin-when-cross-origin');
      if (isEmbedPath(c.req.path)) {
        c.res.headers.set('content-security-policy', contentSecurityPolicy(scriptHashes, frameAncestorsFor(c.req.path, await embedOrigins())));
        c.res.headers.delete('x-frame-options');
      } else {
        c.res.headers.set('content-security-policy', pageCsp);
        c.res.headers.set('x-frame-options', 'DENY');
      }
    }
  };
}

/**
 * nosniff and Cache-Control on every API answer (successes and failures alike). Only the reads
 * answered from memory (routes/courses.ts, prices.ts, tutors.ts, slots.ts, meetings.ts) choose their own Cache-Control;
 * every other answer depends on the sign-in or changes with each booking, so it is never stored
 * by a browser or a proxy.
 */
export function apiSecurityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.res.headers.set('x-content-type-options', 'nosniff');
    // A Set-Cookie (a sign-in cleared or renewed) must never be stored by a shared cache.
    const read = c.req.method === 'GET' || c.req.method === 'HEAD';
    const chosen = read && (c.res.status === 200 || c.res.status === 304) && c.res.headers.has('cache-control') && !c.res.headers.has('set-cookie');
    if (!chosen) c.res.headers.set('cache-control', 'no-store');
  };
}
