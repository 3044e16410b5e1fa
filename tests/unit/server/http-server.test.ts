// @vitest-environment node
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpServer, startHttpServer } from '../../../server/http/http-server.ts';

/** A server whose /slow answers when the test says so. */
function slowServer() {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let started: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (started = resolve));
  const http = startHttpServer({
    port: 0,
    hostname: '127.0.0.1',
    fetch: async (request) => {
      if (new URL(request.url).pathname === '/slow') {
        started();
        await released;
      }
      return new Response('done');
    },
  });
  return { http, release, arrived };
}

async function listening(http: HttpServer): Promise<string> {
  if (!http.server.listening) await new Promise((resolve) => http.server.once('listening', resolve));
  return `http://127.0.0.1:${(http.server.address() as AddressInfo).port}`;
}

/** A raw request, so that the test sees exactly what the server writes. */
function rawRequest(base: string, target: string): Promise<string> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n`));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

const servers: HttpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => (s.server.listening ? s.close(0) : undefined)));
});

describe('graceful shutdown', () => {
  it('stops accepting, finishes the request in flight, then resolves', async () => {
    const { http, release, arrived } = slowServer();
    servers.push(http);
    const base = await listening(http);
    const inFlight = fetch(`${base}/slow`).then(async (r) => ({ status: r.status, text: await r.text() }));
    await arrived;
    expect(http.inFlight()).toBe(1);

    let closed = false;
    const closing = http.close(5_000).then((result) => {
      closed = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    await expect(fetch(`${base}/fast`)).rejects.toThrow();

    release();
    expect(await inFlight).toEqual({ status: 200, text: 'done' });
    expect(await closing).toEqual({ drained: true });
    expect(http.inFlight()).toBe(0);
  });

  it('cuts off a request that outlasts the grace period', async () => {
    const { http, arrived } = slowServer();
    servers.push(http);
    const base = await listening(http);
    const stuck = fetch(`${base}/slow`).then(
      () => 'answered',
      () => 'cut off',
    );
    await arrived;
    const started = performance.now();
    expect(await http.close(200)).toEqual({ drained: false });
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(await stuck).toBe('cut off');
  });

  it('closes at once when nothing is in flight, even with an idle keep-alive connection', async () => {
    const { http } = slowServer();
    servers.push(http);
    const base = await listening(http);
    expect(await (await fetch(`${base}/fast`)).text()).toBe('done');
    const started = performance.now();
    expect(await http.close(5_000)).toEqual({ drained: true });
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('keep-alive', () => {
  it('keeps an idle connection open longer than a proxy keeps its idle upstream ones (2 minutes), so the client closes it first', async () => {
    const { http } = slowServer();
    servers.push(http);
    await listening(http);
    expect(http.server.keepAliveTimeout).toBeGreaterThan(120_000);
  });
});

describe('requests Node cannot read', () => {
  it('answers headers over the limit with the JSON envelope, not a bare 431', async () => {
    const { http } = slowServer();
    servers.push(http);
    const base = await listening(http);
    const answer = await rawRequest(base, `/fast?q=${'x'.repeat(40 * 1024)}`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/content-type: application\/json/i);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ status: 'failure', error: { type: 'BadInput', fields: { _: 'Request Header Fields Too Large' } } });
  });

  it('answers a malformed request line with the envelope', async () => {
    const { http } = slowServer();
    servers.push(http);
    const base = await listening(http);
    const answer = await rawRequest(base, '/a b c');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).error.type).toBe('BadInput');
  });

  it('reads a 20 KB address (above Node 16 KB default) so the app can answer it', async () => {
    const { http } = slowServer();
    servers.push(http);
    const base = await listening(http);
    const answer = await rawRequest(base, `/fast?q=${'x'.repeat(20 * 1024)}`);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});
