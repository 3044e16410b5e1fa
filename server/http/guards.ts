import type { MiddlewareHandler } from 'hono';
import { isLoopbackHost } from '../config.ts';
import { Refusal } from '../domain/refusal.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The origins our pages are served from: the configured site URL's, and when that is on this
 * machine, its other loopback spellings (localhost, 127.0.0.1, [::1] on the same port), which no
 * other site can take. The request's own Host is never trusted: with DNS rebinding, a foreign page
 * reaches us under its own name, so its Origin would match it.
 */
export function siteOrigins(siteUrl: string): string[] {
  const site = new URL(siteUrl);
  if (!isLoopbackHost(site.hostname)) return [site.origin];
  const port = site.port ? `:${site.port}` : '';
  return [...new Set([site.origin, ...['localhost', '127.0.0.1', '[::1]'].map((host) => `${site.protocol}//${host}${port}`)])];
}

/**
 * State-changing calls must come from our own pages (a CSRF guard on top of SameSite cookies).
 * Browsers send Sec-Fetch-Site and Origin on every POST; a request with neither comes from a
 * non-browser client, which cannot carry a victim's cookie, so it passes.
 */
export function sameOriginGuard(allowedOrigins: string[], exemptPaths: string[] = []): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exemptPaths.includes(c.req.path)) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const foreignSite = site !== undefined && site !== 'same-origin' && site !== 'none';
    const foreignOrigin = origin !== undefined && !allowedOrigins.includes(origin);
    if (foreignSite || foreignOrigin) throw new Refusal('BadOrigin');
    return next();
  };
}

/** One short line per request. Only the path is logged: query strings carry emails and tokens. */
export function requestLog(write: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    write(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`);
  };
}
