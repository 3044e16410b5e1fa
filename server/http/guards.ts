import type { MiddlewareHandler } from 'hono';
import { Refusal } from '../domain/refusal.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
    const ownOrigin = new URL(c.req.url).origin;
    const foreignSite = site !== undefined && site !== 'same-origin' && site !== 'none';
    const foreignOrigin = origin !== undefined && origin !== ownOrigin && !allowedOrigins.includes(origin);
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
