import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export type Encoding = 'br' | 'gzip';

/** Answers up to this size are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_ABOVE_BYTES = 1024;

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, among those the client
 * accepts (a `q=0` refuses one); none when it accepts neither.
 */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name!.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*') ?? 0;
  for (const encoding of ['br', 'gzip'] as const) if ((accepted.get(encoding) ?? wildcard) > 0) return encoding;
  return undefined;
}

/**
 * Compresses one answer. Brotli at quality 5 and gzip at level 6: within a few percent of their
 * best ratio on JSON, at a small fraction of the time (answers are compressed as they are made).
 */
export function encode(encoding: Encoding, bytes: Uint8Array): Uint8Array {
  if (encoding === 'gzip') return gzipSync(bytes, { level: 6 });
  return brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
}

/** JSON answers over 1 KB go out compressed (brotli or gzip) when the client accepts it. */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.headers.has('content-encoding') || !(res.headers.get('content-type') ?? '').startsWith('application/json') || !res.body) return;
    const encoding = preferredEncoding(c.req.header('accept-encoding'));
    if (!encoding) return;
    const bytes = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    if (!/\baccept-encoding\b/i.test(headers.get('vary') ?? '')) headers.append('vary', 'accept-encoding');
    let body: Uint8Array = bytes;
    if (bytes.length > COMPRESS_ABOVE_BYTES) {
      body = encode(encoding, bytes);
      headers.set('content-encoding', encoding);
    }
    headers.delete('content-length');
    c.res = undefined;
    c.res = new Response(body as Uint8Array<ArrayBuffer>, { status: res.status, headers });
  };
}
