import { readFile } from 'node:fs/promises';
import type { Context, Hono } from 'hono';
import { encode, preferredEncoding } from './http/compression.ts';

/**
 * The dashboards' app shell (src/pages/app-shell.astro) with the answers of its first screen's
 * reads inside it. The page needs them before it can show anything; fetched by the page, they
 * would be three more requests at the start of its load, each waiting for a connection beside
 * the code's (decision 011). The server asks its own API for them, as the browser would (the same
 * cookie and client address, so the same session checks and limits), and writes them in a data
 * block the shell's first script hands to the API client (src/api/http.ts, "early reads").
 *
 * A read that fails here is left out, and the page fetches it itself. `npm run dev` serves the
 * shell without answers, and the page fetches them all.
 */

/** Where the shell holds the answers: an empty data block the build leaves for the server. */
export const FIRST_READS_BLOCK = '<script type="application/json" id="first-reads">{}</script>';

/** The reads a dashboard address shows first (the sidebar's and the screen's). */
export function firstReadsOf(urlPath: string): string[] {
  const path = urlPath.replace(/\/$/, '');
  const reads: string[] = [];
  if (/^\/student\/dashboard(\/.*)?$/.test(path)) {
    reads.push('/api/customers/myself', '/api/customers/myself/gradebooks');
    if (/^\/student\/dashboard(\/upcoming|\/history)?$/.test(path)) reads.push('/api/customers/myself/payments');
  }
  const tutor = /^\/tutors\/([^/]+)\/dashboard(\/.*)?$/.exec(path);
  if (tutor) {
    // As the page's API client writes the address (the segment as it is in the page's address).
    const id = tutor[1]!;
    reads.push('/api/checkauth', `/api/tutors/${id}`);
    if (/^(\/schedule|\/availability|\/history)?$/.test(tutor[2] ?? '')) reads.push(`/api/tutors/${id}/meetings`);
  }
  return reads;
}

/** What the page's script reads: each address's HTTP status and JSON answer. */
type Answers = Record<string, [status: number, body: unknown]>;

/**
 * JSON inside a `<script>` element: `<` escaped, so no answer's text (a tutor's bio, say) can
 * close the element or open a comment; U+2028 and U+2029 are escaped for old parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Request headers passed on to the API's reads: who is asking and from where, nothing else. */
const FORWARDED_HEADERS = ['cookie', 'x-forwarded-for', 'user-agent'];

export function dashboardShell({ shellFile, api }: { shellFile: string; api: Hono }) {
  let built: string | undefined;

  async function answersFor(c: Context, reads: string[]): Promise<{ answers: Answers; cookies: string[] }> {
    const headers = new Headers({ accept: 'application/json' });
    for (const name of FORWARDED_HEADERS) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    const answers: Answers = {};
    const cookies = new Set<string>();
    await Promise.all(
      reads.map(async (read) => {
        try {
          // c.env carries the connection, so the API sees the same client address.
          const response = await api.request(read, { headers }, c.env);
          for (const cookie of response.headers.getSetCookie()) cookies.add(cookie);
          if (!(response.headers.get('content-type') ?? '').includes('application/json')) return;
          answers[read] = [response.status, await response.json()];
        } catch {
          // Left out: the page asks for it itself.
        }
      }),
    );
    return { answers, cookies: [...cookies] };
  }

  return async function serve(c: Context) {
    built ??= await readFile(shellFile, 'utf8');
    c.header('content-type', 'text/html; charset=utf-8');
    // The page carries the signed-in person's data: never kept by a shared cache, nor reused.
    c.header('cache-control', 'private, no-store');
    c.header('vary', 'accept-encoding, cookie');
    if (c.req.method === 'HEAD') return c.body(null, 200);
    const { answers, cookies } = await answersFor(c, firstReadsOf(c.req.path));
    for (const cookie of cookies) c.header('set-cookie', cookie, { append: true });
    const page = Buffer.from(built.replace(FIRST_READS_BLOCK, () => FIRST_READS_BLOCK.replace('{}', jsonForScript(answers))));
    const encoding = preferredEncoding(c.req.header('accept-encoding'));
    if (!encoding) return c.body(new Uint8Array(page), 200);
    c.header('content-encoding', encoding);
    return c.body(new Uint8Array(encode(encoding, page)), 200);
  };
}
