import { EMBED_ORIGIN_TYPED_MAX, EMBED_ORIGINS_MAX } from '../contract/limits.ts';

/**
 * The sites allowed to embed the booking widget, as the server stores them and writes them into
 * the embed page's `frame-ancestors`: `scheme://host[:port]`, http or https, lower-case host, no
 * default port. Pure, so that the supervisor's screen can check a list before sending it.
 */

/**
 * A host that is safe to write into a CSP source list: DNS labels in ASCII (the URL parser has
 * turned an internationalised name into punycode), or an IPv6 address in brackets (an IPv4 one is
 * DNS-label-shaped). The URL parser lets through characters such as `;` and `,`, which would end
 * the directive or the header, so the host is checked again here.
 */
const SAFE_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])$/;

/**
 * One entry as typed, normalised with the URL parser: 'HTTPS://Example.com:443/' becomes
 * 'https://example.com'. Undefined when it is not a plain origin: another scheme, a path other than
 * '/', a query or fragment (even empty), user info, a wildcard, whitespace or control characters
 * inside, or no scheme at all ('example.com' is refused rather than guessed).
 */
export function normaliseOrigin(typed: string): string | undefined {
  const text = typed.trim();
  if (text.length === 0 || text.length > EMBED_ORIGIN_TYPED_MAX) return undefined;
  // The parser would silently drop inner tabs and newlines and read '\' as '/': refused instead.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\s\u0000-\u001f\u007f*?#@\\]/.test(text)) return undefined;
  if (!/^https?:\/\/[^/]/i.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
  if (!SAFE_HOST.test(url.hostname)) return undefined;
  return url.origin;
}

export type OriginListCheck =
  | { ok: true; origins: string[] }
  /** `origin` is the entry as typed; `max` is set when the entry was valid but one too many. */
  | { ok: false; origin: string; max?: number };

/**
 * A whole list as typed: blank entries dropped, each normalised, duplicates merged, sorted (by
 * code unit, the same on every database). The first invalid entry refuses the list; so does the
 * first distinct origin past EMBED_ORIGINS_MAX.
 */
export function checkOriginList(typed: readonly string[]): OriginListCheck {
  const origins = new Set<string>();
  for (const entry of typed) {
    if (entry.trim() === '') continue;
    const origin = normaliseOrigin(entry);
    if (origin === undefined) return { ok: false, origin: entry.trim() };
    origins.add(origin);
    if (origins.size > EMBED_ORIGINS_MAX) return { ok: false, origin: entry.trim(), max: EMBED_ORIGINS_MAX };
  }
  return { ok: true, origins: [...origins].sort() };
}
