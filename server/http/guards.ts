import type { MiddlewareHandler } from 'hono';
import { isLoopbackHost } from '../config.ts';
import { Refusal } from '../domain/refusal.ts';
import { failed } from './envelope.ts';

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

/**
 * Demo mode's /dev pages (the outbox shows every login link) answer only under the site's own host
 * names. A foreign page that rebinds its DNS name to this machine would otherwise read them: it
 * needs no cookie, and a GET passes the origin check.
 */
export function siteHostGuard(siteUrl: string): MiddlewareHandler {
  const siteHost = new URL(siteUrl).host;
  return async (c, next) => {
    const { host, hostname } = new URL(c.req.url);
    if (host !== siteHost && !isLoopbackHost(hostname)) return failed(c, new Refusal('BadOrigin'));
    return next();
  };
}

/**
 * A path as one printable log line: control characters (a decoded %0A would start a forged line,
 * an escape sequence would rewrite the terminal) are written as \xNN or \uNNNN, and a long path is
 * cut.
 */
export function printablePath(path: string, max = 2000): string {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  const escaped = path.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/g, (ch) => {
    if (ch === '\\') return '\\\\';
    const code = ch.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
  return escaped.length > max ? `${escaped.slice(0, max)}…(${escaped.length} chars)` : escaped;
}

/** Paths whose last segment is a secret, whatever it holds (a mistyped or revoked one too). */
const SECRET_LAST_SEGMENT_UNDER = ['/api/calendar-feed'];

/**
 * The shape of our secrets (tokens.ts: 22 or more URL-safe base64 characters, 43 by default), so
 * that a secret in the path of a route added later is not logged either. Ids and words are shorter.
 */
const SECRET_SHAPED = /^[A-Za-z0-9_-]{22,}$/;

/**
 * A path with every segment that is a secret written `[redacted]` (its extension kept): the
 * calendar feed's address is its own key, and a log is read by more people, and kept longer,
 * than the feed's owner would allow.
 */
export function redactedPath(path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      const [, name = '', extension = ''] = /^(.*?)((?:\.[A-Za-z0-9]{1,5})?)$/.exec(segment) ?? [];
      const last = i > 0 && i === segments.length - 1;
      const secret = SECRET_SHAPED.test(name) || (last && segment !== '' && SECRET_LAST_SEGMENT_UNDER.includes(segments.slice(0, i).join('/')));
      return secret ? `[redacted]${extension}` : segment;
    })
    .join('/');
}

/** A request's path as it may be written to the log: secrets redacted, one printable line. */
export const loggedPath = (path: string) => printablePath(redactedPath(path));

/** One short line per request. Only the path is logged (query strings carry emails and tokens), its secrets redacted. */
export function requestLog(write: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    write(`${c.req.method} ${loggedPath(c.req.path)} ${c.res.status} ${ms}ms`);
  };
}

/**
 * The API's addresses are short (a login link's is the longest, well under 1 KB); a longer one is
 * refused with the envelope (414) before anything reads it.
 */
export function urlLengthLimit(maxChars: number): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.url.length > maxChars) return failed(c, new Refusal('BadInput', { fields: { _: `Address longer than ${maxChars} characters` } }), 414);
    return next();
  };
}
