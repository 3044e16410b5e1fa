import type { Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { serve } from '@hono/node-server';
import type { Failure } from '../../src/contract/envelope.ts';

/**
 * Node reads at most this much request line and headers. Above Node's 16 KB default so that an
 * over-long address still reaches the app and gets its envelope (the API refuses addresses over
 * 8 KB); beyond it, the answer is written below, still as an envelope.
 */
export const MAX_HEADER_BYTES = 32 * 1024;

/** Statuses for requests Node cannot parse, as Node itself would choose them. */
function clientErrorStatus(code: string | undefined): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'Request Header Fields Too Large'];
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return [413, 'Payload Too Large'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'Request Timeout'];
  return [400, 'Bad Request'];
}

/**
 * A request Node could not parse (headers over MAX_HEADER_BYTES, a malformed request line) is
 * answered with the JSON envelope like every other answer, instead of Node's bare status line.
 */
function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason] = clientErrorStatus(error.code);
    const body: Failure = { status: 'failure', error: { type: 'BadInput', fields: { _: reason } } };
    const json = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(json)}\r\n` +
        `x-content-type-options: nosniff\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${json}`,
    );
  });
}

export interface HttpServer {
  server: Server;
  /** Requests whose answer has not finished yet. */
  inFlight(): number;
  /**
   * Stops accepting connections, lets the requests in flight finish (at most `timeoutMs`), then
   * closes every connection left. Resolves with whether every request finished in time.
   */
  close(timeoutMs: number): Promise<{ drained: boolean }>;
}

export interface HttpServerOptions {
  fetch: (request: Request) => Response | Promise<Response>;
  port: number;
  hostname?: string;
  onListening?: (port: number) => void;
}

/** How long an idle keep-alive connection stays open: longer than the clients' and proxies' own idle time. */
export const KEEP_ALIVE_MS = 130_000;

/** The production server's HTTP listener (server/main.ts), with the limits and the drain above. */
export function startHttpServer({ fetch, port, hostname, onListening }: HttpServerOptions): HttpServer {
  const server = serve({ fetch, port, hostname, serverOptions: { maxHeaderSize: MAX_HEADER_BYTES } }, (info) => onListening?.(info.port)) as Server;
  answerClientErrors(server);
  // An idle keep-alive connection is closed by its client first, never by us: at Node's 5 s a
  // client (a reverse proxy keeps idle upstream connections 2 minutes, Caddy's default) could send
  // its next request on a socket this server was closing, and get a reset (502 behind a proxy).
  server.keepAliveTimeout = KEEP_ALIVE_MS;

  const open = new Set<ServerResponse>();
  const idle: (() => void)[] = [];
  server.on('request', (_request, response: ServerResponse) => {
    open.add(response);
    // 'close' follows both a finished answer and a connection that died before it.
    response.on('close', () => {
      open.delete(response);
      if (open.size === 0) idle.splice(0).forEach((wake) => wake());
    });
  });

  async function close(timeoutMs: number) {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Keep-alive connections with no request would otherwise hold close() open until they time out.
    server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([
      open.size === 0 ? Promise.resolve(true) : new Promise<boolean>((resolve) => idle.push(() => resolve(true))),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]);
    clearTimeout(timer);
    server.closeAllConnections();
    await closed;
    return { drained };
  }

  return { server, inFlight: () => open.size, close };
}
