import http from 'node:http';

/** One request as the load saw it: when, how long, what and who answered. */
export interface Sample {
  /** Start and end, ms since the epoch (machine time). */
  start: number;
  end: number;
  method: string;
  /** The path with ids and the query taken out (`/api/meetings/:id/cancel`), for the tallies. */
  route: string;
  /** The HTTP status; 0 when no answer came (connection refused or reset, time-out). */
  status: number;
  /** The instance that answered or failed, as the proxy names it (`127.0.0.1:4601`); null when unknown. */
  upstream: string | null;
  /** The envelope's error type, or the network error's code. */
  error?: string;
  /** A failure the proxy answered itself (its own 502, no JSON envelope), or no answer at all. */
  notFromApp: boolean;
  /** The client that sent it (its name). */
  client: string;
}

export interface Answer {
  status: number;
  /** The JSON envelope (or null when the body is not JSON). */
  body: { status?: string; data?: unknown; error?: { type?: string; [key: string]: unknown } } | null;
  headers: http.IncomingHttpHeaders;
}

/** How long a request may take before it counts as unanswered. */
const REQUEST_TIMEOUT_MS = 30_000;

export const routeOf = (path: string) => path.split('?')[0]!.replace(/\/\d+(?=\/|$)/g, '/:id');

/**
 * A browser-like client of the site behind the proxy: keeps its session cookie, and connects from a
 * loopback address of its own (127.0.0.x), which the proxy passes on in X-Forwarded-For, so the
 * servers' per-address limits count each client apart as they would count people.
 */
export class ChaosClient {
  readonly name: string;
  readonly address: string;
  private readonly base: URL;
  private readonly record: (sample: Sample) => void;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  cookies = new Map<string, string>();

  constructor(name: string, base: string, address: string, record: (sample: Sample) => void) {
    this.name = name;
    this.base = new URL(base);
    this.address = address;
    this.record = record;
  }

  get(path: string): Promise<Answer> {
    return this.send('GET', path);
  }

  /** A form POST (urlencoded, which the API takes as the browsers' multipart). */
  post(path: string, fields: Record<string, string | number> = {}): Promise<Answer> {
    return this.send('POST', path, new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString());
  }

  close(): void {
    this.agent.destroy();
  }

  private send(method: string, path: string, form?: string): Promise<Answer> {
    const start = Date.now();
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json', 'x-forwarded-for': this.address };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['content-length'] = Buffer.byteLength(form);
      headers.origin = this.base.origin;
    }
    return new Promise<Answer>((resolve) => {
      const done = (answer: Answer, upstream: string | null, error?: string) => {
        // Caddy's own error answers read `proxy error …` (handle_errors in the generated Caddyfile).
        const notFromApp = answer.status === 0 || (answer.status >= 500 && answer.body === null && (error ?? '').startsWith('proxy error'));
        this.record({ start, end: Date.now(), method, route: routeOf(path), status: answer.status, upstream, client: this.name, notFromApp, ...(error ? { error } : {}) });
        resolve(answer);
      };
      const request = http.request(
        { host: this.base.hostname, port: this.base.port, path, method, headers, agent: this.agent, localAddress: this.address },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', (error) => done({ status: 0, body: null, headers: {} }, null, (error as NodeJS.ErrnoException).code ?? error.message));
          response.on('end', () => {
            for (const line of response.headers['set-cookie'] ?? []) {
              const [pair = ''] = line.split(';');
              const at = pair.indexOf('=');
              const name = pair.slice(0, at).trim();
              const value = pair.slice(at + 1).trim();
              if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
              else this.cookies.set(name, value);
            }
            const text = Buffer.concat(chunks).toString('utf8');
            let body: Answer['body'] = null;
            if (String(response.headers['content-type'] ?? '').includes('json')) {
              try {
                body = JSON.parse(text) as Answer['body'];
              } catch {
                body = null;
              }
            }
            const upstream = response.headers['x-chaos-upstream'];
            const status = response.statusCode ?? 0;
            const type = body?.error?.type;
            done({ status, body, headers: response.headers }, typeof upstream === 'string' && upstream !== '' ? upstream : null, type ?? (status >= 500 ? text.slice(0, 120) : undefined));
          });
        },
      );
      request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(Object.assign(new Error('time-out'), { code: 'TIMEOUT' })));
      request.on('error', (error: NodeJS.ErrnoException) => done({ status: 0, body: null, headers: {} }, null, error.code ?? error.message));
      if (form !== undefined) request.write(form);
      request.end();
    });
  }
}
