import type { Context, MiddlewareHandler } from 'hono';

/**
 * One reading of a request's path, for the router and for every guard that reads a path (the embed
 * pages' framing, the dashboards' rewrite, the file server, the /dev host check, the origin check's
 * exemption). The router reads Hono's decoding of the path, which keeps some escapes as they are
 * (`%2F`, `%25`, `%3F`, …); a guard that decoded them itself read another path than the one routed:
 * `/student/dashboard/..%2f..%2fembed/booking` was routed as a dashboard and framed as the embed
 * page.
 *
 * So a path is read once, here: escapes decoded, dot segments resolved. A path that cannot be read
 * one way only is refused before the router: an escaped character that means something in an
 * address (a separator `/` or `\`, `%` itself, which a second decoding would read again, and
 * `? # ; : @ & = + $ ,`, which the router keeps escaped), a control character, an escape that is
 * not one or not UTF-8, and an empty segment (`//`, which the file server would collapse). None of
 * our addresses has any of them. Every path the router sees then decodes to itself.
 */

/** Characters whose escape keeps a meaning apart from the character (RFC 3986 reserved, with `%` and `\`). */
const MEANINGFUL = new Set('/\\%?#;:@&=+$,');

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The path `raw` names (as it appears in a request's address: escaped), decoded with its dot
 * segments resolved, or null when it cannot be read one way only (see above). Reading a result
 * again gives it back.
 */
export function normalPath(raw: string): string | null {
  if (!raw.startsWith('/') || raw.includes('\\') || CONTROL.test(raw)) return null;
  for (const [escape, hex] of raw.matchAll(/%(.{0,2})/gs)) {
    if (!/^[0-9A-Fa-f]{2}$/.test(hex ?? '')) return null;
    if (MEANINGFUL.has(String.fromCharCode(parseInt(escape.slice(1), 16)))) return null;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (CONTROL.test(decoded)) return null;
  const segments = decoded.split('/').slice(1);
  const kept: string[] = [];
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '..') kept.pop();
    if (segment === '.' || segment === '..') {
      if (last) kept.push('');
    } else kept.push(segment);
  });
  if (kept.slice(0, -1).includes('')) return null;
  return `/${kept.join('/')}`;
}

/**
 * Refuses, before the router and the guards, a request whose path cannot be read one way only, or
 * whose path as routed is not that one reading (`refuse` answers it: a 404 of the app's kind).
 */
export function requestPathGuard(refuse: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  return async (c, next) => {
    const normal = normalPath(new URL(c.req.url).pathname);
    // An app that is not strict about a trailing slash routes the path without it.
    if (normal === null || (normal !== c.req.path && normal !== `${c.req.path}/`)) return refuse(c);
    return next();
  };
}
