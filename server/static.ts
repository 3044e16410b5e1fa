import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { normalPath } from './http/request-path.ts';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
};

/**
 * The booking widget's loader, which partners' pages link by this fixed name (decision 020): cached
 * briefly, so that a deploy reaches their visitors within minutes.
 */
export const EMBED_SCRIPT_PATH = '/embed.js';

/** Hashed build assets never change; HTML must be revalidated so a deploy shows at once. */
export function cacheControl(urlPath: string): string {
  if (urlPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (urlPath === EMBED_SCRIPT_PATH) return 'public, max-age=300';
  if (urlPath.endsWith('.html') || !path.extname(urlPath)) return 'no-cache';
  return 'public, max-age=3600';
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Maps a URL path to a file inside `root`, refusing anything that would step outside it. The path
 * is read as the router reads it (request-path.ts), never decoded a second time.
 */
export async function resolveFile(root: string, urlPath: string): Promise<string | undefined> {
  const normal = normalPath(urlPath);
  if (normal === null) return undefined;
  const file = path.join(root, normal);
  if (file !== root && !file.startsWith(root + path.sep)) return undefined;
  for (const candidate of [file, path.join(file, 'index.html'), `${file}.html`]) {
    if (await isFile(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Answers with a file, choosing its brotli or gzip twin (made at build by scripts/precompress.ts)
 * when the client accepts it.
 */
export async function sendFile(c: Context, file: string, options: { status?: 200 | 404; cache: string }) {
  const type = contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const accepted = c.req.header('accept-encoding') ?? '';
  // nosniff here as well as in the site's headers: `npm run dev` serves photos through this alone.
  const headers: Record<string, string> = { 'content-type': type, 'cache-control': options.cache, vary: 'accept-encoding', 'x-content-type-options': 'nosniff' };
  let body: Buffer | undefined;
  for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
    if (accepted.includes(encoding) && (await isFile(file + suffix))) {
      body = await readFile(file + suffix);
      headers['content-encoding'] = encoding;
      break;
    }
  }
  body ??= await readFile(file);
  if (c.req.method === 'HEAD') return c.body(null, options.status ?? 200, headers);
  return c.body(new Uint8Array(body), options.status ?? 200, headers);
}

